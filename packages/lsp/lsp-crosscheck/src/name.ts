import type { LspLocation, LspPosition } from '@agent-lsp/lsp'

// An identifier in the languages searched: letters, marks, digits, `_`, `$`; not starting with a digit.
const identifier = /^[\p{L}\p{M}_$][\p{L}\p{M}\p{N}_$]*$/u
const part = /[\p{L}\p{M}\p{N}_$]/u

/**
 * Words that are never a symbol's name: a cursor on one (`const` of `const shapes`) names no
 * symbol, and searching for it would list every line of the workspace.
 */
const keywords = new Set(
  (
    'abstract as async await break case catch class const continue def default delete del do elif else enum except export extends ' +
    'false finally fn for from func function go if impl implements import in instanceof interface is lambda let match mod ' +
    'new nil none None null package pass private protected pub public raise return self static struct super switch this throw ' +
    'true True False try type typeof use var void while with yield int char long short unsigned signed float double bool'
  ).split(' '),
)

/** The identifier around zero-based UTF-16 `character` of `lineText`, if the cursor is on or just after one. */
export function identifierAt(lineText: string, character: number): string | undefined {
  let start = Math.min(character, lineText.length)
  if (!part.test(lineText[start] ?? '') && start > 0 && part.test(lineText[start - 1]!)) start--
  let end = start
  while (start > 0 && part.test(lineText[start - 1]!)) start--
  while (end < lineText.length && part.test(lineText[end]!)) end++
  const name = lineText.slice(start, end)
  return isName(name) ? name : undefined
}

/** Whether `text` can be a symbol's name (an identifier, not a keyword). */
export function isName(text: string): boolean {
  return identifier.test(text) && !keywords.has(text)
}

/** The text of the first of `places` that covers one line and is a name. `linesOf(uri)` gives a document's lines, or `undefined`. */
export function nameOfPlaces(places: readonly LspLocation[], linesOf: (uri: string) => readonly string[] | undefined): string | undefined {
  for (const place of places) {
    const { start, end } = place.range
    if (start.line !== end.line) continue
    const text = linesOf(place.uri)?.[start.line]?.slice(start.character, end.character)
    if (text !== undefined && isName(text)) return text
  }
  return undefined
}

/**
 * The name a reference-like answer is about: the text of the first of `places` (the answer's own
 * location at the cursor, then the definitions) that covers one line and is a name, else the
 * identifier at the cursor. `textOf(uri)` gives a document's lines, or `undefined`.
 */
export function symbolName(
  places: readonly LspLocation[],
  cursor: { readonly uri: string; readonly position: LspPosition },
  linesOf: (uri: string) => readonly string[] | undefined,
): string | undefined {
  const named = nameOfPlaces(places, linesOf)
  if (named !== undefined) return named
  const line = linesOf(cursor.uri)?.[cursor.position.line]
  return line === undefined ? undefined : identifierAt(line, cursor.position.character)
}
