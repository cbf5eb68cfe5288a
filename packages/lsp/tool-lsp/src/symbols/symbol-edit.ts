import type { LspRange, LspWorkspaceEdit } from '@agent-lsp/lsp'
import type { SymbolOperation } from '../input/tool-request.js'
import { symbolTitle } from '../render/render-symbols.js'
import type { SymbolDeclaration } from './declaration.js'
import { lastLineOf } from './symbol-source.js'
import { inRanges, lexicalFamily, lexicalRanges } from '@agent-lsp/lexical'
import { lineStarts, splitLines } from '@agent-lsp/text-lines'
import path from 'node:path'
import { URI } from 'vscode-uri'
import { opensComment } from './doc-comment.js'

/** The common leading whitespace of the non-blank lines. */
function commonIndent(lines: readonly string[]): string {
  const indents = lines.filter((line) => line.trim() !== '').map((line) => /^[ \t]*/.exec(line)![0])
  if (indents.length === 0) return ''
  return indents.reduce((common, indent) => {
    let length = 0
    while (length < common.length && common[length] === indent[length]) length++
    return common.slice(0, length)
  })
}

/**
 * Which lines of `text` begin inside a string literal (a Python triple-quoted string's, a template
 * literal's, a heredoc's later lines): their leading blanks belong to the string, not to the code's
 * indentation. None for a language the lexer does not read (`lexicalFamily` of `extension`).
 */
function linesInStrings(text: string, extension: string): boolean[] {
  const starts = lineStarts(text)
  const family = lexicalFamily(extension)
  if (family === undefined) return Array.from(starts, () => false)
  const { strings } = lexicalRanges(text, family)
  return Array.from(starts, (start) => start > 0 && inRanges(strings, start - 1) && inRanges(strings, start))
}

/**
 * `text` as lines at `indent`: one final line break dropped, the common indentation of its
 * non-blank lines replaced by `indent`, blank lines left empty. Lines that begin inside a string
 * literal of the language of `extension` (e.g. `.py`, `.ts`) are written as given and count for
 * no indentation: re-indented, a triple-quoted string's text changed and the edit still "held".
 */
export function reindented(text: string, indent: string, extension = ''): string[] {
  const body = text.replace(/(\r\n|\r|\n)$/, '')
  const lines = splitLines(body)
  const verbatim = linesInStrings(body, extension)
  const common = commonIndent(lines.filter((_, index) => !verbatim[index]))
  return lines.map((line, index) => (verbatim[index] ? line : line.trim() === '' ? '' : `${indent}${line.slice(common.length)}`))
}

/**
 * The edit of a symbol operation on `declaration` (zero-based UTF-16 ranges, the file's own line
 * break `eol`), with the `text` re-indented to the indentation of the declaration's first line
 * (lines inside its string literals as given, see {@link reindented}):
 * - `replaceSymbol`: the whole declaration (its `span`: the lines symbolSource shows, with
 *   decorators, signature and body; the `DocumentSymbol.range` alone where those lines hold other
 *   declarations) becomes `text`; the doc comment above stays, unless `text` opens with a comment
 *   (as symbolSource shows the symbol): then it replaces the doc comment too.
 * - `insertBefore`: `text` as whole lines above the declaration and its doc comment.
 * - `insertAfter`: `text` as whole lines below the declaration's last line.
 * Blank lines are written only where `text` has them.
 */
export function symbolEdit(
  operation: Exclude<SymbolOperation, 'symbolSource'>,
  declaration: SymbolDeclaration,
  text: string,
  lines: readonly string[],
  eol: string,
): { edit: LspWorkspaceEdit; what: string } {
  const { range, span, symbol } = declaration
  const indent = /^[ \t]*/.exec(lines[range.start.line] ?? '')![0]
  const extension = path.extname(URI.parse(symbol.uri).fsPath).toLowerCase()
  const newLines = reindented(text, indent, extension)
  const at = (line: number, character: number): LspRange => ({ start: { line, character }, end: { line, character } })
  const last = lastLineOf(declaration)
  const title = symbolTitle(symbol, declaration.displayName)
  // A text that opens with a comment replaces the doc comment too (symbolSource shows it above the declaration).
  const withDoc = declaration.docStart < range.start.line && span.start.character === 0 && opensComment(newLines[0] ?? '', extension)
  const replaced = withDoc ? { start: { line: declaration.docStart, character: 0 }, end: span.end } : span
  // The span's first line keeps what precedes it there: the indentation, or code (a sibling's).
  const kept = Math.min(indent.length, replaced.start.character)
  const change =
    operation === 'replaceSymbol'
      ? { what: `replace ${title}`, range: replaced, newText: [newLines[0]!.slice(kept), ...newLines.slice(1)].join(eol) }
      : operation === 'insertBefore'
        ? { what: `insert before ${title}`, range: at(declaration.docStart, 0), newText: newLines.map((line) => `${line}${eol}`).join('') }
        : { what: `insert after ${title}`, range: at(last, lines[last]!.length), newText: newLines.map((line) => `${eol}${line}`).join('') }
  return { what: change.what, edit: { changes: [{ kind: 'edit', uri: symbol.uri, version: null, edits: [{ range: change.range, newText: change.newText }] }] } }
}
