/**
 * The types of the provider conformance suite. They describe the `@agent-lsp/lsp` seam
 * *structurally*: this package has no runtime dependency on the seam, so the caller hands the suite
 * its own copy of it (`seam`), the one its provider is built against. An `LspProvider` is a
 * {@link ConformanceProvider} and the `@agent-lsp/lsp` module namespace is a
 * {@link ConformanceSeam}; `@agent-lsp/lsp-local`'s conformance test checks both at compile time.
 */

/** The seam's cursor operations (`LspCursorOperation`). */
export type ConformanceCursorOperation =
  | 'goToDefinition'
  | 'goToTypeDefinition'
  | 'findReferences'
  | 'goToImplementation'
  | 'hover'
  | 'signatureHelp'
  | 'incomingCalls'
  | 'outgoingCalls'
  | 'completion'

/** The seam's file operations (`LspFileOperation`). */
export type ConformanceFileOperation = 'documentSymbol' | 'diagnostics'

/** The seam's edit operations (`LspEditOperation`): each has its own request arm. */
export type ConformanceEditOperation = 'rename' | 'codeActions' | 'format'

/** The seam's operations (`LspOperation`). */
export type ConformanceOperation = ConformanceCursorOperation | ConformanceFileOperation | 'workspaceSymbol' | ConformanceEditOperation

/**
 * How each operation's request is shaped (`lspRequestShapes`): a cursor, a file, the workspace,
 * or an edit operation's own arm (named after it).
 */
export type ConformanceRequestShape = 'cursor' | 'file' | 'workspace' | ConformanceEditOperation

/** Zero-based line, zero-based UTF-16 character (`LspPosition`). */
export interface ConformancePosition {
  readonly line: number
  readonly character: number
}

/** A half-open range of positions (`LspRange`). */
export interface ConformanceRange {
  readonly start: ConformancePosition
  readonly end: ConformancePosition
}

/** A diagnostic as a `codeActions` request passes it (`LspDiagnostic`). */
export interface ConformanceDiagnostic {
  readonly range: ConformanceRange
  readonly severity: 'Error' | 'Warning' | 'Information' | 'Hint'
  readonly code?: string | number
  readonly source?: string
  readonly message: string
  readonly relatedInformation: readonly {
    readonly location: { readonly uri: string; readonly range: ConformanceRange }
    readonly message: string
  }[]
}

/** How to format (`LspFormattingOptions`). */
export interface ConformanceFormattingOptions {
  readonly tabSize: number
  readonly insertSpaces: boolean
}

/** `LspCursorRequest`, structurally. */
export interface ConformanceCursorRequest {
  readonly operation: ConformanceCursorOperation
  readonly filePath: string
  readonly position: ConformancePosition
  readonly workspaceRoot: string
}

/** `LspFileRequest`, structurally. */
export interface ConformanceFileRequest {
  readonly operation: ConformanceFileOperation
  readonly filePath: string
  readonly workspaceRoot: string
}

/** `LspWorkspaceSymbolRequest`, structurally. */
export interface ConformanceWorkspaceSymbolRequest {
  readonly operation: 'workspaceSymbol'
  readonly query: string
  readonly filePath: string | null
  readonly workspaceRoot: string
}

/** `LspRenameRequest`, structurally. */
export interface ConformanceRenameRequest {
  readonly operation: 'rename'
  readonly filePath: string
  readonly position: ConformancePosition
  readonly newName: string
  readonly workspaceRoot: string
}

/** `LspCodeActionsRequest`, structurally. */
export interface ConformanceCodeActionsRequest {
  readonly operation: 'codeActions'
  readonly filePath: string
  readonly range: ConformanceRange
  readonly diagnostics: readonly ConformanceDiagnostic[] | null
  readonly only: readonly string[] | null
  readonly workspaceRoot: string
}

/** `LspFormatRequest`, structurally. */
export interface ConformanceFormatRequest {
  readonly operation: 'format'
  readonly filePath: string
  readonly range: ConformanceRange | null
  readonly options: ConformanceFormattingOptions
  readonly workspaceRoot: string
}

/** `LspQueryRequest`, structurally. */
export type ConformanceRequest =
  | ConformanceCursorRequest
  | ConformanceFileRequest
  | ConformanceWorkspaceSymbolRequest
  | ConformanceRenameRequest
  | ConformanceCodeActionsRequest
  | ConformanceFormatRequest

/** `LspProviderQuery`, structurally: the request plus the `languageId` the seam derived. */
export type ConformanceProviderQuery =
  | (ConformanceCursorRequest & { readonly languageId: string })
  | (ConformanceFileRequest & { readonly languageId: string })
  | (ConformanceWorkspaceSymbolRequest & { readonly languageId: string | null })
  | (ConformanceRenameRequest & { readonly languageId: string })
  | (ConformanceCodeActionsRequest & { readonly languageId: string })
  | (ConformanceFormatRequest & { readonly languageId: string })

/** An `LspProvider`, with the optional `dispose()` a provider owning resources has. */
export interface ConformanceProvider {
  readonly id: string
  readonly extensionToLanguage: Readonly<Record<string, string>>
  query(request: ConformanceProviderQuery, signal?: AbortSignal): Promise<unknown>
  dispose?(): unknown
}

/** An `LspService`, structurally (what the suite uses of it). */
export interface ConformanceService {
  registerProvider(provider: ConformanceProvider): () => void
  query(request: ConformanceRequest, signal?: AbortSignal): Promise<unknown>
  providers(): readonly { readonly id: string; readonly extensions: readonly string[] }[]
  dispose(): void
}

/**
 * What the suite needs of `@agent-lsp/lsp` at runtime; pass the module itself
 * (`import * as seam from '@agent-lsp/lsp'`).
 */
export interface ConformanceSeam {
  createLspService(): ConformanceService
  /** Operation → result `kind`; its keys are the operations the suite covers. */
  readonly lspResultKinds: Readonly<Record<string, string>>
  /** Operation → `cursor`, `file`, `workspace`, or the edit operation's own shape (`rename`, `codeActions`, `format`). */
  readonly lspRequestShapes: Readonly<Record<string, ConformanceRequestShape>>
  readonly LspError: { isInstance(value: unknown): boolean }
}

/**
 * Where to ask a cursor operation, `rename` or `codeActions`: the first occurrence of `at` in
 * `file`, moved `offset` UTF-16 code units to the right (default 0). The answer there must not be
 * empty: for `completion`, at least one item; for `rename` (asked with the new name
 * `renamedByConformance`), an edit with a text edit inserting that name; for `codeActions` (asked
 * for an empty range at the spot, `diagnostics: null`, `only: null`), at least one action.
 */
export interface ConformanceCursorSpec {
  /** Path relative to the workspace root, `/`-separated. */
  readonly file: string
  readonly at: string
  readonly offset?: number
}

/**
 * Where to ask a file operation; the answer must not be empty (for `diagnostics`: at least one).
 * For `format` (asked for the whole file, `range: null`, options `{ tabSize: 2, insertSpaces:
 * true }`) an answer without an edit counts (the file may already be formatted); an edit there
 * must change only that file, in `edit` steps.
 */
export interface ConformanceFileSpec {
  readonly file: string
}

/**
 * How to ask `workspaceSymbol`: `query` once with `file` (the provider of its extension) and once
 * with `filePath: null` (every provider); both answers must not be empty.
 */
export interface ConformanceSearchSpec {
  readonly file: string
  readonly query: string
}

/**
 * The operations a provider claims, each with where to ask it. Every operation left out must
 * reject with `LSP_UNSUPPORTED_OPERATION`.
 */
export type ConformanceOperations = { readonly [Op in ConformanceCursorOperation]?: ConformanceCursorSpec } & {
  readonly [Op in ConformanceFileOperation]?: ConformanceFileSpec
} & {
  readonly workspaceSymbol?: ConformanceSearchSpec
  readonly rename?: ConformanceCursorSpec
  readonly codeActions?: ConformanceCursorSpec
  readonly format?: ConformanceFileSpec
}

/** A workspace in the provider's language and the operations it answers there. */
export interface ConformanceFixture {
  /** Path relative to the root (`/`-separated, folders created) → content, written by the suite. */
  readonly files: Readonly<Record<string, string>>
  readonly operations: ConformanceOperations
}

/** What the factory gets: the workspace the suite wrote, by its realpath. */
export interface ConformanceContext {
  readonly workspaceRoot: string
}

/**
 * A provider that never answers one operation until cancelled (e.g. over a fake server told to
 * hang), for the mid-flight cancellation check: `reached()` resolves once the request has reached
 * the backend, then the suite aborts and expects `LSP_CANCELLED` within the bound.
 */
export interface ConformanceStall<P extends ConformanceProvider> {
  readonly createProvider: (context: ConformanceContext) => P | Promise<P>
  /** A claimed cursor, file or edit operation the stalled provider does not answer. */
  readonly operation: ConformanceCursorOperation | ConformanceFileOperation | ConformanceEditOperation
  readonly reached: () => Promise<void>
}

/** Options of the conformance suite. */
export interface ProviderConformanceOptions<P extends ConformanceProvider> {
  /** Names the suite (`<name> provider conformance`). */
  readonly name: string
  /** The seam the provider is built against: `import * as seam from '@agent-lsp/lsp'`. */
  readonly seam: ConformanceSeam
  /** Creates the provider under test; one is shared by the suite and disposed at its end. */
  readonly createProvider: (context: ConformanceContext) => P | Promise<P>
  readonly fixture: ConformanceFixture
  /** Optional: a stalled provider, for mid-flight cancellation at the backend. */
  readonly stall?: ConformanceStall<P>
  /** How soon after an abort the query must reject, in milliseconds; default 1000. */
  readonly cancellationBoundMs?: number
}

/** One check: a name and its body, which throws a {@link ConformanceError} when it fails. */
export interface ConformanceCase {
  readonly name: string
  readonly run: () => Promise<void>
}

/** The suite as data: groups of checks and the cleanup to run after all of them. */
export interface ConformanceSuite {
  readonly name: string
  readonly groups: readonly { readonly name: string; readonly cases: readonly ConformanceCase[] }[]
  /** Dispose the providers and remove the workspace. */
  readonly dispose: () => Promise<void>
}

/**
 * The test-runner functions the suite registers with: vitest's and jest's as they are; for
 * mocha or `node:test` pass `{ describe, it, afterAll: after }`.
 */
export interface ConformanceRunner {
  describe(name: string, body: () => void): unknown
  it(name: string, body: () => Promise<void>): unknown
  afterAll(body: () => Promise<void>): unknown
}

/** A failed conformance check. */
export class ConformanceError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ConformanceError'
  }
}
