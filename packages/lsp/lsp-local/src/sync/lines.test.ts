import { describe, expect, it } from 'vitest'
import { lineAt } from './lines.js'

describe('lineAt', () => {
  it('counts lines as LSP does, for every line ending', () => {
    const text = 'a\r\nb\rc\nd'
    for (const [line, expected] of [[0, 'a'], [1, 'b'], [2, 'c'], [3, 'd'], [4, undefined]] as const) {
      expect(lineAt(text, line)).toBe(text.split(/\r\n|\r|\n/)[line])
      expect(lineAt(text, line)).toBe(expected)
    }
    expect(lineAt('x\n', 1)).toBe('')
    expect(lineAt('x\n', 2)).toBeUndefined()
    expect(lineAt('', 0)).toBe('')
  })
})
