import { RequestType, RequestType0, ResponseError } from 'vscode-jsonrpc/node'
import { HarnessError } from '@agent-lsp/errors'
import { LspError, type LspErrorCode, type LspProviderQuery, type LspQueryResult, type LspResponseError } from '@agent-lsp/lsp'
import type { LocalServerConfig } from '@agent-lsp/lsp-local'
import type { HostStatus } from './status.js'

/**
 * What a client and the host say over the socket: JSON-RPC 2.0 (vscode-jsonrpc's framing, the
 * `Content-Length` headers of LSP), one typed descriptor per method. The seam's own types go on
 * the wire: a query is the `LspProviderQuery` a provider would get, with the server config that
 * names its pool; its answer is the `LspQueryResult`, or the `LspError` as error data.
 */

/** Who connects, for the operation log and `status`. */
export interface HelloParams {
  /** `command` (a one-shot command line) or `mcp` (an `agent-lsp mcp` session). */
  readonly client: string
  readonly pid: number
}

/** The host as it introduces itself. */
export interface HelloResult {
  readonly version: string
  /** Which build of the host script runs (see `hostBuild`): a client of another build replaces it. */
  readonly build: string
  readonly pid: number
}

/** One seam query, for the provider hosting `server`. */
export interface QueryParams {
  readonly server: LocalServerConfig
  /**
   * The client's provider id the query is for (`python`, answered by `server` `pylsp` when a
   * fallback serves); default `server.id`. A client asking one root's slot with another config
   * supersedes the one it asked before (see `HostPool`).
   */
  readonly slot?: string
  readonly request: LspProviderQuery
  /** The client's operation log (`--log`, absolute): the host appends this query's line to it. */
  readonly log?: string
}

/** `agent-lsp/hello`: the first request of every connection. */
export const helloRequest = new RequestType<HelloParams, HelloResult, void>('agent-lsp/hello')
/** `agent-lsp/query`: answers as `LocalLspProvider.query` would; cancellable (`$/cancelRequest`). */
export const queryRequest = new RequestType<QueryParams, LspQueryResult, WireErrorData>('agent-lsp/query')
/** What the host says to a warm-up it was handed. */
export interface WarmResult {
  /**
   * `true`: it runs the query now, for no client (not cancelled when the asking client leaves);
   * `false`: it did not, as it already warms that server (the same config, workspace and slot), or is stopping.
   */
  readonly started: boolean
}

/**
 * `agent-lsp/warm`: run this query in the background, so that its server is warm for a later one
 * (see `HostPool.warm`); answered at once, before the query runs. Its answer and failure are
 * nobody's; a client may close its connection as soon as it has the reply.
 */
export const warmRequest = new RequestType<QueryParams, WarmResult, void>('agent-lsp/warm')
/** `agent-lsp/status`: the host and every server it holds (see `status.ts`). */
export const statusRequest = new RequestType0<HostStatus, void>('agent-lsp/status')
/**
 * `agent-lsp/ready`: whether the server `serverId` of `workspace` (a realpath) runs in the host and
 * is ready for a query (see `readyInHost`); the probe of `--source auto`, before each query an
 * index could answer, so no memory is sampled for it (`agent-lsp/status` samples every process's).
 */
export const readyRequest = new RequestType<{ readonly serverId: string; readonly workspace: string }, boolean, void>('agent-lsp/ready')
/** `agent-lsp/stop`: the host answers, then stops every server and exits. */
export const stopRequest = new RequestType0<{ readonly pid: number }, void>('agent-lsp/stop')

/** The error data of a failed query: the seam error's own fields. */
export interface WireErrorData {
  readonly code: string
  readonly message: string
  readonly responseError?: LspResponseError
}

/** JSON-RPC error code of a failed query (application-defined range, JSON-RPC 2.0 §5.1). */
const QUERY_FAILED = -32001

/** A provider's rejection as a JSON-RPC error: `LspError`s keep code, message and the server's error. */
export function toResponseError(error: unknown): ResponseError<WireErrorData> {
  const data: WireErrorData = HarnessError.isInstance(error)
    ? { code: error.code, message: error.message, ...(LspError.isInstance(error) && error.responseError ? { responseError: error.responseError } : {}) }
    : { code: 'LSP_INTERNAL', message: `internal error in the agent-lsp host: ${error instanceof Error ? error.message : String(error)}` }
  return new ResponseError(QUERY_FAILED, data.message, data)
}

/** Whether `error` is the host's answer that the query failed (not the connection failing). */
export function isQueryFailure(error: unknown): boolean {
  return error instanceof ResponseError && typeof (error.data as Partial<WireErrorData> | undefined)?.code === 'string'
}

/** The seam error a JSON-RPC error stands for: what the provider threw in the host. */
export function fromResponseError(error: unknown): Error {
  const data = error instanceof ResponseError ? (error.data as Partial<WireErrorData> | undefined) : undefined
  if (data && typeof data.code === 'string' && typeof data.message === 'string') {
    // Codes outside the seam's union (LSP_INTERNAL) stay as they were: callers print code and message.
    return new LspError(data.code as LspErrorCode, data.message, data.responseError ? { responseError: data.responseError, cause: error } : { cause: error })
  }
  return new LspError('LSP_HOST_UNAVAILABLE', `the agent-lsp host failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
}
