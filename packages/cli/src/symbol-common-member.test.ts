// `--symbol ByteQueue.take` where a dozen files declare a `take` (tsserver sends no containerName):
// found in a trial on effect's sources, it listed 31 unrelated candidates, and with `--line` it
// answered `Array.take` silently. The files declaring `ByteQueue` are checked first.
import { describe, expect, it } from 'vitest'
import { main } from './main.js'
import { tempWorkspace } from './workspace.test-support.js'

async function run(argv: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const code = await main(argv, { cwd, stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) })
  return { code, stdout, stderr }
}

const others = Object.fromEntries(
  Array.from({ length: 12 }, (_, k) => [`src/m${String(k).padStart(2, '0')}.ts`, `export class Q${k} {\n  take(n: number): number {\n    return n + ${k}\n  }\n}\n`]),
)
const files = {
  'tsconfig.json': '{ "include": ["src"] }',
  ...others,
  'src/queue.ts': 'export class ByteQueue {\n  size = 0\n  take(n: number): number {\n    return this.size - n\n  }\n}\n',
  'src/use.ts': 'import { ByteQueue } from "./queue"\nexport const left = new ByteQueue().take(2)\n',
}

describe('a name path whose member name many files declare', () => {
  it('resolves through the files that declare the enclosing name, also with a line hint', async () => {
    const root = await tempWorkspace(files)
    const definition = { code: 0, stdout: 'ByteQueue.take → src/queue.ts:3:3\ntake → src/queue.ts:3:3  take(n: number): number {\n', stderr: '' }
    expect(await run(['goToDefinition', '--symbol', 'ByteQueue.take', '--no-cross-check'], root)).toEqual(definition)
    expect(await run(['goToDefinition', '--symbol', 'ByteQueue.take', '--line', '2', '--no-cross-check'], root)).toEqual(definition)
    expect(await run(['findReferences', '--symbol', 'ByteQueue.take', '--no-cross-check'], root)).toEqual({
      code: 0,
      stdout: 'ByteQueue.take → src/queue.ts:3:3\n2 references to take in 2 files\nsrc/queue.ts:3:3  take(n: number): number {\nsrc/use.ts:2:37  export const left = new ByteQueue().take(2)\n',
      stderr: '',
    })
  })

  // Seen in the same trial: `--symbol toMillis --line 300` answered a toMillis of another file, whose
  // name was nearest line 300 there; without a file, a line picks only a symbol whose range holds it.
  it('without a file, a line hint picks only a symbol whose range holds that line', async () => {
    const root = await tempWorkspace(files)
    expect(await run(['goToDefinition', '--symbol', 'take', '--line', '5', '--no-cross-check'], root)).toEqual({
      code: 0,
      stdout: 'take → src/queue.ts:3:3\ntake → src/queue.ts:3:3  take(n: number): number {\n',
      stderr: '',
    })
    const unpicked = await run(['goToDefinition', '--symbol', 'take', '--line', '40', '--no-cross-check'], root)
    expect(unpicked.stdout.split('\n').slice(0, 2)).toEqual(['13 symbols match "take"; pick one with --file and --line:', '1. Method take  src/m00.ts:2:3'])
  })
})
