/**
 * The types of the provider conformance suite, over the seam's own types: `@agent-lsp/lsp` is a
 * peer of this package, imported for types only. At run time the caller hands the suite its own
 * copy of the seam (`seam`), the one its provider is built against.
 */
import type * as Seam from '@agent-lsp/lsp'
import type {
  LspCursorOperation,
  LspEditOperation,
  LspFileOperation,
  LspOperation,
  LspProvider,
  lspRequestShapes,
} from '@agent-lsp/lsp'

/** How an operation's request is shaped (`lspRequestShapes`' values). */
export type ConformanceRequestShape = (typeof lspRequestShapes)[LspOperation]

/** An `LspProvider`, with the optional `dispose()` a provider owning resources has. */
export type ConformanceProvider = LspProvider & { readonly dispose?: () => unknown }

/**
 * What the suite needs of `@agent-lsp/lsp` at runtime; pass the module itself
 * (`import * as seam from '@agent-lsp/lsp'`).
 */
export type ConformanceSeam = Pick<typeof Seam, 'createLspService' | 'lspResultKinds' | 'lspRequestShapes' | 'LspError'>

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
 * How to ask the file operations: `willRenameFiles` moves `file` (which another file of the
 * fixture imports) to `newFile`, and its answer must hold an edit; `didRenameFiles` is told that
 * `newFile` moved to `file` (the file that exists), and its answer has no edit.
 */
export interface ConformanceMoveSpec {
  readonly file: string
  readonly newFile: string
}

/**
 * The operations a provider claims, each with where to ask it. Every operation left out must
 * reject with `LSP_UNSUPPORTED_OPERATION`.
 */
export type ConformanceOperations = { readonly [Op in LspCursorOperation]?: ConformanceCursorSpec } & {
  readonly [Op in LspFileOperation]?: ConformanceFileSpec
} & {
  readonly workspaceSymbol?: ConformanceSearchSpec
  readonly rename?: ConformanceCursorSpec
  readonly codeActions?: ConformanceCursorSpec
  readonly format?: ConformanceFileSpec
  /**
   * Asked with `file` (its provider) and with `filePath: null` (every provider); both answers must
   * hold at least one diagnostic.
   */
  readonly workspaceDiagnostics?: ConformanceFileSpec
  readonly willRenameFiles?: ConformanceMoveSpec
  readonly didRenameFiles?: ConformanceMoveSpec
  /** Asked with the file's own text as its overlay; the answer holds that one file. */
  readonly overlayDiagnostics?: ConformanceFileSpec
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
  readonly operation: LspCursorOperation | LspFileOperation | LspEditOperation
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
