import { createLspService, type LspContext } from '@agent-lsp/lsp'
import { withCrossCheck, type CrossCheckOptions } from '@agent-lsp/lsp-crosscheck'
import { createLocalLspProvider, type LocalLspProvider, type LocalLspProviderOptions, type LocalServerConfig } from '@agent-lsp/lsp-local'
import { defaultServers } from './servers.js'
import { serverRows, type HostStatus } from './daemon/status.js'
import { version } from './version.js'

/** A `ctx.lsp` with one local provider per server, and the way to stop them all. */
export interface LspHost {
  readonly ctx: LspContext
  /** Stop every language server, then the service. Never rejects. */
  dispose(): Promise<void>
  /** The process holding the servers (this one, or the shared host) and every server it runs. */
  status(): Promise<HostStatus>
}

/** Options of {@link createLspHost}: the providers', and the cross-check's (`false`: none). */
export interface LspHostOptions extends LocalLspProviderOptions {
  readonly crossCheck?: CrossCheckOptions | false
}

/**
 * Create `ctx.lsp` with a provider for each of `servers` (default: {@link defaultServers}), its
 * reference-like answers cross-checked (see `withCrossCheck`) unless `options.crossCheck` is
 * `false`. Servers start lazily, on the first query for a file of theirs.
 */
export function createLspHost(servers: readonly LocalServerConfig[] = defaultServers(), options: LspHostOptions = {}): LspHost {
  const { crossCheck, ...providerOptions } = options
  const lsp = createLspService()
  const providers: LocalLspProvider[] = servers.map((config) => createLocalLspProvider(config, providerOptions))
  for (const provider of providers) lsp.registerProvider(provider)
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
