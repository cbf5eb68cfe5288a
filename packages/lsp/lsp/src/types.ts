import type { Branded } from '@agent-lsp/brand'

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
 * The operations that take a cursor `position` in a file. Named as in the LSP specification's
 * requests: `textDocument/definition`, `references`, `implementation`, `hover`.
 */
export type LspCursorOperation = 'goToDefinition' | 'findReferences' | 'goToImplementation' | 'hover'

/**
 * Every query the seam offers. A closed union: adding an operation fails compilation until the
 * seam ({@link lspResultKinds}), every provider and the tool handle it.
 */
export type LspOperation = LspCursorOperation

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

/**
 * A caller's query: a discriminated union on `operation`. Cursor operations carry a position;
 * later file-level and workspace-wide operations carry only what they need.
 */
export type LspQueryRequest = LspCursorRequest

/**
 * A request as a provider receives it: the caller's request plus the LSP `languageId` that the
 * seam derived from the provider's extension map (used to open the document, never to select).
 */
export type LspProviderQuery = LspQueryRequest & {
  /** The LSP language id of `filePath`, e.g. `typescriptreact` for `.tsx`. */
  readonly languageId: string
}

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
 * `unconfigured`: no project configuration covers the file, so the server searched only what
 * it could reach from it (tsserver without a `tsconfig.json`).
 */
export type LspIncompleteReason = 'indexing' | 'unconfigured'

/**
 * Whether an answer is known to be complete. A provider that could not reach readiness within
 * its bound answers `partial`; it never presents such an answer as complete.
 */
export type LspCompleteness =
  | { readonly state: 'complete' }
  | { readonly state: 'partial'; readonly reason: LspIncompleteReason; readonly message: string }

/** The answer of `goToDefinition`, `findReferences` and `goToImplementation`. */
export interface LspLocationsResult {
  readonly kind: 'locations'
  /** Deduplicated, sorted by `uri`, then start position. `findReferences` includes the declaration. */
  readonly locations: readonly LspLocation[]
  /**
   * The provider's canonical (realpath) form of the request's `workspaceRoot`. Relativize display
   * paths against this, not the request's root, which may be a symlink.
   */
  readonly resolvedWorkspaceRoot: string
  readonly completeness: LspCompleteness
}

/** The answer of `hover`. `hover` is `null` when the server has nothing for the position. */
export interface LspHoverResult {
  readonly kind: 'hover'
  readonly hover: LspHover | null
  readonly resolvedWorkspaceRoot: string
  readonly completeness: LspCompleteness
}

/**
 * The closed result union; each operation maps to exactly one `kind` ({@link lspResultKinds}).
 * Consumers `switch` on `kind` with an exhaustiveness check.
 */
export type LspQueryResult = LspLocationsResult | LspHoverResult

/**
 * Which result `kind` answers each operation. `satisfies` makes this table total: a new
 * operation does not compile until it has a row.
 */
export const lspResultKinds = {
  goToDefinition: 'locations',
  findReferences: 'locations',
  goToImplementation: 'locations',
  hover: 'hover',
} as const satisfies Record<LspOperation, LspQueryResult['kind']>

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
