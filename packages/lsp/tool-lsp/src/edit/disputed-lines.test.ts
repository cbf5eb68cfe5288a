import { describe, expect, it } from 'vitest'
import { assertUndisputedLines } from './disputed-lines.js'

describe('assertUndisputedLines', () => {
  it('refuses an edit of such a text with LSP_EDIT_LINE_BREAKS and what to do', () => {
    expect(() => assertUndisputedLines('a\r\nb\n', 'a.ts')).not.toThrow()
    expect(() => assertUndisputedLines('s = "\u2029"', 'p.py')).not.toThrow()
    expect(() => assertUndisputedLines('s = "\u2029"', 'p.ts')).toThrow(
      'the edit changes p.ts, which holds a U+2029 at 1:6: the language server may number the lines after it otherwise than LSP, so its positions there may be a line off; nothing was changed. Write it as the escape \\u2029 first',
    )
  })
})
