import { describe, expect, it } from 'vitest'
import { mergeCalls } from './calls.js'
import type { LspCall } from './symbol-types.js'

const at = (uri: string, line: number, from: number, to: number) => ({ uri, range: { start: { line, character: from }, end: { line, character: to } } })
const call = (name: string, line: number, sites: ReturnType<typeof at>[]): LspCall => {
  const { uri, range } = at('file:///w/a.ts', line, 9, 9 + name.length)
  return { item: { name, kind: 'Function', uri, range, selectionRange: range }, callSites: sites }
}

describe('mergeCalls', () => {
  it('gives one entry per item, its sites each once and sorted, the entries by their items', () => {
    const merged = mergeCalls([
      call('late', 9, [at('file:///w/a.ts', 12, 2, 6)]),
      call('early', 1, [at('file:///w/a.ts', 3, 2, 7), at('file:///w/a.ts', 2, 2, 7)]),
      // The same caller again: a site equal to one it has, one whose start it holds (`s.run` and `run`), a new one.
      call('late', 9, [at('file:///w/a.ts', 12, 2, 6), at('file:///w/a.ts', 12, 4, 6), at('file:///w/a.ts', 10, 0, 4)]),
    ])
    expect(merged.map(({ item, callSites }) => [item.name, callSites.map(({ range }) => `${range.start.line}:${range.start.character}-${range.end.character}`)])).toEqual([
      ['early', ['2:2-7', '3:2-7']],
      ['late', ['10:0-4', '12:2-6']],
    ])
  })
})
