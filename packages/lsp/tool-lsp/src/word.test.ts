import { describe, expect, it } from 'vitest'
import { wordAt } from './word.js'

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
