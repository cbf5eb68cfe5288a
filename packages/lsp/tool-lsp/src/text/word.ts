import { isReservedWord } from './reserved-words.js'

/** A code point that can be part of an identifier (combining marks too: a decomposed `é`). */
const wordCodePoint = /^[\p{L}\p{M}\p{N}_$]$/u

/**
 * The identifier at a 1-based code-point column of `lineText`: the maximal run of `[\p{L}\p{M}\p{N}_$]`
 * code points around the cursor. When the cursor is not on such a code point but just after one
 * (`foo|(`), the word ending there, as editors and servers treat a cursor touching a word.
 * @returns the word, or `undefined` when the cursor touches none.
 */
export function wordAt(lineText: string, column1: number): string | undefined {
  const codePoints = Array.from(lineText)
  const isWord = (index: number): boolean => wordCodePoint.test(codePoints[index] ?? '')
  let at = column1 - 1
  if (!isWord(at)) at--
  if (!isWord(at)) return undefined
  let start = at
  let end = at + 1
  while (isWord(start - 1)) start--
  while (isWord(end)) end++
  return codePoints.slice(start, end).join('')
}

/**
 * The word at the cursor as a symbol's name (see {@link wordAt}), or `undefined` when there is none
 * or it is a keyword (`const`, `def`, `None`; see `isReservedWord`), which names no symbol.
 */
export function symbolWordAt(lineText: string, column1: number): string | undefined {
  const word = wordAt(lineText, column1)
  return word === undefined || isReservedWord(word) ? undefined : word
}

/** A pattern matching `name` as a whole identifier (not inside a longer one; letters, digits, `_`, `$`). */
export function wordRegExp(name: string, flags = ''): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}_$])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}_$])`, `u${flags}`)
}
