import { SymbolRole, type Document, type SymbolInformation } from '@c4312/scip/scip_pb.js'
import type { LspPosition, LspRange } from '@agent-lsp/lsp'
import { needsText, scipRange } from './ranges.js'
import { isLocalSymbol } from './symbol.js'

/** One occurrence of a symbol in a document, its range in the seam's units (zero-based, UTF-16). */
export interface ScipOccurrence {
  /** The document's path relative to the project root, `/`-separated (SCIP `relative_path`). */
  readonly path: string
  readonly range: LspRange
  readonly symbol: string
  /** The occurrence defines the symbol (`SymbolRole.Definition`). */
  readonly definition: boolean
  /** The whole declaration (`enclosing_range`), when the indexer gave it. */
  readonly enclosing: LspRange | undefined
}

/** What one SCIP document contributes to the lookups: its occurrences and its symbols' information. */
export interface DocumentEntry {
  readonly path: string
  /** Sorted by start, then end. */
  readonly occurrences: readonly ScipOccurrence[]
  readonly symbols: readonly SymbolInformation[]
}

/** A document line's current text (for UTF-8 and UTF-32 positions; see `scipRange`). */
export type LineText = (path: string, line: number) => string | undefined

export const compare = (a: LspPosition, b: LspPosition): number => a.line - b.line || a.character - b.character

/** A symbol's key: global symbols are themselves, `local N` symbols belong to their document. */
export const keyOf = (symbol: string, path: string): string => (isLocalSymbol(symbol) ? `${path}\u0000${symbol}` : symbol)

/** The symbol of a key (local keys carry their document before the separator). */
export const symbolOfKey = (key: string): string => key.slice(key.indexOf('\u0000') + 1)

/** A decoded document's entry: its occurrences with a symbol and a range of 3 or 4 numbers, sorted. */
export function entryOf(document: Document, lineText: LineText): DocumentEntry {
  const path = document.relativePath
  const text = needsText(document.positionEncoding) ? (line: number) => lineText(path, line) ?? '' : undefined
  const occurrences: ScipOccurrence[] = []
  for (const occurrence of document.occurrences) {
    const range = scipRange(occurrence.range, document.positionEncoding, text)
    if (range === undefined || occurrence.symbol === '') continue
    const enclosing = occurrence.enclosingRange.length > 0 ? scipRange(occurrence.enclosingRange, document.positionEncoding, text) : undefined
    const definition = (occurrence.symbolRoles & SymbolRole.Definition) !== 0
    occurrences.push({ path, range, symbol: occurrence.symbol, definition, enclosing })
  }
  occurrences.sort((a, b) => compare(a.range.start, b.range.start) || compare(a.range.end, b.range.end))
  return { path, occurrences, symbols: document.symbols }
}

/** The symbols of an entry related to `parentKey` by the relationship `kind`, as keys, in order. */
export function relatedIn(entry: DocumentEntry, parentKey: string, kind: 'isImplementation' | 'isReference'): string[] {
  const found: string[] = []
  for (const information of entry.symbols) {
    for (const relationship of information.relationships) {
      if (relationship[kind] && keyOf(relationship.symbol, entry.path) === parentKey) found.push(keyOf(information.symbol, entry.path))
    }
  }
  return found
}

/**
 * The occurrence at `position` among a document's: the innermost non-empty one containing it, a
 * range's end counting (a cursor just after a name is on it) when no range strictly contains it.
 */
export function occurrenceAt(occurrences: readonly ScipOccurrence[], position: LspPosition): ScipOccurrence | undefined {
  const candidates = occurrences.filter((occurrence) => compare(occurrence.range.start, occurrence.range.end) < 0 && compare(occurrence.range.start, position) <= 0 && compare(position, occurrence.range.end) <= 0)
  const inside = candidates.filter((occurrence) => compare(position, occurrence.range.end) < 0)
  const pool = inside.length > 0 ? inside : candidates
  return pool.reduce<ScipOccurrence | undefined>((best, occurrence) => (best === undefined || compare(occurrence.range.start, best.range.start) >= 0 ? occurrence : best), undefined)
}

/** Breadth-first closure of `edges` from `key`, each key once, in the order found; symbols, not keys. */
export function closure(edges: (key: string) => readonly string[], key: string): string[] {
  const found: string[] = []
  const queue = [key]
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const related of edges(next)) {
      if (found.includes(related)) continue
      found.push(related)
      queue.push(related)
    }
  }
  return found.map(symbolOfKey)
}
