import { realpath } from 'node:fs/promises'
import { setTimeout as sleep } from 'node:timers/promises'
import { CancellationTokenSource } from 'vscode-jsonrpc/node'
import { createLspService, LspError, type LspProviderQuery, type LspQueryResult } from '@agent-lsp/lsp'
import { withCrossCheck } from '@agent-lsp/lsp-crosscheck'
import type { LocalServerConfig } from '@agent-lsp/lsp-local'
import type { LspHost, LspHostOptions } from '../host.js'
import type { BackendFactory } from '../serving/served-provider.js'
import { servedAlone, type ServedServer } from '../serving/served-server.js'
import { createServedSet } from '../serving/served-set.js'
import { withAnswerSource, type AnswerSourceOptions } from '../sources/answer-source.js'
import { indexService } from '../sources/index-service.js'
import { createWarmUps, foregroundService } from '../sources/warm-ups.js'
import type { HostConnection } from './connect.js'
import { fromResponseError, isQueryFailure, queryRequest, readyRequest, statusRequest, warmRequest } from './protocol.js'

/** Options of {@link createRemoteLspHost}: the cross-check's, and the operation log the host writes for this client. */
export interface RemoteLspHostOptions extends Pick<LspHostOptions, 'crossCheck'> {
  /** An absolute path: the host appends a line per query of this client (see `oplog/`). */
  readonly logFile?: string
  /**
   * Answer from the workspace's index too, read in this process (see `withAnswerSource`); the
   * host's status says when its server is ready, and it runs the warm-ups (`agent-lsp/warm`).
   */
  readonly answers?: Omit<AnswerSourceOptions, 'liveReady' | 'warmUps'>
}

/**
 * How long `--source auto` waits for the host's status before answering from the index (ms): a
 * running host answers in milliseconds; one this client must start is not warm anyway (not waited for).
 */
const READY_PROBE_MS = 500

/**
 * An `LspHost` whose providers forward each seam query to the shared host (one provider per
 * server, with the same id and extensions the local one would have), so the tool, the cross-check
 * and the rendering run here exactly as in a one-shot command. The connection is made on the first
 * query; a host that goes away mid-query (killed, crashed) is replaced by the next connection and
 * the query asked once more (seam queries change nothing, so asking twice is safe).
 * A warm-up (`answers.warm`) is handed to the host once the answer it follows has been given (see
 * `WarmUps`) and runs there for no client. `dispose()` hands over the warm-ups due, then closes the
 * connection; the servers stay warm in the host.
 */
export function createRemoteLspHost(
  connect: (events: { readonly onStarting: () => void }) => Promise<HostConnection>,
  servers: readonly (LocalServerConfig | ServedServer)[],
  options: RemoteLspHostOptions = {},
): LspHost {
  let current: Promise<HostConnection> | undefined
  let disposed = false
  // While this client starts a host, none of its servers is ready: `liveReady` need not wait for its status.
  let starting = false
  const onStart = new Set<() => void>()
  const onStarting = (): void => {
    starting = true
    for (const notify of onStart) notify()
  }
  const connection = (): Promise<HostConnection> => {
    if (disposed) return Promise.reject(new LspError('LSP_DISPOSED', 'the agent-lsp host connection has been closed'))
    if (current === undefined) {
      current = connect({ onStarting })
      const settled = (): void => void (starting = false)
      current.then(settled, settled)
    }
    const made = current
    made.then(
      (open) => void open.closed.then(() => current === made && (current = undefined)),
      () => current === made && (current = undefined),
    )
    return made
  }

  const ask = async (server: LocalServerConfig, slot: string, request: LspProviderQuery, signal: AbortSignal | undefined, retried = false): Promise<LspQueryResult> => {
    const open = await connection()
    const source = new CancellationTokenSource()
    const onAbort = (): void => source.cancel()
    signal?.addEventListener('abort', onAbort, { once: true })
    try {
      const params = { server, slot, request, ...(options.logFile ? { log: options.logFile } : {}) }
      return await Promise.race([open.request((connection) => connection.sendRequest(queryRequest, params, source.token)), cancelled(signal, request)])
    } catch (error) {
      if (signal?.aborted) throw error
      if (isQueryFailure(error)) throw fromResponseError(error)
      // The host went away mid-query (killed, crashed): the next connection starts another; ask it once.
      open.close()
      // Forget that connection unless another query already replaced it (two queries lost at once
      // must make one new connection, not two racing to start hosts).
      const seen = current
      if (seen !== undefined && (await seen.catch(() => undefined)) === open && current === seen) current = undefined
      if (!retried) return ask(server, slot, request, signal, true)
      throw new LspError('LSP_HOST_UNAVAILABLE', `the agent-lsp host went away twice during ${request.operation} (${error instanceof Error ? error.message : String(error)}); see host-errors.log in its runtime directory`)
    } finally {
      signal?.removeEventListener('abort', onAbort)
      source.dispose()
    }
  }

  const liveReady = async (config: LocalServerConfig, request: LspProviderQuery): Promise<boolean> => {
    const probe = connection().then(async (open) => {
      const workspace = await realpath(request.workspaceRoot)
      return open.request((connection) => connection.sendRequest(readyRequest, { serverId: config.id, workspace }))
    })
    let notify: (() => void) | undefined
    const started = new Promise<boolean>((resolve) => (starting ? resolve(false) : onStart.add((notify = () => resolve(false)))))
    try {
      return await Promise.race([probe.catch(() => false), started, sleep(READY_PROBE_MS, false, { ref: false })])
    } finally {
      if (notify) onStart.delete(notify)
    }
  }
  // Handed over once the host has it; a host that cannot be reached is the next query's to report.
  const warm = async (server: LocalServerConfig, slot: string, request: LspProviderQuery): Promise<void> => {
    const params = { server, slot, request, ...(options.logFile ? { log: options.logFile } : {}) }
    await connection()
      .then((open) => open.request((connection) => connection.sendRequest(warmRequest, params)))
      .catch(() => {})
  }
  const lsp = createLspService()
  const warmUps = createWarmUps()
  // The servers stay warm in the host: one a config no longer names is stopped there (see HostPool).
  const make: BackendFactory = (config, slot) => ({ query: (request, signal) => ask(config, slot, request, signal), warm: (request) => warm(config, slot, request), dispose: async () => {} })
  const set = createServedSet(lsp, options.answers ? withAnswerSource(make, { ...options.answers, liveReady, warmUps }) : make, servers.map((server) => ('candidates' in server ? server : servedAlone(server))))
  const checked = options.crossCheck === false ? lsp : withCrossCheck(lsp, { ...options.crossCheck, ...(options.answers ? { index: indexService(options.answers.index) } : {}) })
  return {
    ctx: { lsp: foregroundService(checked, warmUps) },
    foreground: (work) => warmUps.foreground(work),
    async status() {
      return (await connection()).request((open) => open.sendRequest(statusRequest))
    },
    reconfigure: (next) => set.update(next),
    async dispose() {
      // First: a warm-up due goes to the host over this connection (a command's, after its answer).
      await warmUps.close({ handOver: true })
      disposed = true
      const open = current
      current = undefined
      lsp.dispose()
      await open?.then((made) => made.close(), () => {})
      await set.dispose()
    },
  }
}

/** Rejects with `LSP_CANCELLED` as soon as `signal` aborts (a provider rejects at once, not when the host answers). */
function cancelled(signal: AbortSignal | undefined, request: LspProviderQuery): Promise<never> {
  return new Promise((_, reject) => {
    const fail = (): void => reject(new LspError('LSP_CANCELLED', `${request.operation} was cancelled`))
    if (signal?.aborted) fail()
    else signal?.addEventListener('abort', fail, { once: true })
  })
}
