import { describe, expect, it } from 'vitest'
import { splitLines, visibleLineCount } from './lines.js'

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
