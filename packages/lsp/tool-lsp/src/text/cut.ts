import { codePointColumnToUtf16, codePointLength } from './columns.js'

/**
 * `text` cut to its first `max` Unicode code points (a surrogate pair is never split): `kept`, and
 * `cut` the number of code points left out, 0 when `text` has at most `max`. For answers a model
 * reads whole: a 2 MB string literal in a hover or a source line would otherwise come back entire.
 */
export function cutToCodePoints(text: string, max: number): { readonly kept: string; readonly cut: number } {
  // Never more code points than UTF-16 units: most texts need no count.
  if (text.length <= max) return { kept: text, cut: 0 }
  const length = codePointLength(text)
  if (length <= max) return { kept: text, cut: 0 }
  return { kept: text.slice(0, codePointColumnToUtf16(text, max + 1)), cut: length - max }
}
