import { LspError, type LspNotice, type LspQueryResult } from '@agent-lsp/lsp'
import type { LocalServerConfig } from '../config.js'
import type { LocalProviderLimits } from '../limits.js'
import type { CrashPolicy } from './crash-policy.js'

const MIB = 1024 * 1024

/**
 * The memory cap of one provider's servers and what came of it, per server root: when each went
 * over it (judged by a {@link CrashPolicy}, `slidingWindowMemoryPolicy` by default), the notice
 * the next answer there carries after a restart, and the refusal once the policy gave up.
 */
export class MemoryCaps {
  /** The cap, in bytes of resident memory of the server's process group; `Infinity` for none. */
  readonly capBytes: number
  readonly #over = new Map<string, { times: number[]; used: string }>()
  readonly #notices = new Map<string, LspNotice>()

  constructor(
    private readonly config: LocalServerConfig,
    limits: LocalProviderLimits,
    private readonly policy: CrashPolicy,
  ) {
    this.capBytes = capMegabytes(config, limits) * MIB
  }

  /**
   * `root`'s server was found using `rssBytes`, over the cap (the caller stops it): `restart` (its
   * next answer carries an `LSP_SERVER_RESTARTED` notice) or `stop` (later starts are refused, see
   * {@link refusal}, until the policy's window has passed).
   */
  over(root: string, rssBytes: number, now: number): 'restart' | 'stop' {
    const times = [...(this.#over.get(root)?.times ?? []), now]
    const used = `used ${Math.round(rssBytes / MIB)} MB, over its cap of ${Math.round(this.capBytes / MIB)} MB (maxMemoryMB)`
    this.#over.set(root, { times, used })
    if (!this.policy(times, now).restart) {
      this.#notices.delete(root)
      return 'stop'
    }
    this.#notices.set(root, { code: 'LSP_SERVER_RESTARTED', message: `language server "${this.config.id}" ${used}, and was restarted; this answer comes from the new server` })
    return 'restart'
  }

  /** `LSP_SERVER_OVER_MEMORY` while the policy refuses to start `root`'s server again; else `undefined`. */
  refusal(root: string, now: number): LspError | undefined {
    const history = this.#over.get(root)
    const verdict = history === undefined ? undefined : this.policy(history.times, now)
    if (verdict === undefined || verdict.restart) return undefined
    return new LspError(
      'LSP_SERVER_OVER_MEMORY',
      `language server "${this.config.id}" keeps going over its memory cap: ${verdict.reason} (last: ${history!.used}); raise maxMemoryMB in its config to give it more`,
    )
  }

  /** `result` with the notice pending for `root` (taken: only one answer carries it). */
  annotate(root: string, result: LspQueryResult): LspQueryResult {
    const notice = this.#notices.get(root)
    if (notice === undefined) return result
    this.#notices.delete(root)
    return { ...result, notices: [...(result.notices ?? []), notice] }
  }
}

/** The cap of `config`'s servers in MB: its own `maxMemoryMB`, else the provider's. */
export function capMegabytes(config: LocalServerConfig, limits: LocalProviderLimits): number {
  return config.maxMemoryMB ?? limits.maxMemoryMB
}

/**
 * `config` with its server's own heap limit set to the cap (see `heapLimitOption`), unless its
 * `initializationOptions` already give one or there is no cap.
 */
export function withHeapLimit(config: LocalServerConfig, limits: LocalProviderLimits): LocalServerConfig {
  const key = config.heapLimitOption
  const cap = capMegabytes(config, limits)
  const options = config.initializationOptions ?? {}
  if (key === undefined || !Number.isFinite(cap) || typeof options !== 'object' || options === null || Array.isArray(options)) return config
  if ((options as Record<string, unknown>)[key] !== undefined) return config
  return { ...config, initializationOptions: { ...options, [key]: Math.floor(cap) } }
}
