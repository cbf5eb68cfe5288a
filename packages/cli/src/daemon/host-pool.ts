import { realpathSync } from 'node:fs'
import { LspError, type LspProviderQuery, type LspQueryResult } from '@agent-lsp/lsp'
import { createLocalLspProvider, type LocalLspProvider, type LocalServerConfig } from '@agent-lsp/lsp-local'

/** Failures a fresh provider may not repeat (the server was installed, the cause fixed): not remembered. */
const RETRIED_NEXT_TIME = new Set(['LSP_SERVER_NOT_FOUND', 'LSP_SERVER_START_FAILED'])

interface Entry {
  readonly provider: LocalLspProvider
  readonly workspaceRoot: string
  readonly config: LocalServerConfig
  inFlight: number
}

/**
 * The host's warm providers: one `LocalLspProvider` per workspace root (realpath) and server config
 * (as the client resolved it, trust included), shared by every client that asks with the same
 * pair. A client whose config differs (another `--config`, a trusted workspace config) gets its
 * own provider, so the host never answers with servers the client's own trust would not run.
 */
export class HostPool {
  readonly #entries = new Map<string, Entry>()
  readonly #retiring = new Set<Promise<void>>()

  /** Answer `request` as the provider for `config` in its workspace does; see `LocalLspProvider.query`. */
  async query(config: LocalServerConfig, request: LspProviderQuery, signal: AbortSignal): Promise<LspQueryResult> {
    const workspaceRoot = realpathOr(request.workspaceRoot)
    const key = `${workspaceRoot}\u0000${JSON.stringify(config)}`
    let entry = this.#entries.get(key)
    if (!entry) {
      // Validates the config as the one-shot command does (LSP_INVALID_PROVIDER), before keeping it.
      entry = { provider: createLocalLspProvider(config), workspaceRoot, config, inFlight: 0 }
      this.#entries.set(key, entry)
    }
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
    }
  }

  /** The providers kept, in the order they were made. */
  entries(): readonly Readonly<Entry>[] {
    return [...this.#entries.values()]
  }

  /** Queries in flight across every provider. */
  inFlight(): number {
    return this.entries().reduce((sum, entry) => sum + entry.inFlight, 0)
  }

  /** Stop every server of every provider (`shutdown`, `exit`, kill). Never rejects. */
  async disposeAll(): Promise<void> {
    const entries = [...this.#entries.values()]
    this.#entries.clear()
    await Promise.all([...entries.map((entry) => entry.provider.dispose()), ...this.#retiring])
  }

  #retire(entry: Entry): void {
    const done = entry.provider.dispose().finally(() => this.#retiring.delete(done))
    this.#retiring.add(done)
  }
}

function realpathOr(path: string): string {
  try {
    return realpathSync(path)
  } catch {
    return path
  }
}
