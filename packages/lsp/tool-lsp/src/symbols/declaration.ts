import path from 'node:path'
import type { LspPosition, LspRange, LspSymbol, LspSymbolsResult } from '@agent-lsp/lsp'
import { documentEntries, type SymbolEntry } from '../address/symbol-match.js'
import type { Cursor } from '../input/cursor.js'
import { LspToolError } from '../errors.js'
import { docCommentStart } from './doc-comment.js'
import { fieldWord } from '../render/field-word.js'
import { rangeHolds } from '../text/positions.js'

/** A symbol's whole declaration in its file, and the doc comment above it. Lines are zero-based. */
export interface SymbolDeclaration {
  readonly symbol: LspSymbol
  /** Enclosing names and its own (`Cart.addItem`). */
  readonly displayName: string
  /** The server's `DocumentSymbol.range`: decorators, signature and body; no comment above. */
  readonly range: LspRange
  /** First line of the doc comment directly above; `range.start.line` when there is none. */
  readonly docStart: number
}

const size = (range: LspRange): number => (range.end.line - range.start.line) * 1e6 + range.end.character - range.start.character

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
    entries.filter(holds).sort((a, b) => size(a.symbol.range) - size(b.symbol.range))[0]
  const entry = innermost((e) => rangeHolds(e.symbol.selectionRange, cursor.position)) ?? innermost((e) => rangeHolds(e.symbol.range, cursor.position))
  if (entry === undefined) {
    throw new LspToolError('LSP_SYMBOL_NOT_FOUND', `no symbol holds ${cursor.label} (documentSymbol lists none there); give ${fieldWord('symbol', flags)}, or a cursor on a declaration`)
  }
  const { range } = entry.symbol
  return { symbol: entry.symbol, displayName: entry.displayName, range, docStart: docCommentStart(lines, range.start.line, path.extname(cursor.absolutePath).toLowerCase()) }
}
