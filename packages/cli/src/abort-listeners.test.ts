// Queries fanned out over many files or matches on one signal: every file of a 110-file rename
// (its error counts before and after, its verification), every match of a name. Each query hung
// two or three abort listeners on the one signal, and Node printed MaxListenersExceededWarning
// (11 on one AbortSignal) to stderr; now each query has a signal of its own. Real servers,
// through the command in this process, with every process warning collected.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { main } from './main.js'
import { tempWorkspace } from './workspace.test-support.js'

/** `agent-lsp ...argv` in `cwd`, and the process warnings emitted meanwhile. */
async function run(argv: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string; warnings: string[] }> {
  const warnings: string[] = []
  const onWarning = (warning: Error): void => void warnings.push(`${warning.name}: ${warning.message}`)
  process.on('warning', onWarning)
  onTestFinished(() => void process.off('warning', onWarning))
  let stdout = ''
  let stderr = ''
  const code = await main(argv, { cwd, stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) })
  // Warnings are emitted on a later tick than the listener that caused them.
  await new Promise((resolve) => setImmediate(resolve))
  return { code, stdout, stderr, warnings }
}

const tsconfig = '{ "include": ["src"] }'

describe('no listener per file on one signal', () => {
  it('a rename applied in 110 files', async () => {
    const files: Record<string, string> = { 'tsconfig.json': tsconfig, 'src/a.ts': 'export const limit = 1\n' }
    for (let i = 1; i <= 109; i++) files[`src/f${i}.ts`] = `import { limit } from './a'; export const v${i} = limit\n`
    const root = await tempWorkspace(files)
    const preview = await run(['rename', 'src/a.ts:1:14', 'cap'], root)
    expect(preview.stdout.split('\n')[1]).toBe('Errors 0 → 0 if applied (in the 110 checked files).')
    const { code, stdout, stderr, warnings } = await run(['rename', 'src/a.ts:1:14', 'cap', '--apply'], root)
    expect({ code, stderr, warnings }).toEqual({ code: 0, stderr: '', warnings: [] })
    expect(stdout.split('\n').filter((line) => /^(Applied|Verified|Warning)/.test(line))).toEqual([
      'Applied: rename limit → cap: 219 edits in 110 files written.',
      'Verified: findReferences of cap finds all 219 references of limit, renamed.',
      'Verified: errors 0 → 0 in the 110 checked files.',
    ])
    expect(await readFile(path.join(root, 'src/f109.ts'), 'utf8')).toBe("import { cap } from './a'; export const v109 = cap\n")
  })

  it('a name declared in 10 files', async () => {
    const files: Record<string, string> = { 'tsconfig.json': tsconfig }
    for (let i = 0; i < 10; i++) files[`src/m${i}.ts`] = `export const limit = ${i}\n`
    const root = await tempWorkspace(files)
    expect(await run(['findReferences', '--symbol', 'limit'], root)).toEqual({
      code: 0,
      stdout: [
        '10 symbols match "limit"; pick one with --file and --line:',
        ...Array.from({ length: 10 }, (_, i) => `${i + 1}. Constant limit  src/m${i}.ts:1:14`),
        '',
      ].join('\n'),
      stderr: '',
      warnings: [],
    })
  })
})
