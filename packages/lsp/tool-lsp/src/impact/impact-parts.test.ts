import type { LspSymbol } from '@agent-lsp/lsp'
import { describe, expect, it } from 'vitest'
import type { ChangeSet } from './changes.js'
import { changedParts } from './changed-symbols.js'
import { mapLine, parseDiff } from './diff-hunks.js'
import { oldDeclarations } from './old-declarations.js'
import { symbolAt } from './symbol-at.js'
import { isTestPath } from './test-paths.js'

describe('parseDiff', () => {
  it('reads -U0 hunks, added and deleted files, quoted paths and binary files', () => {
    const text = [
      'diff --git a/src/price.ts b/src/price.ts',
      'index 1..2 100644',
      '--- a/src/price.ts',
      '+++ b/src/price.ts',
      '@@ -1,2 +1,2 @@ export',
      '-old',
      '+new',
      '@@ -7,0 +8 @@',
      '+added',
      'diff --git a/gone.py b/gone.py',
      'deleted file mode 100644',
      '--- a/gone.py',
      '+++ /dev/null',
      '@@ -1,3 +0,0 @@',
      'diff --git "a/t\\303\\251st \\"q\\".ts" "b/t\\303\\251st \\"q\\".ts"',
      'new file mode 100644',
      '--- /dev/null',
      '+++ "b/t\\303\\251st \\"q\\".ts"',
      '@@ -0,0 +1 @@',
      'diff --git a/logo.png b/logo.png',
      'Binary files a/logo.png and b/logo.png differ',
    ].join('\n')
    expect(parseDiff(text)).toEqual([
      { oldPath: 'src/price.ts', newPath: 'src/price.ts', binary: false, hunks: [{ oldStart: 1, oldCount: 2, newStart: 1, newCount: 2 }, { oldStart: 7, oldCount: 0, newStart: 8, newCount: 1 }] },
      { oldPath: 'gone.py', newPath: null, binary: false, hunks: [{ oldStart: 1, oldCount: 3, newStart: 0, newCount: 0 }] },
      { oldPath: null, newPath: 'tést "q".ts', binary: false, hunks: [{ oldStart: 0, oldCount: 0, newStart: 1, newCount: 1 }] },
      { oldPath: 'logo.png', newPath: 'logo.png', binary: true, hunks: [] },
    ])
  })
})

describe('mapLine', () => {
  const hunks = [
    { oldStart: 2, oldCount: 0, newStart: 3, newCount: 1 }, // one line inserted after line 2
    { oldStart: 5, oldCount: 2, newStart: 6, newCount: 1 }, // lines 5-6 replaced by one
  ]
  it('shifts lines past the hunks before them; a changed line maps to what replaced it', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((line) => mapLine(line, hunks))).toEqual([1, 2, 4, 5, 6, 6, 7, 8])
  })
})

describe('isTestPath', () => {
  it('follows the usual conventions, and only them', () => {
    const tests = ['test/a.ts', 'src/tests/b.py', 'src/__tests__/c.js', 'src/price.test.ts', 'a.spec.tsx', 'test_price.py', 'price_test.py', 'pkg/price_test.go']
    const others = ['src/price.ts', 'src/testing.ts', 'contest/a.ts', 'latest.py', 'test.py', 'src/protest_x.py', 'attest_test.rs']
    expect(tests.filter(isTestPath)).toEqual(tests)
    expect(others.filter(isTestPath)).toEqual([])
  })
})

describe('symbolAt', () => {
  const range = (a: number, b: number) => ({ start: { line: a, character: 0 }, end: { line: b, character: 1 } })
  const symbol = (name: string, kind: LspSymbol['kind'], a: number, b: number, children: LspSymbol[] = []): LspSymbol => ({ name, kind, uri: 'file:///a.ts', range: range(a, b), selectionRange: range(a, a), children })
  const tree = [symbol('Cart', 'Class', 0, 10, [symbol('addItem', 'Method', 2, 5, [symbol('name', 'Variable', 3, 3)])]), symbol('helper', 'Function', 12, 14, [symbol('x', 'Variable', 13, 13)])]
  it('is the innermost symbol holding the line, never a function\'s own locals', () => {
    expect([0, 1, 3, 7, 11, 13].map((line) => symbolAt(tree, line)?.namePath)).toEqual(['Cart', 'Cart', 'Cart.addItem', 'Cart', undefined, 'helper'])
  })
})

describe('oldDeclarations', () => {
  it('finds the declarations removed lines start, by their keyword', () => {
    const text = ['export async function load() {}', '  const local = 1', 'class Cart:', 'def total(items):', 'x = 1', 'export default class {}'].join('\n')
    expect(oldDeclarations(text, 1, 6)).toEqual([
      { name: 'load', line: 1 },
      { name: 'local', line: 2 },
      { name: 'Cart', line: 3 },
      { name: 'total', line: 4 },
    ])
  })
})

describe('changedParts', () => {
  it('maps hunks onto the outline; a local removed from a function is not a removed declaration, a removed function is', async () => {
    const oldText = ['export function keep(): number {', '  const factor = 2', '  return factor', '}', 'export function gone(): void {}', ''].join('\n')
    const keep: LspSymbol = {
      name: 'keep',
      kind: 'Function',
      uri: 'file:///w/a.ts',
      range: { start: { line: 0, character: 0 }, end: { line: 2, character: 1 } },
      selectionRange: { start: { line: 0, character: 16 }, end: { line: 0, character: 20 } },
      children: [],
    }
    const changes: ChangeSet = {
      spec: { kind: 'worktree' },
      files: [{ oldPath: 'a.ts', newPath: 'a.ts', binary: false, hunks: [{ oldStart: 2, oldCount: 2, newStart: 2, newCount: 1 }, { oldStart: 5, oldCount: 1, newStart: 3, newCount: 0 }] }],
      toDisk: (_, line) => line,
      oldText: async () => oldText,
    }
    const parts = await changedParts(changes, '/w', async () => [keep], () => true)
    expect(parts.changed.map((entry) => [entry.file, entry.placed.namePath, entry.lines])).toEqual([['a.ts', 'keep', [2]]])
    expect(parts.removed).toEqual([{ name: 'gone', line: 5, file: 'a.ts', fileDeleted: false }])
    expect(parts.outside).toEqual([])
  })
})
