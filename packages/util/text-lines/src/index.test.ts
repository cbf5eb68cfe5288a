import { describe, expect, it } from 'vitest'
import { disputedLineBreak, lineEnd, lineOfOffset, lineStarts, positionAt, splitLines, visibleLineCount } from './index.js'

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

describe('disputedLineBreak', () => {
  it('is the first lone CR, U+2028 or U+2029; CRLF, LF and other separators are not', () => {
    expect(disputedLineBreak('a\r\nb\nc\u0085d\fe')).toBeUndefined()
    expect(disputedLineBreak('a\r\n// note\rmore\n')).toEqual({ offset: 10, name: 'CR' })
    expect(disputedLineBreak('a\r')).toEqual({ offset: 1, name: 'CR' })
    expect(disputedLineBreak('s = "a\u2028b\u2029"\r')).toEqual({ offset: 6, name: 'U+2028' })
    expect(disputedLineBreak('\u2029')).toEqual({ offset: 0, name: 'U+2029' })
  })
})

describe('lineOfOffset', () => {
  it('finds the line holding an offset, its terminator included', () => {
    const starts = lineStarts('ab\r\ncd\n\nef')
    expect([0, 2, 3, 4, 6, 7, 8, 9].map((offset) => lineOfOffset(starts, offset))).toEqual([0, 0, 0, 1, 1, 2, 3, 3])
  })
})
