import { describe, expect, it } from 'vitest'
import { grouped, namedList } from './named-list.js'

describe('namedList', () => {
  it('names up to three, joined with "and", and counts the rest', () => {
    expect(namedList([])).toBe('')
    expect(namedList(['a'])).toBe('a')
    expect(namedList(['a', 'b'])).toBe('a and b')
    expect(namedList(['a', 'b', 'c'])).toBe('a, b and c')
    expect(namedList(['a', 'b', 'c', 'd', 'e'])).toBe('a, b, c and 2 more')
  })

  it('names as many as asked, and counts a total beyond the names collected', () => {
    expect(namedList(['a', 'b', 'c'], { shown: 1 })).toBe('a and 2 more')
    expect(namedList(['a'], { shown: 1, total: 7 })).toBe('a and 6 more')
    expect(namedList(['a', 'b'], { total: 5 })).toBe('a, b and 3 more')
    expect(namedList(['a', 'b'], { total: 1 })).toBe('a and b')
    expect(namedList(['a', 'b', 'c', 'd', 'e', 'f'], { shown: 5 })).toBe('a, b, c, d, e and 1 more')
  })

  it('says when more past the total were not counted', () => {
    expect(namedList(['a', 'b', 'c', 'd'], { uncounted: true })).toBe('a, b, c and 1+ more')
    expect(namedList(['a', 'b'], { uncounted: true })).toBe('a, b and more')
  })
})

describe('grouped', () => {
  it('groups thousands with commas', () => {
    expect([grouped(12), grouped(5000), grouped(20_000), grouped(1_234_567)]).toEqual(['12', '5,000', '20,000', '1,234,567'])
  })
})
