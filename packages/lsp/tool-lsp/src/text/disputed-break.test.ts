import { describe, expect, it } from 'vitest'
import { disputedBreakAt } from './disputed-break.js'

describe('disputedBreakAt', () => {
  it('names the first lone CR, U+2028 or U+2029 at its 1-based line and code-point column', () => {
    expect(disputedBreakAt('a\r\nb\n', 'a.go')).toBeUndefined()
    expect(disputedBreakAt('package main\n\n// note\rmore\n', 'm.go')).toEqual({ name: 'CR', label: 'a lone CR', at: '3:8' })
    expect(disputedBreakAt('const 🎉 = "a\u2028"', 'a.ts')).toEqual({ name: 'U+2028', label: 'a U+2028', at: '1:13' })
    expect(disputedBreakAt('\ufeffx\u2029', 'a.c')).toEqual({ name: 'U+2029', label: 'a U+2029', at: '1:2' })
  })

  // The fifteenth trial: pyright counts a lone CR as LSP does and U+2028 as no break, tsserver a lone
  // CR as LSP does; their answers were exact yet said misplaced, and their edits refused.
  it("looks for the breaks the file's server counts otherwise: gopls a lone CR, tsserver U+2028 and U+2029, pyright none", () => {
    expect(['m.go', 'a.ts', 'a.jsx', 'p.py'].map((path) => disputedBreakAt('a\rb\u2028c\n', path)?.name)).toEqual(['CR', 'U+2028', 'U+2028', undefined])
    expect(['m.go', 'a.ts'].map((path) => disputedBreakAt('a\rb\n', path)?.name)).toEqual(['CR', undefined])
  })

})
