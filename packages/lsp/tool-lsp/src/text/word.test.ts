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
  it('names no keyword of JS, TS or Python, case-sensitively', () => {
    expect(symbolWordAt('const shapes = []', 1)).toBeUndefined()
    expect(symbolWordAt('const shapes = []', 7)).toBe('shapes')
    expect(symbolWordAt('def area(self): return None', 2)).toBeUndefined()
    expect(symbolWordAt('def area(self): return None', 11)).toBeUndefined()
    expect(symbolWordAt('def area(self): return None', 25)).toBeUndefined()
    expect(symbolWordAt('const none = type', 7)).toBe('none')
    expect(symbolWordAt('const none = type', 14)).toBe('type')
  })

  it('keeps combining marks in the word', () => {
    expect(symbolWordAt('const cafe\u0301 = 1', 8)).toBe('cafe\u0301')
  })
})
