import { realpathSync } from 'node:fs'
import { LspError, type LspProviderQuery, type LspQueryResult } from '@agent-lsp/lsp'
import { createLocalLspProvider, type LocalLspProvider, type LocalServerConfig } from '@agent-lsp/lsp-local'

/** Failures a fresh provider may not repeat (the server was installed, the cause fixed): not remembered. */
const RETRIED_NEXT_TIME = new Set(['LSP_SERVER_NOT_FOUND', 'LSP_SERVER_START_FAILED'])

interface Entry {
  /** Its key in the pool: workspace root, slot and config. */
  readonly key: string
  readonly provider: LocalLspProvider
  readonly workspaceRoot: string
  readonly config: LocalServerConfig
  /** The client's provider id it answers for (`python`; its config may be pylsp's, a fallback). */
  readonly slot: string
  /** Workspace root and slot: the entries of one group are configs of one server for one workspace. */
  readonly group: string
  inFlight: number
  /** The clients connected now whose latest query for this group used this config. */
  readonly holders: Set<object>
  /** When it was last asked (a counter across the pool). */
  asked: number
}

/**
 * The host's warm providers: one `LocalLspProvider` per workspace root (realpath) and server config
 * (as the client resolved it, trust included), shared by every client that asks with the same
 * pair. A client whose config differs (another `--config`, a trusted workspace config) gets its
 * own provider, so the host never answers with servers the client's own trust would not run.
 *
 * A config edited while running: once a client asks a root's server (its slot) with another
 * config, the provider of a config asked before for that root and slot is stopped as soon as no
 * connected client's latest query for that slot used it and none of its queries is in flight.
 * Two clients that keep asking with two configs (two trust decisions) keep both.
 */
export class HostPool {
  readonly #entries = new Map<string, Entry>()
  readonly #retiring = new Set<Promise<void>>()
  /** Per client: group → the key of the config its latest query for that group used. */
  readonly #latest = new Map<object, Map<string, string>>()
  /** The keys of the configs a warm-up runs for now. */
  readonly #warming = new Set<string>()
  /** Aborted by `disposeAll`: the warm-ups' signal (no client cancels them). */
  readonly #stopping = new AbortController()
  #closed = false
  #clock = 0

  /**
   * Answer `request` as the provider for `config` in its workspace does; see `LocalLspProvider.query`.
   * @param client who asks (its connection), for superseding; @param slot its provider id (default `config.id`).
   * @throws LspError as the provider does; `LSP_DISPOSED` after {@link HostPool.disposeAll} (no server is started then).
   */
  query(config: LocalServerConfig, request: LspProviderQuery, signal: AbortSignal, client: object = {}, slot: string = config.id): Promise<LspQueryResult> {
    return this.#ask(config, request, signal, client, slot)
  }

  /**
   * Answer `request` for no client: a warm-up (see `warmRequest`), so that the server of `config`
   * in its workspace has loaded its project when a client asks. As {@link HostPool.query}, but it
   * holds that config for no client (a client's later config still supersedes it), it is cancelled
   * only by {@link HostPool.disposeAll}, and it is not started while a warm-up of the same config,
   * workspace and slot runs, nor after `disposeAll`.
   * @returns its answer (nobody's; it may reject as `query` does), or `undefined` when not started.
   */
  warm(config: LocalServerConfig, request: LspProviderQuery, slot: string = config.id): Promise<LspQueryResult> | undefined {
    const { key } = keysOf(config, request, slot)
    if (this.#closed || this.#warming.has(key)) return undefined
    this.#warming.add(key)
    return this.#ask(config, request, this.#stopping.signal, undefined, slot).finally(() => this.#warming.delete(key))
  }

  async #ask(config: LocalServerConfig, request: LspProviderQuery, signal: AbortSignal, client: object | undefined, slot: string): Promise<LspQueryResult> {
    // Stopping: a provider made now would start a server that nothing stops.
    if (this.#closed) throw new LspError('LSP_DISPOSED', 'the agent-lsp host is stopping')
    const { workspaceRoot, group, key } = keysOf(config, request, slot)
    let entry = this.#entries.get(key)
    if (!entry) {
      // Validates the config as the one-shot command does (LSP_INVALID_PROVIDER), before keeping it.
      entry = { key, provider: createLocalLspProvider(config), workspaceRoot, config, slot, group, inFlight: 0, holders: new Set(), asked: 0 }
      this.#entries.set(key, entry)
    }
    entry.asked = ++this.#clock
    if (client !== undefined) this.#hold(client, group, key, entry)
    entry.inFlight++
    try {
      return await entry.provider.query(request, signal)
    } catch (error) {
      // One-shot commands try a missing or failing server again every time; so does the host.
      if (LspError.isInstance(error) && RETRIED_NEXT_TIME.has(error.code) && this.#entries.get(key) === entry) this.#entries.delete(key)
      throw error
    } finally {
      entry.inFlight--
      if (this.#entries.get(key) !== entry && entry.inFlight === 0) this.#retire(entry)
      this.#sweep(group)
    }
  }

  /** `client` went away: the configs it held may now be stopped (see the class). */
  release(client: object): void {
    const mine = this.#latest.get(client)
    this.#latest.delete(client)
    for (const [group, key] of mine ?? []) {
      this.#entries.get(key)?.holders.delete(client)
      this.#sweep(group)
    }
  }

  /** Whether a warm-up (see {@link HostPool.warm}) runs on `entry`'s provider now. */
  warming(entry: Readonly<Entry>): boolean {
    return this.#warming.has(entry.key)
  }

  /** The providers kept, in the order they were made. */
  entries(): readonly Readonly<Entry>[] {
    return [...this.#entries.values()]
  }

  /** Queries in flight across every provider. */
  inFlight(): number {
    return this.entries().reduce((sum, entry) => sum + entry.inFlight, 0)
  }

  /** Stop every server of every provider (`shutdown`, `exit`, kill), warm-ups cancelled; start none afterwards. Never rejects. */
  async disposeAll(): Promise<void> {
    this.#closed = true
    this.#stopping.abort()
    const entries = [...this.#entries.values()]
    this.#entries.clear()
    await Promise.all([...entries.map((entry) => entry.provider.dispose()), ...this.#retiring])
  }

  #hold(client: object, group: string, key: string, entry: Entry): void {
    let mine = this.#latest.get(client)
    if (!mine) this.#latest.set(client, (mine = new Map()))
    const before = mine.get(group)
    if (before !== undefined && before !== key) this.#entries.get(before)?.holders.delete(client)
    mine.set(group, key)
    entry.holders.add(client)
  }

  /** Stop `group`'s providers asked before its latest one that nobody holds and nobody waits on. */
  #sweep(group: string): void {
    const members = [...this.#entries].filter(([, entry]) => entry.group === group)
    const latest = Math.max(...members.map(([, entry]) => entry.asked))
    for (const [key, entry] of members) {
      if (entry.asked < latest && entry.holders.size === 0 && entry.inFlight === 0) {
        this.#entries.delete(key)
        this.#retire(entry)
      }
    }
  }

  #retire(entry: Entry): void {
    const done = entry.provider.dispose().finally(() => this.#retiring.delete(done))
    this.#retiring.add(done)
  }
}

/** Where `request` for `config` and `slot` goes: its workspace (realpath), its group (root and slot), its provider's key (and config). */
function keysOf(config: LocalServerConfig, request: LspProviderQuery, slot: string): { workspaceRoot: string; group: string; key: string } {
  const workspaceRoot = realpathOr(request.workspaceRoot)
  const group = `${workspaceRoot}\u0000${slot}`
  return { workspaceRoot, group, key: `${group}\u0000${JSON.stringify(config)}` }
}

function realpathOr(path: string): string {
  try {
    return realpathSync(path)
  } catch {
    return path
  }
}
