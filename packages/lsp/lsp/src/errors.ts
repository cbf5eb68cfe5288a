import { HarnessError } from '@agent-lsp/errors'

/**
 * The stable codes of {@link LspError}. Callers route on these, never on `message`.
 *
 * Seam (seed contract): `LSP_INVALID_PROVIDER`, `LSP_CONFLICT`, `LSP_UNAVAILABLE`, `LSP_DISPOSED`,
 * `LSP_UNSUPPORTED_OPERATION`, `LSP_MALFORMED_RESPONSE`. Requests: `LSP_INVALID_REQUEST`,
 * `LSP_FILE_NOT_FOUND`, `LSP_NOT_TEXT` (the file is not UTF-8 text: binary, or UTF-16),
 * `LSP_OUTSIDE_WORKSPACE`, `LSP_INVALID_POSITION`, `LSP_CANCELLED`,
 * `LSP_CANNOT_RENAME` (`rename` at a position the server says cannot be renamed: a keyword, a
 * literal, a symbol of a library).
 * Servers: `LSP_SERVER_NOT_FOUND` (executable missing), `LSP_SERVER_START_FAILED` (spawned but no
 * usable `initialize`), `LSP_SERVER_CRASHED` (exited while in use), `LSP_SERVER_ERROR` (a request
 * answered with a JSON-RPC error), `LSP_TIMEOUT` (a bound of the provider's own expired),
 * `LSP_SERVER_OVER_MEMORY` (it kept going over its memory cap and was stopped, not restarted).
 * Indexes: `LSP_INDEX_NOT_FOUND` (an index provider has no index file for the workspace; the message
 * says where it looked and how to build one), `LSP_INDEX_INVALID` (the file is not a usable index).
 * Hosts (a provider forwarding queries to a host process): `LSP_HOST_UNAVAILABLE` (it cannot be
 * started or reached, or went away mid-query), `LSP_HOST_UNSAFE` (its socket or directory is not
 * the user's own: refused, never retried).
 */
export type LspErrorCode =
  | 'LSP_INVALID_PROVIDER'
  | 'LSP_CONFLICT'
  | 'LSP_UNAVAILABLE'
  | 'LSP_DISPOSED'
  | 'LSP_UNSUPPORTED_OPERATION'
  | 'LSP_MALFORMED_RESPONSE'
  | 'LSP_INVALID_REQUEST'
  | 'LSP_FILE_NOT_FOUND'
  | 'LSP_NOT_TEXT'
  | 'LSP_OUTSIDE_WORKSPACE'
  | 'LSP_INVALID_POSITION'
  | 'LSP_CANCELLED'
  | 'LSP_CANNOT_RENAME'
  | 'LSP_SERVER_NOT_FOUND'
  | 'LSP_SERVER_START_FAILED'
  | 'LSP_SERVER_CRASHED'
  | 'LSP_SERVER_ERROR'
  | 'LSP_TIMEOUT'
  | 'LSP_SERVER_OVER_MEMORY'
  | 'LSP_INDEX_NOT_FOUND'
  | 'LSP_INDEX_INVALID'
  | 'LSP_HOST_UNAVAILABLE'
  | 'LSP_HOST_UNSAFE'

/** A JSON-RPC `ResponseError` as the server sent it (LSP 3.17 §ResponseMessage), kept verbatim. */
export interface LspResponseError {
  readonly code: number
  readonly message: string
  readonly data?: unknown
}

/** Options of {@link LspError}. */
export interface LspErrorOptions {
  readonly cause?: unknown
  /** The server's own error, when the failure is a JSON-RPC error response. */
  readonly responseError?: LspResponseError
}

const marker = Symbol.for('@agent-lsp/lsp/LspError')

/**
 * The one error type of the seam and its providers: a stable {@link LspErrorCode}, a one-line
 * message written for the reader (a model or a person), the `cause`, and the server's raw
 * `responseError` beside the normalized code where there was one.
 */
export class LspError extends HarnessError<LspErrorCode> {
  readonly responseError?: LspResponseError
  private readonly [marker] = true

  constructor(code: LspErrorCode, message: string, options: LspErrorOptions = {}) {
    super(code, message, 'cause' in options ? { cause: options.cause } : {})
    this.name = 'LspError'
    if (options.responseError) this.responseError = options.responseError
  }

  /** Whether `value` is an `LspError` from any copy of this package. */
  static override isInstance(value: unknown): value is LspError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[marker] === true
  }

  /** How an answer names a failure: `CODE: message` of an `LspError`, `String(error)` of anything else. */
  static describe(error: unknown): string {
    return LspError.isInstance(error) ? `${error.code}: ${error.message}` : String(error)
  }
}
