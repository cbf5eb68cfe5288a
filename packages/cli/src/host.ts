import { createLspService, type LspContext, type LspProviderQuery, type LspQueryResult } from '@agent-lsp/lsp'
import { withCrossCheck, type CrossCheckOptions } from '@agent-lsp/lsp-crosscheck'
import { createLocalLspProvider, type LocalLspProviderOptions, type LocalServerConfig } from '@agent-lsp/lsp-local'
import { defaultServers } from './servers.js'
import { serverRows, type HostStatus } from './daemon/status.js'
import type { BackendFactory } from './serving/served-provider.js'
import { servedAlone, type ServedServer } from './serving/served-server.js'
import { createServedSet } from './serving/served-set.js'
import { withAnswerSource, type AnswerSourceOptions } from './sources/answer-source.js'
import { indexService } from './sources/index-service.js'
import { createWarmUps, foregroundService } from './sources/warm-ups.js'
import { version } from './version.js'
import { loggedQuery } from './oplog/logged-provider.js'
import type { OperationLog } from './oplog/operation-log.js'

export type { ServedCandidate, ServedServer } from './serving/served-server.js'

/** A `ctx.lsp` with one provider per server, and the way to stop them all. */
export interface LspHost {
  readonly ctx: LspContext
  /** Stop every language server, then the service. Never rejects. */
  dispose(): Promise<void>
  /** The process holding the servers (this one, or the shared host) and every server it runs. */
  status(): Promise<HostStatus>
  /**
   * Serve `servers` from now on (a config changed): a server configured as before keeps running;
   * the others stop once their queries in flight settle, and the new ones start on their first query.
   * @throws LspError `LSP_INVALID_PROVIDER` for an invalid server config (nothing changes).
   */
  reconfigure(servers: readonly ServedServer[]): Promise<void>
  /**
   * Run `work` (asking `ctx` and giving its answer: printing it, returning it as a tool result) as
   * foreground: the live servers' warm-ups its index answers call for (`answers.warm`) start only
   * after it has settled, and no other foreground work is in flight (each `ctx.lsp` query alone is
   * such work too). Its result or rejection, as is.
   */
  foreground<T>(work: () => Promise<T>): Promise<T>
}

/** Options of {@link createLspHost}: the providers', the cross-check's (`false`: none), the log's. */
export interface LspHostOptions extends LocalLspProviderOptions {
  readonly crossCheck?: CrossCheckOptions | false
  /**
   * Write a line per seam query to `log` (see `OperationLogLine`), as client `client` (default
   * `library`) of this process; the caller closes it.
   */
  readonly operationLog?: { readonly log: OperationLog; readonly client?: string }
  /** Answer from the workspace's index too (`--source index|auto`, see `withAnswerSource`); default: live only. */
  readonly answers?: Omit<AnswerSourceOptions, 'warmUps'>
}

/**
 * Create `ctx.lsp` with a provider for each of `servers` (default: {@link defaultServers}; a
 * `ServedServer` adds fallbacks and operations turned off, see `serving/`), its reference-like
 * answers cross-checked (see `withCrossCheck`) unless `options.crossCheck` is `false`. Servers
 * start lazily, on the first query for a file of theirs, in this process.
 * @throws LspError `LSP_INVALID_PROVIDER` for an invalid server config.
 */
export function createLspHost(servers: readonly (LocalServerConfig | ServedServer)[] = defaultServers(), options: LspHostOptions = {}): LspHost {
  const { crossCheck, operationLog, answers, ...providerOptions } = options
  const lsp = createLspService()
  const make: BackendFactory = (config) => {
    const provider = createLocalLspProvider(config, providerOptions)
    let query = (request: LspProviderQuery, signal?: AbortSignal): Promise<LspQueryResult> => provider.query(request, signal)
    if (operationLog !== undefined) {
      // Each candidate's own query is logged under its id (a fallback's as pylsp, not python).
      const client = { kind: operationLog.client ?? 'library', pid: process.pid }
      query = loggedQuery(query, config.id, client, () => [operationLog.log])
    }
    return { query, dispose: () => provider.dispose(), status: () => provider.status() }
  }
  const warmUps = createWarmUps()
  const set = createServedSet(lsp, answers ? withAnswerSource(make, { ...answers, warmUps }) : make, servers.map((server) => ('candidates' in server ? server : servedAlone(server))))
  const checked = crossCheck === false ? lsp : withCrossCheck(lsp, { ...crossCheck, ...(answers ? { index: indexService(answers.index) } : {}) })
  return {
    ctx: { lsp: foregroundService(checked, warmUps) },
    foreground: (work) => warmUps.foreground(work),
    async dispose() {
      // Its servers stop now: a warm-up not started yet never starts.
      await warmUps.close({ handOver: false })
      await set.dispose()
      lsp.dispose()
    },
    async status() {
      const host = { pid: process.pid, version, uptimeMs: Math.round(process.uptime() * 1000), rssBytes: process.memoryUsage.rss(), clients: {} }
      return { host, servers: serverRows(set.statusSources()) }
    },
    reconfigure: (next) => set.update(next),
  }
}
