// A line inserted at the top of a big open file (a user's `sed -i '1i // x' src/big.ts`) reaches
// typescript-language-server as that one line, so the next query answers in seconds: re-sent whole
// (a full-text didChange, which it passes on as a `change` of the whole range), a 4 MB file kept
// tsserver busy 87 s (10 MB: minutes, every query LSP_TIMEOUT), the inserted line alone 1.2 s.
// A rewrite of most of such a file is sent as a close and an open, which tsserver parses afresh
// (here 1.7 s) instead of re-parsing it incrementally (past the 30 s bound; 60 s seen by hand).
// Real typescript-language-server 5.3.0; the test takes about 10 s.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { workspace } from '../fake.test-support.js'
import { createLocalLspProvider } from '../provider.js'
import { realTypescript } from '../typescript.test-support.js'

const typescript = realTypescript

/** `helper`, then numbered functions calling it, to at least `bytes` bytes (the bench's big file). */
function bigFile(bytes: number): string {
  const lines = ['export function helper(value: number): number {', '  return value * 2', '}', '']
  for (let i = 0, size = 0; size < bytes; i++) {
    const chunk = [`export function generated${i}(input: number): number {`, `  const doubled = helper(input + ${i})`, '  return doubled - 1', '}', '']
    lines.push(...chunk)
    size += chunk.join('\n').length + 1
  }
  return lines.join('\n')
}

/** Far beyond the 1–4 s the fixed path takes on a loaded machine; far below the 87 s of a whole-text change. */
const ANSWER_WITHIN_MS = 30_000

describe('an edit of a 4 MB open file', { timeout: 120_000 }, () => {
  it('answers the next hover in seconds: an inserted line is sent as itself, a rewrite as a close and an open', async () => {
    const root = workspace({ 'tsconfig.json': JSON.stringify({ include: ['src'] }) })
    const file = join(root, 'big.ts')
    writeFileSync(file, bigFile(4_000_000))
    const local = createLocalLspProvider(typescript)
    onTestFinished(() => local.dispose())
    const lines = readFileSync(file, 'utf8').split('\n').length
    // The last `generatedN` declaration: five lines from the end (each chunk ends with a blank line).
    const last = `\`\`\`typescript\nfunction generated${(lines - 4) / 5 - 1}(input: number): number\n\`\`\``
    const hover = (line: number) =>
      local.query({ operation: 'hover', workspaceRoot: root, filePath: 'big.ts', languageId: 'typescript', position: { line, character: 18 } }, AbortSignal.timeout(ANSWER_WITHIN_MS))
    expect(await hover(lines - 5)).toMatchObject({ kind: 'hover', hover: { contents: last } })

    writeFileSync(file, `// x\n${readFileSync(file, 'utf8')}`)
    expect(await hover(lines - 4)).toMatchObject({ kind: 'hover', hover: { contents: last }, completeness: { state: 'complete' } })

    // Every parameter renamed: the range that changed is nearly the whole file.
    writeFileSync(file, readFileSync(file, 'utf8').replaceAll('input', 'param'))
    expect(await hover(lines - 4)).toMatchObject({ kind: 'hover', hover: { contents: last.replace('input', 'param') }, completeness: { state: 'complete' } })
  })
})
