import { describe, expect, it } from 'vitest'
import { disputedBreakAt } from './disputed-break.js'

describe('disputedBreakAt', () => {
  it('names the first lone CR, U+2028 or U+2029 at its 1-based line and code-point column', () => {
    expect(disputedBreakAt('a\r\nb\n')).toBeUndefined()
    expect(disputedBreakAt('package main\n\n// note\rmore\n')).toEqual({ name: 'CR', label: 'a lone CR', at: '3:8' })
    expect(disputedBreakAt('const 🎉 = "a\u2028"')).toEqual({ name: 'U+2028', label: 'a U+2028', at: '1:13' })
    expect(disputedBreakAt('\ufeffx\u2029')).toEqual({ name: 'U+2029', label: 'a U+2029', at: '1:2' })
  })

})
