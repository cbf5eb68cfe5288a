import type { LspError } from '@agent-lsp/lsp'
import type { LanguageServerClient } from './client.js'

/**
 * A server's lifecycle as `status` reports it: `starting` (spawned, `initialize` not answered),
 * `indexing` (running, reporting work through `$/progress` or not yet ready by its log),
 * `ready`, `restarting` (it crashed; the next query starts it again), `stopped` (the crash policy
 * gave up, or it was stopped), `broken` (it could not start; the message says why).
 */
export type LocalServerState = 'starting' | 'indexing' | 'ready' | 'restarting' | 'stopped' | 'broken'

/** One server of a provider, at one server root. */
export interface LocalServerStatus {
  /** The server config's `id`. */
  readonly serverId: string
  /** The directory it runs in (its server root), absolute. */
  readonly root: string
  readonly state: LocalServerState
  /** Its process id (its process group's too); `null` when no process runs. */
  readonly pid: number | null
  /** When the current process started (ms since the epoch); `null` when none runs. */
  readonly startedAt: number | null
  /** Documents it has open now. */
  readonly openDocuments: number
  /** How many times it crashed at this root. */
  readonly restarts: number
  /** The last failure (crash, failed start), with its code; `null` when none. */
  readonly lastError: { readonly code: string; readonly message: string } | null
}

/** What a provider knows of the server at one root, kept beside the pool. */
export interface ServerRecord {
  startedAt: number
  client: LanguageServerClient | undefined
  openDocuments: () => number
  /** The start failed (broken), or the crash policy gave up (stopped). */
  failure: { readonly error: LspError; readonly state: 'broken' | 'stopped' } | undefined
  crashes: number
  lastError: LspError | undefined
}

/** The status of the server `record` describes. */
export function serverStatus(serverId: string, root: string, record: ServerRecord): LocalServerStatus {
  const { client } = record
  const running = client !== undefined && (client.state === 'running' || client.state === 'starting')
  let state: LocalServerState
  if (record.failure) state = record.failure.state
  else if (client === undefined) state = 'starting'
  else if (client.state === 'running') state = client.readiness.ready ? 'ready' : 'indexing'
  else if (client.state === 'starting') state = 'starting'
  else state = record.crashes > 0 && record.lastError?.code === 'LSP_SERVER_CRASHED' ? 'restarting' : 'stopped'
  const error = record.failure?.error ?? record.lastError
  return {
    serverId,
    root,
    state,
    pid: running ? (client.pid ?? null) : null,
    startedAt: running || client === undefined ? record.startedAt : null,
    openDocuments: running ? record.openDocuments() : 0,
    restarts: record.crashes,
    lastError: error ? { code: error.code, message: error.message } : null,
  }
}
