import type { Branded } from '@agent-lsp/brand'
import type { LspResultFor } from './operations.js'
import type { LspProviderQuery, LspQueryRequest } from './requests.js'
import type { LspQueryResult } from './results.js'

/**
 * A provider's stable identity on `ctx.lsp` (e.g. `typescript`, `pyright`). Open catalogue, so a
 * branded string rather than a union; reserved atomically by `registerProvider`.
 */
export type LspProviderId = Branded<'LspProviderId'>

/**
 * A backend behind `ctx.lsp`: a remote service, an index, or `@agent-lsp/lsp-local`'s stdio host.
 * Providers depend on this package only.
 */
export interface LspProvider {
  /** Stable identity, reserved with the extensions and file names. */
  readonly id: LspProviderId
  /**
   * Lowercase, leading-dot extension → LSP language id (`{ '.tsx': 'typescriptreact' }`).
   * Exclusive across registered providers.
   */
  readonly extensionToLanguage: Readonly<Record<string, string>>
  /**
   * File name → LSP language id, for files an extension does not tell (`{ Dockerfile: 'dockerfile',
   * 'Dockerfile.*': 'dockerfile', '.bashrc': 'shellscript' }`): an exact last segment, or `Stem.*`
   * for that stem with any extension, both case-insensitive (see `isValidFileName`). An exact
   * name wins over an extension, an extension over a `Stem.*` (`languageOf`). Exclusive across
   * registered providers. Optional: absent means none.
   */
  readonly fileNameToLanguage?: Readonly<Record<string, string>>
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
  /** The file names it reserved, as it wrote them, sorted (`Dockerfile`, `Dockerfile.*`); matched case-insensitively. */
  readonly fileNames: readonly string[]
}

/** The LSP capability seam, `ctx.lsp`. No protocol types, processes or document control. */
export interface LspService {
  /**
   * Register a provider, reserving its id, every extension and every file name atomically.
   * @returns a disposer releasing everything (idempotent).
   * @throws LspError `LSP_INVALID_PROVIDER` (bad id, extension or language id; nothing is
   *   published), `LSP_CONFLICT` (id, an extension or a file name already taken; nothing is published),
   *   `LSP_DISPOSED`.
   */
  registerProvider(provider: LspProvider): () => void
  /**
   * Run one query on the provider that owns the file's name or extension (`languageOf`'s order),
   * chosen per query regardless of registration order. The result's `kind` is the one of `request.operation`.
   * @throws LspError `LSP_INVALID_REQUEST` (malformed request), `LSP_UNAVAILABLE` (no provider for
   *   the file name or extension), `LSP_CANCELLED`, `LSP_DISPOSED`, `LSP_MALFORMED_RESPONSE` (the provider
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
