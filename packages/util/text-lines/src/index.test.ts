import { describe, expect, it } from 'vitest'
import { lineEnd, lineStarts, positionAt, splitLines, visibleLineCount } from './index.js'

describe('splitLines', () => {
  it('ends lines at \\r\\n, \\n and \\r, as LSP does', () => {
    expect(splitLines('a\r\nb\nc\rd')).toEqual(['a', 'b', 'c', 'd'])
    expect(splitLines('a\n\r\nb')).toEqual(['a', '', 'b'])
    expect(splitLines('a\n')).toEqual(['a', ''])
    expect(splitLines('')).toEqual([''])
  })

  it('does not break on other separators (U+2028, form feed)', () => {
    expect(splitLines('a\u2028b\fc')).toEqual(['a\u2028b\fc'])
  })
})

describe('visibleLineCount', () => {
  it('does not count the empty line after a final terminator', () => {
    expect(visibleLineCount(splitLines('a\nb\n'))).toBe(2)
    expect(visibleLineCount(splitLines('a\r\nb'))).toBe(2)
    expect(visibleLineCount(splitLines('a\n\n'))).toBe(2)
    expect(visibleLineCount(splitLines(''))).toBe(1)
  })
})

describe('lineStarts and lineEnd', () => {
  it('give each line of every ending, as splitLines does', () => {
    expect([...lineStarts('a\r\nb\rc\nd')]).toEqual([0, 3, 5, 7])
    expect([...lineStarts('x\n')]).toEqual([0, 2])
    expect([...lineStarts('')]).toEqual([0])
    expect([...lineStarts('\n\r')]).toEqual([0, 1, 2])
    const pieces = ['', 'a', 'bc', 'é€😀', '\n', '\r', '\r\n', '\n\r', '\u2028']
    let seed = 7
    const next = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31)
    for (let round = 0; round < 500; round++) {
      const text = Array.from({ length: next() % 12 }, () => pieces[next() % pieces.length]).join('')
      const starts = lineStarts(text)
      expect(Array.from(starts, (start, line) => text.slice(start, lineEnd(text, starts, line)))).toEqual(splitLines(text))
    }
  })
})

describe('positionAt', () => {
  it('gives each offset the line and character lineStarts does, except between \\r and \\n', () => {
    expect(positionAt('a\r\nb\rc\nd', 7)).toEqual({ line: 3, character: 0 })
    expect(positionAt('a\r\nb', 4)).toEqual({ line: 1, character: 1 })
    expect(positionAt('', 0)).toEqual({ line: 0, character: 0 })
    const pieces = ['', 'a', 'bc', 'é€😀', '\n', '\r', '\r\n', '\n\r']
    let seed = 11
    const next = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31)
    for (let round = 0; round < 300; round++) {
      const text = Array.from({ length: next() % 12 }, () => pieces[next() % pieces.length]).join('')
      const starts = Array.from(lineStarts(text))
      for (let offset = 0; offset <= text.length; offset++) {
        if (text[offset - 1] === '\r' && text[offset] === '\n') continue
        const line = starts.findLastIndex((start) => start <= offset)
        expect(positionAt(text, offset)).toEqual({ line, character: offset - starts[line]! })
      }
    }
  })
})
