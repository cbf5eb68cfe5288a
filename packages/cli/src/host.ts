import { createLspService, type LspContext } from '@agent-lsp/lsp'
import { withCrossCheck, type CrossCheckOptions } from '@agent-lsp/lsp-crosscheck'
import { createLocalLspProvider, type LocalLspProvider, type LocalLspProviderOptions, type LocalServerConfig } from '@agent-lsp/lsp-local'
import { defaultServers } from './servers.js'
import { serverRows, type HostStatus } from './daemon/status.js'
import { version } from './version.js'
import { loggedQuery } from './oplog/logged-provider.js'
import type { OperationLog } from './oplog/operation-log.js'

/** A `ctx.lsp` with one local provider per server, and the way to stop them all. */
export interface LspHost {
  readonly ctx: LspContext
  /** Stop every language server, then the service. Never rejects. */
  dispose(): Promise<void>
  /** The process holding the servers (this one, or the shared host) and every server it runs. */
  status(): Promise<HostStatus>
}

/** Options of {@link createLspHost}: the providers', the cross-check's (`false`: none), the log's. */
export interface LspHostOptions extends LocalLspProviderOptions {
  readonly crossCheck?: CrossCheckOptions | false
  /**
   * Write a line per seam query to `log` (see `OperationLogLine`), as client `client` (default
   * `library`) of this process; the caller closes it.
   */
  readonly operationLog?: { readonly log: OperationLog; readonly client?: string }
}

/**
 * Create `ctx.lsp` with a provider for each of `servers` (default: {@link defaultServers}), its
 * reference-like answers cross-checked (see `withCrossCheck`) unless `options.crossCheck` is
 * `false`. Servers start lazily, on the first query for a file of theirs.
 */
export function createLspHost(servers: readonly LocalServerConfig[] = defaultServers(), options: LspHostOptions = {}): LspHost {
  const { crossCheck, operationLog, ...providerOptions } = options
  const lsp = createLspService()
  const providers: LocalLspProvider[] = servers.map((config) => createLocalLspProvider(config, providerOptions))
  for (const provider of providers) {
    if (operationLog === undefined) lsp.registerProvider(provider)
    else {
      const client = { kind: operationLog.client ?? 'library', pid: process.pid }
      const query = loggedQuery((request, signal) => provider.query(request, signal), provider.id, client, () => [operationLog.log])
      lsp.registerProvider({ id: provider.id, extensionToLanguage: provider.extensionToLanguage, query })
    }
  }
  return {
    ctx: { lsp: crossCheck === false ? lsp : withCrossCheck(lsp, crossCheck) },
    async dispose() {
      await Promise.all(providers.map((provider) => provider.dispose()))
      lsp.dispose()
    },
    async status() {
      const host = { pid: process.pid, version, uptimeMs: Math.round(process.uptime() * 1000), rssBytes: process.memoryUsage.rss(), clients: {} }
      return { host, servers: serverRows(providers) }
    },
  }
}
