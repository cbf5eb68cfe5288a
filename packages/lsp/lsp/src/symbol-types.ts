import type { LspLocation, LspRange } from './positions.js'

/**
 * A symbol kind, named as the LSP 3.17 `SymbolKind` enumeration's members; `Unknown` for a
 * number outside it (servers may send newer kinds).
 */
export type LspSymbolKind =
  | 'File'
  | 'Module'
  | 'Namespace'
  | 'Package'
  | 'Class'
  | 'Method'
  | 'Property'
  | 'Field'
  | 'Constructor'
  | 'Enum'
  | 'Interface'
  | 'Function'
  | 'Variable'
  | 'Constant'
  | 'String'
  | 'Number'
  | 'Boolean'
  | 'Array'
  | 'Object'
  | 'Key'
  | 'Null'
  | 'EnumMember'
  | 'Struct'
  | 'Event'
  | 'Operator'
  | 'TypeParameter'
  | 'Unknown'

/**
 * A symbol (LSP 3.17 §DocumentSymbol, §SymbolInformation, §WorkspaceSymbol) in one shape:
 * `range` spans the whole declaration, `selectionRange` its name. Document symbols nest in
 * `children`; workspace symbols are flat and name their `containerName`.
 */
export interface LspSymbol {
  readonly name: string
  readonly kind: LspSymbolKind
  /** More about the symbol, e.g. a signature, when the server gives it. */
  readonly detail?: string
  /** The enclosing symbol's name, for flat (workspace or `SymbolInformation`) symbols. */
  readonly containerName?: string
  readonly uri: string
  /** The whole declaration, zero-based UTF-16, half-open. */
  readonly range: LspRange
  /**
   * The symbol's name inside `range`. Flat symbols (`SymbolInformation`, `WorkspaceSymbol`) have
   * no name range on the wire: theirs equals `range`, and a `WorkspaceSymbol` sent with only a
   * `uri` (resolved lazily, LSP 3.17) gets an empty range at the file's start for both.
   */
  readonly selectionRange: LspRange
  /** Nested symbols in document order; always empty for flat symbols. */
  readonly children: readonly LspSymbol[]
}

/** A function, method or constructor in a call hierarchy (LSP 3.17 §CallHierarchyItem). */
export interface LspCallHierarchyItem {
  readonly name: string
  readonly kind: LspSymbolKind
  readonly detail?: string
  readonly uri: string
  readonly range: LspRange
  readonly selectionRange: LspRange
}

/**
 * One caller (for `incomingCalls`) or callee (for `outgoingCalls`) and where the calls are.
 * `callSites` carry their document: for incoming calls it is the caller's, for outgoing calls
 * the origin's (LSP's `fromRanges`, made self-describing).
 */
export interface LspCall {
  readonly item: LspCallHierarchyItem
  readonly callSites: readonly LspLocation[]
}

/**
 * A class, interface or other type in a type hierarchy (LSP 3.17 §TypeHierarchyItem): `range`
 * spans its declaration, `selectionRange` its name, zero-based UTF-16, half-open.
 */
export interface LspTypeHierarchyItem {
  readonly name: string
  readonly kind: LspSymbolKind
  /** More about the type, e.g. its namespace, when the server gives it. */
  readonly detail?: string
  readonly uri: string
  readonly range: LspRange
  readonly selectionRange: LspRange
}
