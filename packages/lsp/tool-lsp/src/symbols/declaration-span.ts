// What replaceSymbol replaces: the server's DocumentSymbol.range, widened to the declaration's
// statement where the server's range leaves part of it out. Pure: symbols and lines in.
import type { LspPosition, LspRange } from '@agent-lsp/lsp'
import type { SymbolEntry } from '../address/symbol-match.js'
import { rangeHolds, rangeSize } from '../text/positions.js'

/** Keywords and modifiers a declaration starts with, before the range some servers give (tsserver's declarator, gopls' spec). */
const DECLARATION_PREFIX =
  /^\s*(?:(?:export|default|declare|const|let|var|async|static|public|private|protected|readonly|abstract|override|extern|inline|typedef|struct|enum|type|func|pub|final)\s+)*(?:[A-Z_][A-Z0-9_]*\s*\(\s*)?$/

/** The rest of a line that is no code: blank, or a comment. */
const NO_CODE = /^\s*(?:(?:\/\/|#).*|\/\*.*\*\/\s*)?$/

export interface DeclarationSpan {
  /** What replaceSymbol replaces, zero-based UTF-16. */
  readonly span: LspRange
  /** Other symbols the same declaration declares (`G, H string`; clangd's `int x, y`): the span holds them too. */
  readonly declaresToo: readonly string[]
}

/** Whether a server's range of `symbol` is its name alone (pyright's variables): its statement then runs on past it. */
export function isNameOnly(symbol: { readonly range: LspRange; readonly selectionRange: LspRange }): boolean {
  return rangeSize(symbol.range) === rangeSize(symbol.selectionRange) && rangeHolds(symbol.selectionRange, symbol.range.start)
}

const before = (a: LspPosition, b: LspPosition): boolean => a.line < b.line || (a.line === b.line && a.character < b.character)
const intersects = (a: LspRange, b: LspRange): boolean => before(a.start, b.end) && before(b.start, a.end)

/**
 * The span of a declaration whose symbols are `own` (an overload group's, or one), `range` theirs:
 * - other symbols whose ranges cross it, neither holding nor held (gopls gives `G` and `H` of
 *   `G, H string` one range; clangd starts `y`'s of `int x, y` at the shared `int`), are declared
 *   with it: the span covers them too;
 * - the start moves to the line's start over declaration keywords (`export const `, `var `, a
 *   macro's `PUB(`), the end over a `;` and, for a range that is the name alone (pyright's
 *   variables), over the assignment to the statement's end (brackets closed: a multi-line value);
 *   then to the line's end when only a comment is left. Not over another symbol's place, nor other
 *   code (`if DEBUG: `, a call after it).
 */
export function declarationSpan(range: LspRange, nameOnly: boolean, own: readonly SymbolEntry[], entries: readonly SymbolEntry[], lines: readonly string[]): DeclarationSpan {
  // Not its enclosing symbols nor its children (by name path and range); any other crossing or equal range is declared with it.
  const ownPath = own[0]?.path ?? []
  const prefixOf = (a: readonly string[], b: readonly string[]): boolean => a.length < b.length && a.every((name, index) => b[index] === name)
  const others = entries.filter(
    (entry) => !own.includes(entry) && !(prefixOf(entry.path, ownPath) && rangeHolds(entry.symbol.range, range)) && !(prefixOf(ownPath, entry.path) && rangeHolds(range, entry.symbol.range)),
  )
  const withIt = others.filter((entry) => intersects(entry.symbol.range, range))
  let { start, end } = range
  for (const { symbol } of withIt) {
    if (before(symbol.range.start, start)) start = symbol.range.start
    if (before(end, symbol.range.end)) end = symbol.range.end
  }
  if (end.character === 0 && end.line > start.line) end = { line: end.line - 1, character: lines[end.line - 1]?.length ?? 0 }
  const rest = others.filter((entry) => !withIt.includes(entry))
  const widened = endOfStatement(lines, end, nameOnly)
  const lineStart = { line: start.line, character: 0 }
  // Another symbol on these lines (`const a = 1, b = 2`): widening one end alone would leave `a = 3, b = 2`.
  const beside = rest.some(({ symbol }) => [symbol.range.start, symbol.range.end].some((at) => (at.line === start.line && before(at, start)) || (!before(widened, at) && before(end, at)) || (at.line === end.line && before(end, at))))
  if (!beside) {
    if (DECLARATION_PREFIX.test((lines[start.line] ?? '').slice(0, start.character))) start = lineStart
    end = widened
  }
  return { span: { start, end }, declaresToo: withIt.map((entry) => entry.symbol.name) }
}

/** Past `end`: a `;`, or an assignment of a name-only range to its statement's end; then a trailing comment. */
function endOfStatement(lines: readonly string[], end: LspPosition, nameOnly: boolean): LspPosition {
  const text = lines[end.line] ?? ''
  const after = text.slice(end.character)
  let at = end
  const semicolon = /^\s*;/.exec(after)
  if (semicolon) at = { line: end.line, character: end.character + semicolon[0].length }
  else if (nameOnly && /^\s*(?::[^=]*)?(?:=|$)/.test(after)) at = closedAt(lines, end)
  const left = (lines[at.line] ?? '').slice(at.character)
  return NO_CODE.test(left) ? { line: at.line, character: (lines[at.line] ?? '').length } : at
}

/** Where a statement starting at `from` ends: the end of the line where its brackets close and no `\` continues it (strings skipped, `#` comments ignored); at most 2,000 lines on. */
function closedAt(lines: readonly string[], from: LspPosition): LspPosition {
  let depth = 0
  let quote: string | undefined
  for (let line = from.line; line < lines.length && line < from.line + 2000; line++) {
    const text = lines[line]!
    for (let index = line === from.line ? from.character : 0; index < text.length; index++) {
      const char = text[index]!
      if (quote !== undefined) {
        if (char === '\\') index++
        else if (text.startsWith(quote, index)) {
          index += quote.length - 1
          quote = undefined
        }
      } else if (char === '#') break
      else if (char === '"' || char === "'") quote = text.startsWith(char.repeat(3), index) ? char.repeat(3) : char
      else if ('([{'.includes(char)) depth++
      else if (')]}'.includes(char)) depth--
    }
    // A one-quote string does not cross lines; a triple-quoted one does.
    if (quote !== undefined && quote.length === 1) quote = undefined
    if (depth <= 0 && quote === undefined && !text.endsWith('\\')) return { line, character: text.length }
  }
  return { line: from.line, character: (lines[from.line] ?? '').length }
}
