import { HarnessError } from '@agent-lsp/errors'
import type { SetupBeside } from './config.js'
import type { LspHost } from './host.js'
import { servedServers } from './serving/served-server.js'

/** A session's config as last read: its stamp (see `configStamp`) and the error that kept a file out. */
export interface FollowedConfig {
  readonly stamp: string
  readonly refusal?: HarnessError | undefined
}

/**
 * For a long-lived session (`agent-lsp mcp`): a function to call before each query. When the
 * config's stamp changed since it was last read, the setup is loaded again and `host` serves it
 * from now on (`LspHost.reconfigure`: only servers whose config changed restart). Calls are
 * serialized, so two queries after one edit reload once.
 * @returns the config error every query answers with now (`CONFIG_UNTRUSTED`, …), or `undefined`.
 */
export function followConfig(host: LspHost, first: FollowedConfig, stamp: () => string, load: () => SetupBeside, log: (text: string) => void): () => Promise<HarnessError | undefined> {
  let seen = first.stamp
  let refusal = first.refusal
  let queue: Promise<HarnessError | undefined> = Promise.resolve(refusal)
  const check = async (): Promise<HarnessError | undefined> => {
    const now = stamp()
    if (now === seen) return refusal
    seen = now
    try {
      const next = load()
      await host.reconfigure(servedServers(next.setup.servers))
      refusal = next.refusal
      log(`agent-lsp mcp: the config changed; serving it from now on${refusal ? ` (not applied: ${refusal.code}: ${refusal.message})` : ''}\n`)
    } catch (error) {
      if (!HarnessError.isInstance(error)) throw error
      refusal = error
      log(`agent-lsp mcp: the config changed and cannot be served: ${error.code}: ${error.message}\n`)
    }
    return refusal
  }
  return () => (queue = queue.then(check, check))
}
