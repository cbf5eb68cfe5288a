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
    expect(lineAt('\r\n\r\r\n\n', 3)).toBe('')
    expect(lineAt('\r\n\r\r\n\n', 4)).toBe('')
    expect(lineAt('\r\n\r\r\n\n', 5)).toBeUndefined()
    expect(lineAt('x', -1)).toBeUndefined()
    expect(lineAt('x', 0.5)).toBeUndefined()
  })

  it('answers every line of texts built from every ending, as splitting them does', () => {
    const pieces = ['', 'a', 'bc', 'é€😀', '\n', '\r', '\r\n', '\n\r']
    let seed = 7
    const next = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31)
    for (let round = 0; round < 300; round++) {
      const text = Array.from({ length: next() % 12 }, () => pieces[next() % pieces.length]).join('')
      const lines = text.split(/\r\n|\r|\n/)
      for (let line = 0; line <= lines.length; line++) expect(lineAt(text, line)).toBe(lines[line])
    }
  })

  it('answers a changed text of the same length by its own lines, not those of the text before', () => {
    const before = 'one\ntwo\nsix'
    const after = 'one two\nsi\n'
    expect(after.length).toBe(before.length)
    expect(lineAt(before, 1)).toBe('two')
    expect(lineAt(after, 1)).toBe('si')
    expect(lineAt(after, 2)).toBe('')
    expect(lineAt(before, 2)).toBe('six')
  })

  it('finds a line near the end of a 10 MB text', () => {
    const text = `${'// a comment line of the big file\n'.repeat(300_000)}const last = 1\n`
    expect(text.length).toBeGreaterThan(10_000_000)
    for (let i = 0; i < 3; i++) expect(lineAt(text, 300_000)).toBe('const last = 1')
    expect(lineAt(text, 300_001)).toBe('')
    expect(lineAt(text, 300_002)).toBeUndefined()
  })
})
