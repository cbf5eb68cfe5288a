import { symbolTitle } from '../render/render-symbols.js'
import type { LspPosition, LspRange } from '@agent-lsp/lsp'
import { utf16ToCodePointColumn } from '../text/columns.js'
import { cutToCodePoints } from '../text/cut.js'
import type { SymbolDeclaration } from './declaration.js'

/** Source lines shown in one answer; the rest are counted. */
export const MAX_SOURCE_LINES = 400

/** Longest source line shown, in code points: past any hand-written line, short of a minified or generated one. */
export const MAX_SOURCE_LINE_CODE_POINTS = 500

/** The zero-based last line of a declaration (a range ending at a line's start ends on the line before). */
export function lastLineOf(declaration: SymbolDeclaration): number {
  const { start, end } = declaration.range
  // The span may reach further: pyright's range is a variable's name, its value runs on.
  return Math.max(end.character === 0 && end.line > start.line ? end.line - 1 : end.line, declaration.span.end.line)
}

/**
 * `symbolSource`'s answer: a header `src/cart.ts:4-10  Method Cart.addItem (doc comment 4-6)` (1-based
 * inclusive lines, the doc comment's first; `(doc comment 4)` for one line; `(replaceSymbol replaces
 * 1:14-1:19 only: …)`, 1-based code-point columns, when the lines hold other code; `(declared with
 * H: …)` when the declaration declares other symbols too), then each line as `<number>  <text>`, numbers 1-based
 * and right-aligned, text exactly as in the file; cut after {@link MAX_SOURCE_LINES} with a count, and a
 * line after {@link MAX_SOURCE_LINE_CODE_POINTS} code points with `… (N more characters of this line not shown)`.
 * @param lines - the file's lines (LSP lines, no terminators).
 */
export function renderSymbolSource(declaration: SymbolDeclaration, lines: readonly string[], displayPath: string): string {
  const first = declaration.docStart
  const start = declaration.range.start.line
  const last = lastLineOf(declaration)
  const doc = first < start ? ` (doc comment ${first + 1 === start ? start : `${first + 1}-${start}`})` : ''
  const overloads = declaration.declarations > 1 ? ` (${declaration.declarations} declarations: ${declaration.group})` : ''
  const header = `${displayPath}:${first + 1}-${last + 1}  ${symbolTitle(declaration.symbol, declaration.displayName)}${overloads}${doc}${partOfLines(declaration, lines)}`
  const shownLast = Math.min(last, first + MAX_SOURCE_LINES - 1)
  const width = String(shownLast + 1).length
  const rows = lines.slice(first, shownLast + 1).map((text, index) => `${String(first + index + 1).padStart(width)}  ${shownLine(text)}`)
  const more = last > shownLast ? [`… ${last - shownLast} more lines, to line ${last + 1} (not shown)`] : []
  return [header, ...rows, ...more].join('\n')
}

/**
 * ` (declared with H: …)` when the declaration declares other symbols too; else
 * ` (replaceSymbol replaces 1:14-1:19 only: …)` when its lines hold other code; 1-based code-point columns.
 */
function partOfLines({ span, declaresToo }: SymbolDeclaration, lines: readonly string[]): string {
  if (declaresToo.length > 0) {
    const names = declaresToo.join(', ')
    return ` (declared with ${names}: replaceSymbol replaces the whole declaration, so its text must declare ${names} too)`
  }
  const before = (lines[span.start.line] ?? '').slice(0, span.start.character)
  const after = (lines[span.end.line] ?? '').slice(span.end.character)
  if (before.trim() === '' && after.trim() === '') return ''
  return ` (replaceSymbol replaces ${spanText(span, lines)} only: the lines hold other code)`
}

/** `4:2-4:12`: a span's ends, 1-based lines and code-point columns. */
export function spanText(span: LspRange, lines: readonly string[]): string {
  const at = ({ line, character }: LspPosition): string => `${line + 1}:${utf16ToCodePointColumn(lines[line] ?? '', character)}`
  return `${at(span.start)}-${at(span.end)}`
}

function shownLine(text: string): string {
  const { kept, cut } = cutToCodePoints(text, MAX_SOURCE_LINE_CODE_POINTS)
  return cut === 0 ? text : `${kept}… (${cut} more ${cut === 1 ? 'character' : 'characters'} of this line not shown)`
}
