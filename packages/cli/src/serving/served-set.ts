import type { LspService } from '@agent-lsp/lsp'
import { validateServerConfig, type LocalServerStatus } from '@agent-lsp/lsp-local/config'
import { createServedProvider, type BackendFactory, type ServedProvider } from './served-provider.js'
import { processKey, type ServedServer } from './served-server.js'

/** A backend running servers in this process, as `status` reads it (the host's `StatusSource`). */
export interface ServedStatusSource {
  readonly extensionToLanguage: Readonly<Record<string, string>>
  /** The configured server it answers in place of, when it is a fallback. */
  readonly fallbackFor?: string
  status(): LocalServerStatus[]
}

interface Registered {
  readonly key: string
  readonly provider: ServedProvider
  readonly unregister: () => void
}

/** The command's providers on one `ctx.lsp`, one per served server. */
export interface ServedSet {
  /**
   * Serve `servers` from now on: a server whose processes are configured as before (see
   * `processKey`) keeps its provider, and so its running servers (a changed `disabledOperations`
   * is taken over); the others' providers are unregistered at once and stopped once their
   * queries in flight settle (not waited for; {@link ServedSet.dispose} does), and the new ones
   * registered.
   * @throws LspError as `registerProvider` (`LSP_INVALID_PROVIDER`, `LSP_CONFLICT`).
   */
  update(servers: readonly ServedServer[]): Promise<void>
  /** Each provider's backend running in this process, for `status`; `fallbackFor` when a fallback serves. */
  statusSources(): ServedStatusSource[]
  /** Stop every provider's servers. Never rejects. */
  dispose(): Promise<void>
}

/**
 * A {@link ServedSet} registering on `lsp`, its servers run by `make`.
 * @throws LspError `LSP_INVALID_PROVIDER` for an invalid server config (validated before anything registers).
 */
export function createServedSet(lsp: LspService, make: BackendFactory, servers: readonly ServedServer[]): ServedSet {
  let current = new Map<string, Registered>()
  const retiring = new Set<Promise<void>>()
  const register = (server: ServedServer): Registered => {
    const provider = createServedProvider(server, make)
    return { key: processKey(server), provider, unregister: lsp.registerProvider(provider) }
  }
  const validate = (list: readonly ServedServer[]): void => {
    for (const server of list) for (const candidate of server.candidates) validateServerConfig(candidate.config)
  }
  validate(servers)
  for (const server of servers) current.set(server.id, register(server))
  return {
    async update(next) {
      validate(next)
      const kept = new Map<string, Registered>()
      const stopped: Registered[] = []
      for (const server of next) {
        const before = current.get(server.id)
        if (before && before.key === processKey(server)) {
          before.provider.setDisabled(server.disabled)
          kept.set(server.id, before)
        }
      }
      for (const [id, registered] of current) if (kept.get(id) !== registered) stopped.push(registered)
      // Unregistered first: their extensions may go to another server.
      for (const registered of stopped) registered.unregister()
      const made = new Map(kept)
      for (const server of next) if (!kept.has(server.id)) made.set(server.id, register(server))
      current = new Map(next.map((server) => [server.id, made.get(server.id)!]))
      // Not waited for: a query asked now is answered by the new providers meanwhile.
      for (const registered of stopped) {
        const done = registered.provider.dispose().finally(() => retiring.delete(done))
        retiring.add(done)
      }
    },
    statusSources() {
      return [...current.values()].flatMap(({ provider }) => {
        const { server, backend } = provider.serving()
        const status = backend?.status
        if (!status) return []
        const fallback = server === String(provider.id) ? {} : { fallbackFor: String(provider.id) }
        return [{ extensionToLanguage: provider.extensionToLanguage, status: () => status.call(backend), ...fallback }]
      })
    },
    async dispose() {
      const all = [...current.values()]
      current = new Map()
      for (const registered of all) registered.unregister()
      await Promise.all([...all.map((registered) => registered.provider.dispose()), ...retiring])
    },
  }
}
