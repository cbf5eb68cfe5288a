import { describe, expect, it } from 'vitest'
import { codePointColumnToUtf16, codePointLength, utf16ToCodePointColumn } from './columns.js'

const emojiLine = 'const badge = "🎉🎉🎉 sale"; const shown = formatPrice(applyDiscount(20, 0.1));'
const cjkLine = 'const 価格ラベル = "値段"; const shownJp = formatPrice(applyDiscount(30, 0.2));'

describe('codePointColumnToUtf16', () => {
  it('counts each emoji as one column and two UTF-16 units', () => {
    expect(codePointColumnToUtf16(emojiLine, 53)).toBe(55)
    expect(emojiLine.slice(55, 68)).toBe('applyDiscount')
    expect(codePointColumnToUtf16(emojiLine, 15)).toBe(14)
    expect(codePointColumnToUtf16(emojiLine, 16)).toBe(15)
    expect(codePointColumnToUtf16(emojiLine, 17)).toBe(17)
  })

  it('counts each CJK character as one column and one unit', () => {
    expect(codePointColumnToUtf16(cjkLine, 49)).toBe(48)
    expect(cjkLine.slice(48, 61)).toBe('applyDiscount')
  })

  it('accepts one past the last code point, not more', () => {
    expect(codePointLength(emojiLine)).toBe(76)
    expect(codePointColumnToUtf16(emojiLine, 77)).toBe(79)
    expect(() => codePointColumnToUtf16(emojiLine, 78)).toThrow(new RangeError('column 78 is past the end of a line of 76 code points'))
    expect(codePointColumnToUtf16('', 1)).toBe(0)
    expect(() => codePointColumnToUtf16('x', 0)).toThrow(new RangeError('column must be an integer >= 1 (got 0)'))
  })
})

describe('utf16ToCodePointColumn', () => {
  it('converts result columns back on the same lines', () => {
    expect(utf16ToCodePointColumn(emojiLine, 55)).toBe(53)
    expect(utf16ToCodePointColumn(emojiLine, 43)).toBe(41)
    expect(utf16ToCodePointColumn(cjkLine, 48)).toBe(49)
    expect(utf16ToCodePointColumn(emojiLine, 79)).toBe(77)
  })

  it('maps an offset inside a surrogate pair to that code point', () => {
    expect(utf16ToCodePointColumn('🎉a', 1)).toBe(1)
    expect(utf16ToCodePointColumn('🎉a', 2)).toBe(2)
  })

  it('counts one column per unit past the end of the line (stale file)', () => {
    expect(utf16ToCodePointColumn('🎉', 4)).toBe(4)
    expect(() => utf16ToCodePointColumn('x', -1)).toThrow(new RangeError('character must be an integer >= 0 (got -1)'))
  })

  it('round-trips every column of a mixed line', () => {
    const line = 'a🎉価\tb'
    for (let column = 1; column <= codePointLength(line) + 1; column++) {
      expect(utf16ToCodePointColumn(line, codePointColumnToUtf16(line, column))).toBe(column)
    }
  })
})

describe('lone surrogates', () => {
  it('count as one code point each, as for…of counts them', () => {
    const line = 'a\ud83c\ud83c\udf89b\udf89c'
    expect(Array.from(line)).toHaveLength(6)
    expect(codePointLength(line)).toBe(6)
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((unit) => utf16ToCodePointColumn(line, unit))).toEqual([1, 2, 3, 3, 4, 5, 6, 7])
    expect([1, 2, 3, 4, 5, 6, 7].map((column) => codePointColumnToUtf16(line, column))).toEqual([0, 1, 2, 4, 5, 6, 7])
  })
})
