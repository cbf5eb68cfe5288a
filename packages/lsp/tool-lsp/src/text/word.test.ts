import { describe, expect, it } from 'vitest'
import { symbolWordAt, wordAt } from './word.js'

describe('wordAt', () => {
  const line = 'const 価格ラベル = shown$1 + 🎉(x_y)'

  it('takes the maximal identifier run around the cursor, in code points', () => {
    expect(wordAt(line, 7)).toBe('価格ラベル')
    expect(wordAt(line, 11)).toBe('価格ラベル')
    expect(wordAt(line, 15)).toBe('shown$1')
    expect(wordAt(line, 27)).toBe('x_y')
  })

  it('takes the word just before the cursor when the cursor touches its end', () => {
    expect(wordAt(line, 22)).toBe('shown$1')
    expect(wordAt('foo', 4)).toBe('foo')
  })

  it('finds none on punctuation, spaces or emoji away from a word', () => {
    expect(wordAt(line, 24)).toBeUndefined()
    expect(wordAt(line, 25)).toBeUndefined()
    expect(wordAt('', 1)).toBeUndefined()
  })
})

describe('symbolWordAt', () => {
  it("names no keyword of the file's language, case-sensitively", () => {
    expect(symbolWordAt('const shapes = []', 1, 'javascript')).toBeUndefined()
    expect(symbolWordAt('const shapes = []', 7, 'javascript')).toBe('shapes')
    expect(symbolWordAt('def area(self): return None', 2, 'python')).toBeUndefined()
    expect(symbolWordAt('def area(self): return None', 11, 'python')).toBeUndefined()
    expect(symbolWordAt('def area(self): return None', 25, 'python')).toBeUndefined()
    expect(symbolWordAt('const none = type', 7, 'javascript')).toBe('none')
    expect(symbolWordAt('const none = type', 14, 'javascript')).toBe('type')
  })

  it('names a word spelled like a keyword where it is used as a name, or in a language without that keyword', () => {
    expect(symbolWordAt('  delete(key: string) {', 3, 'javascript')).toBe('delete')
    expect(symbolWordAt('export interface Ev { type: string }', 23, 'javascript')).toBe('type')
    expect(symbolWordAt('type Ev = { kind: string }', 1, 'javascript')).toBeUndefined()
    expect(symbolWordAt('local unsigned in(void *d, unsigned char **b)', 16, 'c')).toBe('in')
    expect(symbolWordAt('local unsigned in(void *d, unsigned char **b)', 8, 'c')).toBeUndefined()
  })

  it('keeps combining marks in the word, and measures its offsets in UTF-16 units', () => {
    expect(symbolWordAt('const cafe\u0301 = 1', 8, 'javascript')).toBe('cafe\u0301')
    expect(symbolWordAt('const 🎉 = x.type', 13, 'javascript')).toBe('type')
  })
})
