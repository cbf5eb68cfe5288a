// Whether a word is a keyword where it stands: a cursor on `const` names no symbol, and a search
// for a member named `type` must not ask about every `type Foo =` of a TypeScript tree, while
// `e.type` and `{ type: 'click' }` name it.
import { keywords, languageOfExtension, type KeywordLanguage } from './languages.js'

export { languageOfExtension, type KeywordLanguage }
export { isPythonSpecialName } from './python-special.js'

/** What a keyword governs when it comes next: a name, a literal, a block (`type Foo`, `from './a'`, `import {`, `import *`). */
const governed = /[\p{L}\p{M}\p{N}_$'"`{[*]/u

/**
 * Whether the word at UTF-16 offsets `[start, end)` of `lineText` is used as a keyword of
 * `language` there (`undefined`: a language whose keywords are not known, so never). A hard
 * keyword always is; a soft one (JavaScript's reserved and contextual words, Python's `match`,
 * `case`, `type`) is a name after `.` (`e.type`), or when followed by what ends a name (`:`
 * `type: string`, `=`, `,`, `)`, an operator, the line's end but after `else` or `return`) or by `(` (a call, `store.delete(k)`,
 * a method `delete(key) {`; not `if (` nor `delete (x as any).flag`), and a keyword when followed by what it governs
 * (`type Foo =`, `from './a'`, `async function`, `delete obj.key`). A word standing for a value
 * (`this`, `null`, Python's `self`) is a name only after `.` or as a key (`null: 1`).
 */
export function isKeywordUse(lineText: string, start: number, end: number, language: KeywordLanguage | undefined): boolean {
  if (language === undefined) return false
  const word = lineText.slice(start, end)
  const { hard, soft, beforeParenthesis, beforeSpacedParenthesis, atLineEnd, values } = keywords[language]
  if (hard.has(word)) return true
  if (!soft.has(word) && !values.has(word)) return false
  let before = start - 1
  while (before >= 0 && /\s/.test(lineText[before]!)) before--
  if (lineText[before] === '.') return false
  let after = end
  while (after < lineText.length && /\s/.test(lineText[after]!)) after++
  const next = lineText[after]
  if (values.has(word)) return next !== ':'
  if (next === undefined) return atLineEnd.has(word)
  if (next === '(') return beforeParenthesis.has(word) || (after > end && beforeSpacedParenthesis.has(word))
  return governed.test(next)
}
