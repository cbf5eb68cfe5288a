// A rename captured through a barrel: `total → count` where index.ts has `export * from './x'` and
// its own `count`. A module's own export shadows a star re-export, so use.ts's import now names
// index.ts's count; tsserver's references of the renamed count still list use.ts, and the rename
// was "Verified" (the third trial, 2026-12-06). goToDefinition at each renamed reference, the edit
// in view, is the check; node runs the code to show the meaning changed.
import { execFileSync } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createRequire } from 'node:module'
import { describe, expect, it, onTestFinished } from 'vitest'
import { tempWorkspace, toolOn, typeCheck } from './workspace.test-support.js'

const tsconfig = JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', noEmit: true }, include: ['src'] })
const files = {
  'tsconfig.json': tsconfig,
  'src/x.ts': 'export const total = 1\n',
  'src/index.ts': "export * from './x'\nexport const count = 5\n",
  'src/use.ts': "import { total } from './index'\nexport const shown: number = total\n",
}
const withoutDiff = (answer: string): string => answer.split('\n--- a/')[0] ?? ''

/** What use.ts's `shown` is, compiled to CommonJS and run by node. */
async function shown(root: string): Promise<string> {
  const out = await mkdtemp(path.join(os.tmpdir(), 'agent-lsp-barrel-'))
  onTestFinished(() => rm(out, { recursive: true, force: true }))
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
  const sources = ['x', 'index', 'use'].map((name) => path.join(root, 'src', `${name}.ts`))
  execFileSync(process.execPath, [tsc, '--outDir', out, '--module', 'commonjs', '--target', 'es2020', ...sources])
  return execFileSync(process.execPath, ['-p', `require(${JSON.stringify(path.join(out, 'use.js'))}).shown`], { encoding: 'utf8' }).trim()
}

describe('a rename captured through a barrel, on typescript-language-server', () => {
  it('warns at the renamed references that would lead to the barrel\'s own count, refuses, and force says Not verified', async () => {
    const root = await tempWorkspace(files)
    expect(await shown(root)).toBe('1')
    const { tool } = toolOn(root)
    const rename = { operation: 'rename', filePath: 'src/x.ts', line: 1, character: 14, newName: 'count' } as const
    expect(withoutDiff(await tool.execute(rename)).split('\n')).toEqual([
      'Warning: if applied, 2 of the 3 references of total would not be references of count:',
      "  src/use.ts:1:10  import { count } from './index'",
      '  src/use.ts:2:30  export const shown: number = count',
      'Preview: rename total → count: 3 edits in 2 files; nothing written. The same call with apply: true writes it.',
      // index.ts, which re-exports all of x.ts, is checked too.
      'Errors 0 → 0 if applied (in the 3 checked files).',
    ])
    await expect(tool.execute({ ...rename, apply: true })).rejects.toMatchObject({
      code: 'LSP_EDIT_NAME_CONFLICT',
      message: 'rename total → count was not applied: 2 of the 3 references of total would not be references of count (src/use.ts:1:10, src/use.ts:2:30); nothing was written. Choose another name, or apply with force: true to write it anyway',
    })
    const forced = withoutDiff(await tool.execute({ ...rename, apply: true, force: true })).split('\n')
    expect(forced).toContain('Not verified: 2 of the 3 references of total are not references of count now: src/use.ts:1:10, src/use.ts:2:30.')
    expect(forced.some((line) => line.startsWith('Verified: findReferences'))).toBe(false)
    expect(await shown(root)).toBe('5')
  }, 120_000)

  it('a free name through the same barrel: no warning, applied and Verified', async () => {
    const root = await tempWorkspace(files)
    const { tool } = toolOn(root)
    const rename = { operation: 'rename', filePath: 'src/x.ts', line: 1, character: 14, newName: 'amount' } as const
    expect(withoutDiff(await tool.execute(rename)).split('\n')[0]).toBe(
      'Preview: rename total → amount: 3 edits in 2 files; nothing written. The same call with apply: true writes it.',
    )
    const applied = withoutDiff(await tool.execute({ ...rename, apply: true })).split('\n')
    expect(applied).toContain('Verified: findReferences of amount finds all 3 references of total, renamed.')
    expect(await readFile(path.join(root, 'src/use.ts'), 'utf8')).toBe("import { amount } from './index'\nexport const shown: number = amount\n")
    expect(await shown(root)).toBe('1')
  }, 120_000)

  it('a rename into a name another star-exported module has: the barrel\'s clash (TS2308) is counted and the apply refused', async () => {
    // The barrel never names total, so it was not among the checked files: "Errors 0 → 0" (the fourth trial).
    const root = await tempWorkspace({
      'tsconfig.json': tsconfig,
      'src/x.ts': 'export const count = 1\nexport const other = 2\n',
      'src/y.ts': 'export const total = 100\n',
      'src/index.ts': "export * from './x'\nexport * from './y'\n",
      'src/use.ts': "import { total } from './y'\nexport const shown: number = total\n",
    })
    const { tool } = toolOn(root)
    const rename = { operation: 'rename', filePath: 'src/y.ts', line: 1, character: 14, newName: 'other' } as const
    expect(withoutDiff(await tool.execute(rename)).split('\n').slice(0, 2)).toEqual([
      'Warning: errors 0 → 1 if applied (in the 3 checked files), 1 new error:',
      "  src/index.ts:2:1  error  2308  Module './x' has already exported a member named 'other'. Consider explicitly re-exporting to resolve the ambiguity.",
    ])
    await expect(tool.execute({ ...rename, apply: true })).rejects.toMatchObject({ code: 'LSP_EDIT_ADDS_ERRORS' })
    expect(typeCheck(root)).toBe('')
  }, 120_000)
})
