import { createLspService, type LspContext } from '@agent-lsp/lsp'
import { createLocalLspProvider, type LocalLspProvider, type LocalLspProviderOptions, type LocalServerConfig } from '@agent-lsp/lsp-local'
import { defaultServers } from './servers.js'

/** A `ctx.lsp` with one local provider per server, and the way to stop them all. */
export interface LspHost {
  readonly ctx: LspContext
  /** Stop every language server, then the service. Never rejects. */
  dispose(): Promise<void>
}

/**
 * Create `ctx.lsp` with a provider for each of `servers` (default: {@link defaultServers}).
 * Servers start lazily, on the first query for a file of theirs.
 */
export function createLspHost(servers: readonly LocalServerConfig[] = defaultServers(), options: LocalLspProviderOptions = {}): LspHost {
  const lsp = createLspService()
  const providers: LocalLspProvider[] = servers.map((config) => createLocalLspProvider(config, options))
  for (const provider of providers) lsp.registerProvider(provider)
  return {
    ctx: { lsp },
    async dispose() {
      await Promise.all(providers.map((provider) => provider.dispose()))
      lsp.dispose()
    },
  }
}
