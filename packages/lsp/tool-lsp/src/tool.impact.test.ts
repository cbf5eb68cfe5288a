// impact over a stub provider, for what a real server does not do on demand: answer too late.
import { execFileSync } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { complete, fileUri, stubTool, tempWorkspace } from './workspace.test-support.js'

describe('impact when findReferences does not answer in time', () => {
  it('counts the symbol as not asked and still answers before the deadline', async () => {
    const root = await tempWorkspace({ 'a.ts': 'export function f(): number {\n  return 1\n}\n' })
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', '-c', 'commit.gpgsign=false', ...args], { cwd: root })
    git('init', '-q')
    git('add', '.')
    git('commit', '-q', '-m', 'first')
    await writeFile(path.join(root, 'a.ts'), 'export function f(): number {\n  return 2\n}\n')
    const range = (line: number, from: number, to: number) => ({ start: { line, character: from }, end: { line, character: to } })
    const { tool } = stubTool(
      (query, signal) => {
        if (query.operation === 'documentSymbol') {
          const symbol = { name: 'f', kind: 'Function' as const, uri: fileUri(root, 'a.ts'), range: { start: { line: 0, character: 0 }, end: { line: 2, character: 1 } }, selectionRange: range(0, 16, 17), children: [] }
          return { kind: 'symbols', symbols: [symbol], resolvedWorkspaceRoot: root, completeness: complete }
        }
        // Never answers; rejects only when aborted.
        return new Promise((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason)))
      },
      { workspaceRoot: root, timeoutMs: 1500 },
    )
    expect(await tool.execute({ operation: 'impact' })).toBe(
      [
        'Impact of the working tree: 1 changed symbol in 1 file; 0 references (0 in tests) in 0 files, to depth 2; 1 symbol not asked (count or time bound)',
        'Function f  a.ts:1:17  changed lines 2: not asked (the bound on symbols asked, or on time, was reached)',
      ].join('\n'),
    )
  })
})
