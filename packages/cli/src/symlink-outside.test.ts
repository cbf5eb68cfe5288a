// A folder outside the workspace that a symlink inside it leads to (`src/ext -> <elsewhere>/ext`):
// an edit there reaches the server as one inside does. The seventh trial: tsc reported the error,
// while diagnostics said "No diagnostics" and hover showed the old type for as long as it was tried.
import { execFileSync } from 'node:child_process'
import { mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { seamOn } from './seam.test-support.js'

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')

describe('a symlink inside the workspace to a folder outside it', () => {
  it('carries an edit there to typescript-language-server at the next question', { timeout: 120_000 }, async () => {
    const outside = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agent-lsp-outside-')))
    onTestFinished(() => rm(outside, { recursive: true, force: true }))
    await writeFile(path.join(outside, 'o.ts'), 'export function ov(): number { return 1 }\n')
    const seam = await seamOn({
      'tsconfig.json': '{"compilerOptions":{"strict":true,"noEmit":true},"include":["src"]}',
      'src/main.ts': "import { ov } from './ext/o'\nexport const n: number = ov()\n",
    })
    await symlink(outside, path.join(seam.root, 'src/ext'))
    const diagnostics = async () => seam.show(await seam.ask({ operation: 'diagnostics', filePath: 'src/main.ts' }))
    expect(await diagnostics()).toEqual([])
    await writeFile(path.join(outside, 'o.ts'), 'export function ov(): string { return "s" }\n')
    let truth = ''
    try {
      execFileSync(process.execPath, [tsc, '--noEmit', '--pretty', 'false', '-p', '.'], { cwd: seam.root, encoding: 'utf8' })
    } catch (error) {
      truth = (error as { stdout: string }).stdout
    }
    expect(truth).toBe("src/main.ts(2,14): error TS2322: Type 'string' is not assignable to type 'number'.\n")
    expect(await diagnostics()).toEqual(["2:14 Error 2322 Type 'string' is not assignable to type 'number'."])
  })
})
