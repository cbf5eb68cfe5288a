import type { LspPosition } from '@agent-lsp/lsp'
import type { Texts } from '../search/texts.js'
import { inRanges, lexicalRanges, shellNamespaceAround, shellNamespaceAt, shellNameSpan, type LexicalFamily, type ShellNamespace } from '@agent-lsp/lexical'

// What a place the search found is before any server is asked about it.

// A source map comment ends what a compiler or bundler wrote (`//# sourceMappingURL=x.js.map`,
// `/*# sourceMappingURL=… */`; the legacy `//@`): code whose source the server answers for itself.
const sourceMapComment = /(?:\/\/|\/\*)[#@] sourceMappingURL=[^\n]*\s*$/

/** Whether the file at `uri` is generated: it ends with a source map comment (decided once per file text). */
const generated = new WeakMap<object, boolean>()
export function isGenerated(texts: Texts, uri: string): boolean {
  const text = texts.get(uri)
  if (text === undefined) return false
  let found = generated.get(text)
  if (found === undefined) generated.set(text, (found = sourceMapComment.test(text.text.slice(-1_000))))
  return found
}

/** Whether the place at zero-based `line` and UTF-16 `character` of `uri` is in a comment, a string, or code (a file not read is code). */
export function lexicalAt(texts: Texts, uri: string, family: LexicalFamily | undefined, line: number, character: number): 'comment' | 'string' | 'code' {
  const text = texts.get(uri)
  if (text === undefined) return 'code'
  const ranges = rangesOf(text, family)
  const offset = (text.lineStarts[line] ?? 0) + character
  return !inRanges(ranges.nonCode, offset) ? 'code' : inRanges(ranges.strings, offset) ? 'string' : 'comment'
}

/**
 * Whether `name` at UTF-16 `character` of a shell script's `lineText` names another symbol than
 * one of that name in `namespace`: part of a longer function name (`my-func` of `my-func-extra`,
 * see `shellNameSpan`), or a name of bash's other namespace (`$my`, `${my-func}` and `my=1` are the
 * variable `my`, `my args` the function; see `shellNamespaceAt`).
 */
export function namesOtherShellSymbol(lineText: string, character: number, name: string, namespace: ShellNamespace): boolean {
  if (shellNamespaceAt(lineText, character, character + name.length) !== namespace) return true
  const [from, to] = shellNameSpan(lineText, character, character + name.length)
  return to - from > name.length
}

/** The namespace of the name at the cursor of a shell script's query (see `shellNamespaceAround`). */
export function shellNamespaceOfCursor(texts: Texts, cursor: { readonly uri: string; readonly position: LspPosition }): ShellNamespace {
  return shellNamespaceAround(texts.lines(cursor.uri)?.[cursor.position.line] ?? '', cursor.position.character)
}

/** The comments and strings of each file text, scanned once (see `lexicalRanges`). */
const scanned = new WeakMap<object, { readonly nonCode: number[]; readonly strings: number[] }>()
function rangesOf(text: { readonly text: string }, family: LexicalFamily | undefined): { readonly nonCode: number[]; readonly strings: number[] } {
  let ranges = scanned.get(text)
  if (!ranges) {
    ranges = family === undefined ? { nonCode: [], strings: [] } : lexicalRanges(text.text, family)
    scanned.set(text, ranges)
  }
  return ranges
}
