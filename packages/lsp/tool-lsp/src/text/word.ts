import { isKeywordUse, type KeywordLanguage } from '@agent-lsp/keywords'
import { shellNameSpan } from '@agent-lsp/lexical'

/** A code point that can be part of an identifier (combining marks too: a decomposed `é`). */
const wordCodePoint = /^[\p{L}\p{M}\p{N}_$]$/u

/**
 * The identifier at a 1-based code-point column of `lineText`: the maximal run of `[\p{L}\p{M}\p{N}_$]`
 * code points around the cursor. When the cursor is not on such a code point but just after one
 * (`foo|(`), the word ending there, as editors and servers treat a cursor touching a word.
 * @returns the word, or `undefined` when the cursor touches none.
 */
export function wordAt(lineText: string, column1: number): string | undefined {
  return wordSpanAt(lineText, column1)?.word
}

/** {@link wordAt}, with the word's UTF-16 offsets in `lineText` (`[start, end)`). */
function wordSpanAt(lineText: string, column1: number): { readonly word: string; readonly start: number; readonly end: number } | undefined {
  const codePoints = Array.from(lineText)
  const isWord = (index: number): boolean => wordCodePoint.test(codePoints[index] ?? '')
  let at = column1 - 1
  if (!isWord(at)) at--
  if (!isWord(at)) return undefined
  let start = at
  let end = at + 1
  while (isWord(start - 1)) start--
  while (isWord(end)) end++
  const before = codePoints.slice(0, start).join('').length
  const word = codePoints.slice(start, end).join('')
  return { word, start: before, end: before + word.length }
}

/**
 * The word at the cursor as a symbol's name (see {@link wordAt}), or `undefined` when there is none
 * or it is used as a keyword of `language` there (`const`, `def`, `None`, TypeScript's `type Foo`;
 * not `e.type` or C's `in`; see `isKeywordUse`), which names no symbol; in a shell script, the
 * function name holding it (`my-func`, see `shellNameSpan`).
 */
export function symbolWordAt(lineText: string, column1: number, language: KeywordLanguage | undefined): string | undefined {
  const span = wordSpanAt(lineText, column1)
  if (span === undefined || isKeywordUse(lineText, span.start, span.end, language)) return undefined
  // A shell function's name holds `-`, `.` and `:` (`my-func`).
  return language === 'shell' ? lineText.slice(...shellNameSpan(lineText, span.start, span.end)) : span.word
}

/** A pattern matching `name` as a whole identifier (not inside a longer one; letters, digits, `_`, `$`). */
export function wordRegExp(name: string, flags = ''): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}_$])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}_$])`, `u${flags}`)
}
