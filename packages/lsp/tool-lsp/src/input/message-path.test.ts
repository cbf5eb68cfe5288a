import { describe, expect, it } from 'vitest'
import { pathForMessage } from './message-path.js'

describe('pathForMessage', () => {
  it('shows an ordinary path as it is, up to 200 code points', () => {
    expect(pathForMessage('src/a b/é🎉.ts')).toBe('src/a b/é🎉.ts')
    expect(pathForMessage('x'.repeat(200))).toBe('x'.repeat(200))
  })

  it('cuts a longer path in the middle, 200 code points in all', () => {
    const shown = pathForMessage(`${'a'.repeat(150)}${'🎉'.repeat(150)}`)
    expect(shown).toBe(`${'a'.repeat(100)}…${'🎉'.repeat(99)}`)
  })

  it('quotes a path holding control characters or line separators, escaped', () => {
    expect(pathForMessage('src/a\nb\t.ts')).toBe('"src/a\\nb\\t.ts"')
    expect(pathForMessage('a\u2028b')).toBe('"a\\u2028b"')
    expect(pathForMessage('src/\ud83d.ts')).toBe('"src/\\ud83d.ts"')
  })

  it('quotes a path that starts or ends with a space, so the space shows', () => {
    expect(pathForMessage('src/a.ts ')).toBe('"src/a.ts "')
    expect(pathForMessage(' src/a.ts')).toBe('" src/a.ts"')
    expect(pathForMessage('   ')).toBe('"   "')
  })
})
