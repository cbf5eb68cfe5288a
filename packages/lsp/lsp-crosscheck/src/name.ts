import { isKeywordUse, type KeywordLanguage } from '@agent-lsp/keywords'
import { isShellName, shellNameSpan } from '@agent-lsp/lexical'
import type { LspLocation, LspPosition } from '@agent-lsp/lsp'

// An identifier in the languages searched: letters, marks, digits, `_`, `$`; not starting with a digit.
const identifier = /^[\p{L}\p{M}_$][\p{L}\p{M}\p{N}_$]*$/u
const part = /[\p{L}\p{M}\p{N}_$]/u

/**
 * The identifier around zero-based UTF-16 `character` of `lineText`, if the cursor is on or just
 * after one and it is not used as a keyword of `language` there (`const` of `const shapes` names no
 * symbol, and searching for it would list every line of the workspace; `e.type` does).
 */
export function identifierAt(lineText: string, character: number, language: KeywordLanguage | undefined): string | undefined {
  let start = Math.min(character, lineText.length)
  if (!part.test(lineText[start] ?? '') && start > 0 && part.test(lineText[start - 1]!)) start--
  let end = start
  while (start > 0 && part.test(lineText[start - 1]!)) start--
  while (end < lineText.length && part.test(lineText[end]!)) end++
  if (language === 'shell' && start < end) [start, end] = shellNameSpan(lineText, start, end)
  const name = lineText.slice(start, end)
  return isName(name, language) && !isKeywordUse(lineText, start, end, language) ? name : undefined
}

/**
 * Whether `text` can be a symbol's name: an identifier (a server's place spelled `type` or `in`
 * names one), or in a shell script a function's name with `-`, `.` or `:` (`my-func`).
 */
export function isName(text: string, language?: KeywordLanguage): boolean {
  return identifier.test(text) || (language === 'shell' && isShellName(text))
}

/**
 * The text of the first of `places` that covers one line and is a name, not used there as a
 * keyword of `language` (clangd places `operator+` at its keyword `operator`, which names every
 * operator: its uses, `a + b`, name nothing to search for). `linesOf(uri)` gives a document's lines, or `undefined`.
 */
export function nameOfPlaces(places: readonly LspLocation[], linesOf: (uri: string) => readonly string[] | undefined, language: KeywordLanguage | undefined): string | undefined {
  for (const place of places) {
    const { start, end } = place.range
    if (start.line !== end.line) continue
    const line = linesOf(place.uri)?.[start.line]
    const text = line?.slice(start.character, end.character)
    if (line !== undefined && text !== undefined && isName(text, language) && !isKeywordUse(line, start.character, end.character, language)) return text
  }
  return undefined
}

/**
 * The name a reference-like answer is about: the text of the first of `places` (the answer's own
 * location at the cursor, then the definitions) that covers one line and is a name (see {@link nameOfPlaces}), else the
 * identifier at the cursor (in a file of `language`). `textOf(uri)` gives a document's lines, or `undefined`.
 */
export function symbolName(
  places: readonly LspLocation[],
  cursor: { readonly uri: string; readonly position: LspPosition },
  linesOf: (uri: string) => readonly string[] | undefined,
  language: KeywordLanguage | undefined,
): string | undefined {
  const named = nameOfPlaces(places, linesOf, language)
  if (named !== undefined) return named
  const line = linesOf(cursor.uri)?.[cursor.position.line]
  return line === undefined ? undefined : identifierAt(line, cursor.position.character, language)
}
