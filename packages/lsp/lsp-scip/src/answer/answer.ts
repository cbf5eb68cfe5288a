import type { LspHoverResult, LspLocation, LspLocationsResult, LspOperation, LspPosition, LspSymbolsResult } from '@agent-lsp/lsp'
import type { ScipModel } from '../scip/model.js'
import { aliasUses, type IndexedText } from './alias-uses.js'
import { hoverOf } from './hover.js'
import { definitionRows, implementationRows, referenceRows, type Cursor, type Row } from './locations.js'
import { documentSymbols, workspaceSymbols } from './symbols.js'

type Arm<Result> = Omit<Result, 'resolvedWorkspaceRoot' | 'completeness' | 'provenance'>

/** An operation's result arm before its completeness and provenance; its empty form; the documents it names. */
export interface Answer {
  readonly result: Arm<LspLocationsResult> | Arm<LspHoverResult> | Arm<LspSymbolsResult>
  readonly empty: Arm<LspLocationsResult> | Arm<LspHoverResult> | Arm<LspSymbolsResult>
  /** Relative paths of the documents the answer names (rows, symbols, the hover's own file). */
  readonly paths: readonly string[]
}

const compareRows = (a: LspLocation, b: LspLocation): number =>
  a.uri === b.uri ? a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character || a.range.end.line - b.range.end.line || a.range.end.character - b.range.end.character : a.uri < b.uri ? -1 : 1

/** Rows as seam locations: deduplicated, sorted by URI, then start, then end. */
export function locationsOf(rows: readonly Row[], uriOf: (path: string) => string): LspLocation[] {
  const sorted = rows.map((row) => ({ uri: uriOf(row.path), range: row.range })).sort(compareRows)
  return sorted.filter((location, i) => i === 0 || compareRows(sorted[i - 1]!, location) !== 0)
}

/** A cursor operation (`goToDefinition`, `findReferences`, `goToImplementation`, `hover`) at `position` of `path`. */
export function answerAt(model: ScipModel, operation: LspOperation, path: string, position: LspPosition, uriOf: (path: string) => string): Answer {
  const cursor: Cursor = { path, occurrence: model.at(path, position) }
  if (operation === 'hover') {
    const { occurrence } = cursor
    const hover = occurrence === undefined ? null : hoverOf(model.infoOf(occurrence.symbol, path), occurrence.range)
    return { result: { kind: 'hover', hover }, empty: { kind: 'hover', hover: null }, paths: [path] }
  }
  const rows = operation === 'goToDefinition' ? definitionRows(model, cursor) : operation === 'findReferences' ? referenceRows(model, cursor) : implementationRows(model, cursor)
  return answerRows(rows, uriOf)
}

/** A locations answer of `rows`. */
export function answerRows(rows: readonly Row[], uriOf: (path: string) => string): Answer {
  return { result: { kind: 'locations', locations: locationsOf(rows, uriOf) }, empty: { kind: 'locations', locations: [] }, paths: rows.map((row) => row.path) }
}

/** `findReferences` at `position` of `path`, joined with the uses of the names it is imported under (see {@link aliasUses}). */
export async function answerReferences(model: ScipModel, path: string, position: LspPosition, uriOf: (path: string) => string, text: IndexedText): Promise<Answer> {
  const rows = referenceRows(model, { path, occurrence: model.at(path, position) })
  return answerRows([...rows, ...(await aliasUses(model, rows, text))], uriOf)
}

/** `documentSymbol` of `path`. */
export function answerFile(model: ScipModel, path: string, uriOf: (path: string) => string): Answer {
  return { result: { kind: 'symbols', symbols: documentSymbols(model, path, uriOf(path)) }, empty: { kind: 'symbols', symbols: [] }, paths: [path] }
}

/** `workspaceSymbol` over `paths`. */
export function answerSearch(model: ScipModel, paths: readonly string[], query: string, uriOf: (path: string) => string): Answer {
  const symbols = workspaceSymbols(model, model.searchable(paths, query), query, uriOf)
  const byUri = new Map(paths.map((path) => [uriOf(path), path]))
  return { result: { kind: 'symbols', symbols }, empty: { kind: 'symbols', symbols: [] }, paths: [...new Set(symbols.map((symbol) => byUri.get(symbol.uri) ?? ''))] }
}
