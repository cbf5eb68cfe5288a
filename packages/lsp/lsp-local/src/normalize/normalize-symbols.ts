import type { LspCallHierarchyItem, LspSymbol, LspSymbolKind } from '@agent-lsp/lsp'
import { copyRange, isRange, isRecord, malformed, preview } from './shapes.js'
import { canonicalUri } from './uri.js'

/** LSP 3.17 `SymbolKind` numbers (1-based) to their names. */
const symbolKinds: readonly LspSymbolKind[] = [
  'File', 'Module', 'Namespace', 'Package', 'Class', 'Method', 'Property', 'Field', 'Constructor', 'Enum', 'Interface',
  'Function', 'Variable', 'Constant', 'String', 'Number', 'Boolean', 'Array', 'Object', 'Key', 'Null', 'EnumMember',
  'Struct', 'Event', 'Operator', 'TypeParameter',
]

/** The name of a `SymbolKind` number; `Unknown` for one this client does not know. */
export function symbolKindName(kind: unknown): LspSymbolKind {
  return (typeof kind === 'number' && symbolKinds[kind - 1]) || 'Unknown'
}

/**
 * Normalize a `textDocument/documentSymbol` answer (LSP 3.17 §Document Symbols): hierarchical
 * `DocumentSymbol[]` keep their tree; flat `SymbolInformation[]` become a list with
 * `containerName` and `selectionRange` = `range`. Sorted by position, children too.
 * @throws LspError `LSP_MALFORMED_RESPONSE`.
 */
export function normalizeDocumentSymbols(raw: unknown, uri: string, what: string): LspSymbol[] {
  if (raw === null || raw === undefined) return []
  if (!Array.isArray(raw)) throw malformed(what, `expected DocumentSymbol[] or SymbolInformation[], got ${preview(raw)}`)
  return sortByPosition(raw.map((item) => (isRecord(item) && 'location' in item ? flatSymbol(item, what) : treeSymbol(item, uri, what))))
}

/**
 * Normalize a `workspace/symbol` answer (`SymbolInformation[]` or `WorkspaceSymbol[]`, LSP 3.17
 * §Workspace Symbols) in the server's order (its ranking). A `WorkspaceSymbol` with a location
 * but no range gets an empty range at the file's start.
 * @throws LspError `LSP_MALFORMED_RESPONSE`.
 */
export function normalizeWorkspaceSymbols(raw: unknown, what: string): LspSymbol[] {
  if (raw === null || raw === undefined) return []
  if (!Array.isArray(raw)) throw malformed(what, `expected SymbolInformation[] or WorkspaceSymbol[], got ${preview(raw)}`)
  return raw.map((item) => flatSymbol(item, what))
}

function treeSymbol(item: unknown, uri: string, what: string): LspSymbol {
  if (!isRecord(item) || typeof item.name !== 'string' || !isRange(item.range) || !isRange(item.selectionRange)) {
    throw malformed(what, `expected DocumentSymbol, got ${preview(item)}`)
  }
  const children = Array.isArray(item.children) ? sortByPosition(item.children.map((child) => treeSymbol(child, uri, what))) : []
  return {
    name: item.name,
    kind: symbolKindName(item.kind),
    ...(typeof item.detail === 'string' && item.detail !== '' ? { detail: item.detail } : {}),
    uri,
    range: copyRange(item.range),
    selectionRange: copyRange(item.selectionRange),
    children,
  }
}

function flatSymbol(item: unknown, what: string): LspSymbol {
  const location = isRecord(item) ? item.location : undefined
  if (!isRecord(item) || typeof item.name !== 'string' || !isRecord(location) || typeof location.uri !== 'string') {
    throw malformed(what, `expected SymbolInformation or WorkspaceSymbol, got ${preview(item)}`)
  }
  const empty = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }
  if (location.range !== undefined && !isRange(location.range)) throw malformed(what, `symbol location range is not a Range: ${preview(item)}`)
  const range = location.range === undefined ? empty : copyRange(location.range)
  return {
    name: item.name,
    kind: symbolKindName(item.kind),
    ...(typeof item.containerName === 'string' && item.containerName !== '' ? { containerName: item.containerName } : {}),
    uri: canonicalUri(location.uri),
    range,
    selectionRange: range,
    children: [],
  }
}

/**
 * Normalize a `CallHierarchyItem` (LSP 3.17 §Call Hierarchy).
 * @throws LspError `LSP_MALFORMED_RESPONSE`.
 */
export function normalizeCallHierarchyItem(item: unknown, what: string): LspCallHierarchyItem {
  if (!isRecord(item) || typeof item.name !== 'string' || typeof item.uri !== 'string' || !isRange(item.range) || !isRange(item.selectionRange)) {
    throw malformed(what, `expected CallHierarchyItem, got ${preview(item)}`)
  }
  return {
    name: item.name,
    kind: symbolKindName(item.kind),
    ...(typeof item.detail === 'string' && item.detail !== '' ? { detail: item.detail } : {}),
    uri: canonicalUri(item.uri),
    range: copyRange(item.range),
    selectionRange: copyRange(item.selectionRange),
  }
}

function sortByPosition(symbols: LspSymbol[]): LspSymbol[] {
  return symbols.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character)
}
