import type { Branded } from '@agent-lsp/brand'
import type { LspCodeAction, LspCompletionList, LspFormattingOptions, LspWorkspaceEdit } from './edit-types.js'

/**
 * A provider's stable identity on `ctx.lsp` (e.g. `typescript`, `pyright`). Open catalogue, so a
 * branded string rather than a union; reserved atomically by `registerProvider`.
 */
export type LspProviderId = Branded<'LspProviderId'>

/**
 * A cursor coordinate in LSP wire units (LSP 3.17 §Position): zero-based `line`, zero-based
 * `character` counted in **UTF-16 code units** of that line.
 */
export interface LspPosition {
  /** Zero-based line. */
  readonly line: number
  /** Zero-based UTF-16 code-unit offset within the line. */
  readonly character: number
}

/** A half-open range `[start, end)` of zero-based UTF-16 positions (LSP 3.17 §Range). */
export interface LspRange {
  readonly start: LspPosition
  readonly end: LspPosition
}

/**
 * The operations that take a cursor `position` in a file, named after the LSP requests they use:
 * `textDocument/definition`, `typeDefinition`, `references`, `implementation`, `hover`,
 * `signatureHelp`, `completion` (then `completionItem/resolve`), and
 * `textDocument/prepareCallHierarchy` then `callHierarchy/incomingCalls` or `outgoingCalls`.
 */
export type LspCursorOperation =
  | 'goToDefinition'
  | 'goToTypeDefinition'
  | 'findReferences'
  | 'goToImplementation'
  | 'hover'
  | 'signatureHelp'
  | 'incomingCalls'
  | 'outgoingCalls'
  | 'completion'

/** The operations on a whole file: `textDocument/documentSymbol`, and its diagnostics. */
export type LspFileOperation = 'documentSymbol' | 'diagnostics'

/** The operations on the whole workspace: `workspace/symbol`. */
export type LspWorkspaceOperation = 'workspaceSymbol'

/**
 * The operations that compute an edit (never applied by the seam): `rename`
 * (`textDocument/prepareRename` then `textDocument/rename`), `codeActions`
 * (`textDocument/codeAction`, then `codeAction/resolve`), `format` (`textDocument/formatting` or
 * `rangeFormatting`). Each has its own request arm.
 */
export type LspEditOperation = 'rename' | 'codeActions' | 'format'

/**
 * Every query the seam offers. A closed union: adding an operation fails compilation until the
 * seam ({@link lspResultKinds}), every provider and the tool handle it.
 */
export type LspOperation = LspCursorOperation | LspFileOperation | LspWorkspaceOperation | LspEditOperation

/**
 * A query at a cursor. Every field is required: `workspaceRoot` is the caller's, timeouts and
 * result limits are the consumer's, cancellation is the `AbortSignal` passed beside the request.
 */
export interface LspCursorRequest {
  /** Which query to run. */
  readonly operation: LspCursorOperation
  /** The file to query: absolute, or relative to `workspaceRoot`. The provider canonicalizes it. */
  readonly filePath: string
  /** Zero-based line, zero-based UTF-16 character (see {@link LspPosition}). */
  readonly position: LspPosition
  /** The workspace the provider indexes and resolves `filePath` against. Never defaulted. */
  readonly workspaceRoot: string
}

/** A query about a whole file (its symbols, its diagnostics). */
export interface LspFileRequest {
  readonly operation: LspFileOperation
  /** The file: absolute, or relative to `workspaceRoot`. */
  readonly filePath: string
  readonly workspaceRoot: string
}

/**
 * A search of the workspace's symbols by name (LSP 3.17 §Workspace Symbols). With a `filePath`,
 * only the provider of that file's extension is asked; with `null`, every provider is, and the
 * answers are merged.
 */
export interface LspWorkspaceSymbolRequest {
  readonly operation: LspWorkspaceOperation
  /** The name, or part of it, as the server matches it (often fuzzily); `''` asks for all. */
  readonly query: string
  /** A file whose provider to ask, or `null` for all providers. */
  readonly filePath: string | null
  readonly workspaceRoot: string
}

/**
 * Rename the symbol at `position` to `newName` everywhere (LSP 3.17 §Rename). The provider asks
 * `textDocument/prepareRename` first where the server offers it, and fails with
 * `LSP_CANNOT_RENAME` when the position cannot be renamed.
 */
export interface LspRenameRequest {
  readonly operation: 'rename'
  readonly filePath: string
  /** Zero-based line, zero-based UTF-16 character, on the symbol's name. */
  readonly position: LspPosition
  /** The new name, as it should appear in the code. Non-empty. */
  readonly newName: string
  readonly workspaceRoot: string
}

/**
 * The code actions for a range of a file (LSP 3.17 §Code Action Request); an empty range is a
 * cursor. `diagnostics` are the ones the actions should fix; `null` lets the provider pass the
 * diagnostics it knows overlapping `range`. `only` restricts to kinds (and their sub-kinds),
 * e.g. `['source.organizeImports']`; `null` asks for every kind.
 */
export interface LspCodeActionsRequest {
  readonly operation: 'codeActions'
  readonly filePath: string
  readonly range: LspRange
  readonly diagnostics: readonly LspDiagnostic[] | null
  readonly only: readonly string[] | null
  readonly workspaceRoot: string
}

/** Format a whole file (`range: null`) or a range of it (LSP 3.17 §Document Formatting). */
export interface LspFormatRequest {
  readonly operation: 'format'
  readonly filePath: string
  readonly range: LspRange | null
  readonly options: LspFormattingOptions
  readonly workspaceRoot: string
}

/** A caller's query: a discriminated union on `operation`. */
export type LspQueryRequest =
  | LspCursorRequest
  | LspFileRequest
  | LspWorkspaceSymbolRequest
  | LspRenameRequest
  | LspCodeActionsRequest
  | LspFormatRequest

/**
 * A request as a provider receives it: the caller's request plus the LSP `languageId` that the
 * seam derived from the provider's extension map (used to open the document, never to select);
 * `null` for a `workspaceSymbol` request without a file.
 */
export type LspProviderQuery =
  | (LspCursorRequest & { readonly languageId: string })
  | (LspFileRequest & { readonly languageId: string })
  | (LspWorkspaceSymbolRequest & { readonly languageId: string | null })
  | (LspRenameRequest & { readonly languageId: string })
  | (LspCodeActionsRequest & { readonly languageId: string })
  | (LspFormatRequest & { readonly languageId: string })

/** One location (LSP 3.17 §Location), normalized from `Location` or `LocationLink`. */
export interface LspLocation {
  /**
   * The document URI in canonical form (parsed and re-serialized with `vscode-uri`, so one
   * document always has one spelling). Usually `file:`; other schemes pass through.
   */
  readonly uri: string
  /**
   * The range to show: a `Location`'s `range`, or a `LocationLink`'s `targetSelectionRange`
   * (the symbol's name, not the whole declaration with its decorators and comments).
   */
  readonly range: LspRange
}

/** Hover content (LSP 3.17 §Hover), every `MarkedString`/`MarkupContent` shape joined to one text. */
export interface LspHover {
  /** Non-empty text: markdown (code in fenced blocks) when the server sent any, else plain. */
  readonly contents: string
  /** The range the hover is about, when the server gave one. */
  readonly range?: LspRange
}

/**
 * Why an answer may be missing something. `indexing`: the server had not finished loading.
 * `unconfigured`: no project configuration covers the file, so the server searched only what it
 * could reach from it (tsserver without a `tsconfig.json`). `failed`: some of the providers of a
 * merged answer failed; the others' answers are there.
 */
export type LspIncompleteReason = 'indexing' | 'unconfigured' | 'failed'

/**
 * Whether an answer is known to be complete. A provider that could not reach readiness within
 * its bound answers `partial`; it never presents such an answer as complete.
 */
export type LspCompleteness =
  | { readonly state: 'complete' }
  | { readonly state: 'partial'; readonly reason: LspIncompleteReason; readonly message: string }

/** What every result carries beside its `kind`. */
interface LspResultBase {
  /**
   * The provider's canonical (realpath) form of the request's `workspaceRoot`. Relativize display
   * paths against this, not the request's root, which may be a symlink.
   */
  readonly resolvedWorkspaceRoot: string
  readonly completeness: LspCompleteness
}

/** The answer of `goToDefinition`, `goToTypeDefinition`, `findReferences`, `goToImplementation`. */
export interface LspLocationsResult extends LspResultBase {
  readonly kind: 'locations'
  /** Deduplicated, sorted by `uri`, then start position. `findReferences` includes the declaration. */
  readonly locations: readonly LspLocation[]
}

/** The answer of `hover`. `hover` is `null` when the server has nothing for the position. */
export interface LspHoverResult extends LspResultBase {
  readonly kind: 'hover'
  readonly hover: LspHover | null
}

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

/** The answer of `documentSymbol` (a tree, in document order) and `workspaceSymbol` (a flat list). */
export interface LspSymbolsResult extends LspResultBase {
  readonly kind: 'symbols'
  readonly symbols: readonly LspSymbol[]
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

/** The answer of `incomingCalls` and `outgoingCalls`. */
export interface LspCallsResult extends LspResultBase {
  readonly kind: 'calls'
  readonly direction: 'incoming' | 'outgoing'
  /** The items at the cursor (`prepareCallHierarchy`); empty when there is no function there. */
  readonly origins: readonly LspCallHierarchyItem[]
  /** Sorted by the item's `uri`, then position. */
  readonly calls: readonly LspCall[]
}

/** A parameter of a signature (LSP 3.17 §ParameterInformation), its label as text. */
export interface LspParameterInformation {
  readonly label: string
  readonly documentation?: string
}

/** One signature (LSP 3.17 §SignatureInformation). */
export interface LspSignatureInformation {
  readonly label: string
  readonly documentation?: string
  readonly parameters: readonly LspParameterInformation[]
  /** This signature's own active parameter, when the server sets it per signature. */
  readonly activeParameter?: number
}

/** Signature help at a call (LSP 3.17 §SignatureHelp); zero-based indexes. */
export interface LspSignatureHelp {
  readonly signatures: readonly LspSignatureInformation[]
  readonly activeSignature: number
  /** `null` when no parameter is active (outside the arguments, or a call without any). */
  readonly activeParameter: number | null
}

/** The answer of `signatureHelp`; `null` outside a call's argument list. */
export interface LspSignatureHelpResult extends LspResultBase {
  readonly kind: 'signatureHelp'
  readonly signatureHelp: LspSignatureHelp | null
}

/** A diagnostic's severity (LSP 3.17 `DiagnosticSeverity`); a server that omits it means `Error`. */
export type LspDiagnosticSeverity = 'Error' | 'Warning' | 'Information' | 'Hint'

/** A compiler error, warning or hint (LSP 3.17 §Diagnostic). */
export interface LspDiagnostic {
  readonly range: LspRange
  readonly severity: LspDiagnosticSeverity
  readonly code?: string | number
  /** Who reports it, e.g. `typescript`, `Pyright`. */
  readonly source?: string
  readonly message: string
  readonly relatedInformation: readonly { readonly location: LspLocation; readonly message: string }[]
}

/** The answer of `diagnostics`: the file's diagnostics for its current content, in document order. */
export interface LspDiagnosticsResult extends LspResultBase {
  readonly kind: 'diagnostics'
  readonly uri: string
  readonly diagnostics: readonly LspDiagnostic[]
}

/**
 * The answer of `rename` and `format`: the edit the server computed, as data (never applied).
 * `edit` is `null` when there is nothing to change (a formatted file, a server without an edit).
 */
export interface LspWorkspaceEditResult extends LspResultBase {
  readonly kind: 'workspaceEdit'
  readonly edit: LspWorkspaceEdit | null
}

/** The answer of `codeActions`: titled actions in the server's order, each with its edit. */
export interface LspCodeActionsResult extends LspResultBase {
  readonly kind: 'codeActions'
  readonly actions: readonly LspCodeAction[]
}

/** The answer of `completion`; `completion` is `null` when the server has nothing there. */
export interface LspCompletionResult extends LspResultBase {
  readonly kind: 'completion'
  readonly completion: LspCompletionList | null
}

/**
 * The closed result union; each operation maps to exactly one `kind` ({@link lspResultKinds}).
 * Consumers `switch` on `kind` with an exhaustiveness check.
 */
export type LspQueryResult =
  | LspLocationsResult
  | LspHoverResult
  | LspSymbolsResult
  | LspCallsResult
  | LspSignatureHelpResult
  | LspDiagnosticsResult
  | LspWorkspaceEditResult
  | LspCodeActionsResult
  | LspCompletionResult

/**
 * Which result `kind` answers each operation. `satisfies` makes this table total: a new
 * operation does not compile until it has a row.
 */
export const lspResultKinds = {
  goToDefinition: 'locations',
  goToTypeDefinition: 'locations',
  findReferences: 'locations',
  goToImplementation: 'locations',
  hover: 'hover',
  signatureHelp: 'signatureHelp',
  incomingCalls: 'calls',
  outgoingCalls: 'calls',
  documentSymbol: 'symbols',
  workspaceSymbol: 'symbols',
  diagnostics: 'diagnostics',
  completion: 'completion',
  rename: 'workspaceEdit',
  codeActions: 'codeActions',
  format: 'workspaceEdit',
} as const satisfies Record<LspOperation, LspQueryResult['kind']>

/**
 * What each operation takes: a cursor (`filePath` and `position`), a file (`filePath`), the
 * workspace (`query`, optional `filePath`), or the edit operations' own requests (`rename`:
 * cursor and `newName`; `codeActions`: a range; `format`: a file, range and options). The type
 * checks each row against the unions above.
 */
export const lspRequestShapes = {
  goToDefinition: 'cursor',
  goToTypeDefinition: 'cursor',
  findReferences: 'cursor',
  goToImplementation: 'cursor',
  hover: 'cursor',
  signatureHelp: 'cursor',
  incomingCalls: 'cursor',
  outgoingCalls: 'cursor',
  documentSymbol: 'file',
  diagnostics: 'file',
  workspaceSymbol: 'workspace',
  completion: 'cursor',
  rename: 'rename',
  codeActions: 'codeActions',
  format: 'format',
} as const satisfies { [Op in LspCursorOperation]: 'cursor' } & { [Op in LspFileOperation]: 'file' } & {
  [Op in LspWorkspaceOperation]: 'workspace'
} & { [Op in LspEditOperation]: Op }

/** Every operation, in the order of {@link lspResultKinds}. */
export const lspOperations = Object.keys(lspResultKinds) as readonly LspOperation[]

/** The result type of operation `Op`. */
export type LspResultFor<Op extends LspOperation> = Extract<LspQueryResult, { kind: (typeof lspResultKinds)[Op] }>

/**
 * A backend behind `ctx.lsp`: a remote service, an index, or `@agent-lsp/lsp-local`'s stdio host.
 * Providers depend on this package only.
 */
export interface LspProvider {
  /** Stable identity, reserved with the extensions. */
  readonly id: LspProviderId
  /**
   * Lowercase, leading-dot extension → LSP language id (`{ '.tsx': 'typescriptreact' }`).
   * Exclusive across registered providers.
   */
  readonly extensionToLanguage: Readonly<Record<string, string>>
  /**
   * Run one query; the seam has selected this provider and derived `languageId`.
   * `findReferences` must include the declaration. Rejects with `LspError` only.
   * @param signal - cancellation: reject with `LSP_CANCELLED` at once when it aborts.
   */
  query(request: LspProviderQuery, signal?: AbortSignal): Promise<LspQueryResult>
}

/** A registered provider as `providers()` lists it. */
export interface LspProviderInfo {
  readonly id: LspProviderId
  /** The extensions the provider reserved, sorted. */
  readonly extensions: readonly string[]
}

/** The LSP capability seam, `ctx.lsp`. No protocol types, processes or document control. */
export interface LspService {
  /**
   * Register a provider, reserving its id and every extension atomically.
   * @returns a disposer releasing everything (idempotent).
   * @throws LspError `LSP_INVALID_PROVIDER` (bad id, extension or language id; nothing is
   *   published), `LSP_CONFLICT` (id or an extension already taken; nothing is published),
   *   `LSP_DISPOSED`.
   */
  registerProvider(provider: LspProvider): () => void
  /**
   * Run one query on the provider that owns the file's extension, chosen per query regardless of
   * registration order. The result's `kind` is the one of `request.operation`.
   * @throws LspError `LSP_INVALID_REQUEST` (malformed request), `LSP_UNAVAILABLE` (no provider for
   *   the extension), `LSP_CANCELLED`, `LSP_DISPOSED`, `LSP_MALFORMED_RESPONSE` (the provider
   *   answered with the wrong kind), or whatever `LspError` the provider threw.
   */
  query<Request extends LspQueryRequest>(
    request: Request,
    signal?: AbortSignal,
  ): Promise<LspResultFor<Request['operation']>>
  /** The registered providers, sorted by id. */
  providers(): readonly LspProviderInfo[]
  /** Release every registration; later calls throw `LSP_DISPOSED`. Providers own their processes. */
  dispose(): void
}

/** The slice of a harness context that LSP consumers need. */
export interface LspContext {
  readonly lsp: LspService
}
