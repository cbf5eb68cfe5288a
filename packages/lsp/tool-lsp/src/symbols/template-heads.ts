// C++ template parameter lists before a declaration. clangd 14's DocumentSymbol.range starts after
// them (at `T` of `template <typename T>\nT thrice(T v)`), so symbolSource left the head out,
// insertBefore wrote between the head and the function, and a replaceSymbol given the whole template
// wrote the head twice (the twenty-fourth trial). Pure: lines in, a range out.
import type { LspRange } from '@agent-lsp/lsp'

/** Extensions of C++ sources and headers (a C header's `template` is no keyword, but C has no such word before a declaration). */
const cppExtensions = new Set(['.cpp', '.cc', '.cxx', '.c++', '.hpp', '.hh', '.hxx', '.h', '.ipp', '.tpp', '.tcc', '.inl', '.ixx', '.cppm'])

/** A template parameter list's brackets, balanced three deep, holding no `;`, `{` or `}`. */
const inside = String.raw`[^<>;{}]`
const parameters = String.raw`<(?:${inside}|<(?:${inside}|<${inside}*>)*>)*>`
/** A `template <…>` head ending the text, blanks and line ends after it. */
const head = new RegExp(String.raw`(?<![\w$])template\s*${parameters}\s*$`)

/** Lines above a declaration searched for its heads. */
const MAX_HEAD_LINES = 12

/**
 * `range` (a declaration's, zero-based UTF-16) with its start moved back over the `template <…>`
 * heads that come before it in a C++ file (`template <typename T>` on the line above, several of
 * them, `template <>` of an explicit specialization, one whose parameters span lines), as the C++
 * grammar makes them part of the declaration. `range` itself in other files or with no head.
 * @param extension - lowercase with the dot (`.hpp`).
 */
export function withTemplateHeads(range: LspRange, lines: readonly string[], extension: string): LspRange {
  if (!cppExtensions.has(extension)) return range
  const first = Math.max(0, range.start.line - MAX_HEAD_LINES)
  let text = [...lines.slice(first, range.start.line), (lines[range.start.line] ?? '').slice(0, range.start.character)].join('\n')
  const end = text.length
  for (let found = head.exec(text); found !== null; found = head.exec(text)) text = text.slice(0, found.index)
  if (text.length === end) return range
  const line = first + (text.match(/\n/g)?.length ?? 0)
  return { start: { line, character: text.length - (text.lastIndexOf('\n') + 1) }, end: range.end }
}
