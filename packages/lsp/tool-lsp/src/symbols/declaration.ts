import path from 'node:path'
import type { LspRange, LspSymbol, LspSymbolsResult } from '@agent-lsp/lsp'
import { documentEntries, type SymbolEntry } from '../address/symbol-match.js'
import type { Cursor } from '../input/cursor.js'
import { LspToolError } from '../errors.js'
import { docCommentStart } from './doc-comment.js'
import { fieldWord } from '../input/field-word.js'
import { rangeEditOperation } from '../input/tool-request.js'
import { rangeHolds, rangeSize } from '../text/positions.js'
import { functionKinds } from '../text/symbol-names.js'
import { pythonDefRun } from './python-defs.js'
import { pythonFiles, pythonHeaderNameAt } from './python-symbols.js'
import { declarationSpan, isNameOnly } from './declaration-span.js'
import { withTemplateHeads } from './template-heads.js'

/** A symbol's whole declaration in its file, and the doc comment above it. Lines are zero-based. */
export interface SymbolDeclaration {
  readonly symbol: LspSymbol
  /** Enclosing names and its own (`Cart.addItem`). */
  readonly displayName: string
  /** The server's `DocumentSymbol.range`: decorators, signature and body, C++ template heads (see `withTemplateHeads`); no comment above. */
  readonly range: LspRange
  /** First line of the doc comment directly above; `range.start.line` when there is none. */
  readonly docStart: number
  /** How many declarations `range` spans: more than 1 for overload signatures and their implementation, or a Python property's accessors. */
  readonly declarations: number
  /** What several `declarations` are. */
  readonly group: 'overloads' | 'property accessors' | 'redefinitions'
  /**
   * What replaceSymbol replaces (zero-based UTF-16): `range` widened to the declaration's
   * statement (`export const ` and `;` around tsserver's declarator, ` = 10` after pyright's name,
   * `PUB(` before clangd's return type) and the symbols declared with it; see `declarationSpan`.
   */
  readonly span: LspRange
  /** Other symbols the declaration declares (`G, H string`): `span` replaces them too. */
  readonly declaresToo: readonly string[]
}


/**
 * The declaration at `cursor` in its file's `documentSymbol` answer: the innermost symbol whose
 * name (`selectionRange`) holds the cursor, else the innermost whose `range` holds it.
 * @param lines - the file's lines, for the doc comment.
 * @param flags - how the message names the `symbol` field (see `LspToolOptions.writeFlags`).
 * @throws LspToolError `LSP_SYMBOL_NOT_FOUND` when no symbol holds the cursor.
 */
export function declarationAt(result: LspSymbolsResult, cursor: Cursor, lines: readonly string[], flags?: 'tool' | 'command'): SymbolDeclaration {
  const entries = documentEntries(result.symbols)
  const innermost = (holds: (entry: SymbolEntry) => boolean): SymbolEntry | undefined =>
    entries.filter(holds).sort((a, b) => rangeSize(a.symbol.range) - rangeSize(b.symbol.range))[0]
  const entry = innermost((e) => rangeHolds(e.symbol.selectionRange, cursor.position)) ?? innermost((e) => rangeHolds(e.symbol.range, cursor.position))
  const extension = path.extname(cursor.absolutePath).toLowerCase()
  const header = pythonFiles.has(extension) ? pythonHeaderNameAt(lines, cursor.position) : undefined
  if (header !== undefined && entry?.symbol.name !== header) {
    // Never the class around it: a replaceSymbol would replace the class, an insertAfter write after it.
    const listed = entries.filter((e) => e.symbol.name === header).map((e) => `${e.displayName} at line ${e.symbol.selectionRange.start.line + 1}`)
    const which = listed.length > 0 ? ` (it lists ${listed.join(', ')})` : ''
    throw new LspToolError('LSP_SYMBOL_NOT_FOUND', `${cursor.label} is on a definition of ${header} that documentSymbol does not list: pyright lists one of several same-named definitions of a scope${which}; edit this one by its lines (the ${rangeEditOperation} operation)`)
  }
  if (entry === undefined) {
    throw new LspToolError('LSP_SYMBOL_NOT_FOUND', `no symbol holds ${cursor.label} (documentSymbol lists none there); give ${fieldWord('symbol', flags)}, or a cursor on a declaration`)
  }
  const group = overloadGroup(entries, entry, lines, extension)
  let range: LspRange = withTemplateHeads({ start: group[0]!.symbol.range.start, end: group[group.length - 1]!.symbol.range.end }, lines, extension)
  let declarations: { count: number; kind: SymbolDeclaration['group'] } = { count: group.length, kind: 'overloads' }
  if (pythonFiles.has(extension) && functionKinds.has(entry.symbol.kind)) {
    // pyright lists only the last def of a name: the getter and overloads above it are read from
    // the text (the tool's documentSymbol answers start it at the first already, see withPythonDefRuns).
    const above = pythonDefRun(lines, entry.symbol.selectionRange.start.line, entry.symbol.name)
    if (above.count > 1) {
      range = { start: { line: above.start, character: /^[ \t]*/.exec(lines[above.start]!)![0].length }, end: range.end }
      declarations = above
    }
  }
  const nameOnly = group.length === 1 && isNameOnly(entry.symbol)
  const { span, declaresToo } = declarationSpan(range, nameOnly, group, entries, lines)
  const docStart = docCommentStart(lines, range.start.line, extension)
  return { symbol: entry.symbol, displayName: entry.displayName, range, docStart, declarations: declarations.count, group: declarations.kind, span, declaresToo }
}

/** Extensions whose functions have overload signatures apart from the implementation (TypeScript's); C++'s `int get(int); int get(int) const;` are two functions. */
const overloadSignatures = new Set(['.ts', '.tsx', '.mts', '.cts'])

/**
 * `entry` with the overload signatures around it: siblings of its name and function kind, each
 * directly above the next (only its doc comment between), every one but the last without a body
 * (its last line does not end with `}`: TypeScript's `function f(a: string): string`). One
 * function to a reader, shown and replaced whole. TypeScript only: C++ overloads, prototypes or
 * not, are distinct functions.
 */
function overloadGroup(entries: readonly SymbolEntry[], entry: SymbolEntry, lines: readonly string[], extension: string): SymbolEntry[] {
  const { name, kind, uri } = entry.symbol
  if (!functionKinds.has(kind) || !overloadSignatures.has(extension)) return [entry]
  const parent = entry.path.slice(0, -1).join('\u0000')
  const siblings = entries
    .filter((other) => other.symbol.name === name && other.symbol.kind === kind && other.symbol.uri === uri && other.path.slice(0, -1).join('\u0000') === parent)
    .sort((a, b) => a.symbol.range.start.line - b.symbol.range.start.line || a.symbol.range.start.character - b.symbol.range.start.character)
  const bodiless = (at: SymbolEntry): boolean => !/\}\s*;?\s*$/.test(lines[at.symbol.range.end.line] ?? '}')
  const joined = (above: SymbolEntry, below: SymbolEntry): boolean => bodiless(above) && docCommentStart(lines, below.symbol.range.start.line, extension) <= above.symbol.range.end.line + 1
  let first = siblings.indexOf(entry)
  let last = first
  while (first > 0 && joined(siblings[first - 1]!, siblings[first]!)) first--
  while (last + 1 < siblings.length && joined(siblings[last]!, siblings[last + 1]!)) last++
  return siblings.slice(first, last + 1)
}
