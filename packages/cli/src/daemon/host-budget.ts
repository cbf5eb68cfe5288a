import { groupsRssBytes, type LocalLspProvider } from '@agent-lsp/lsp-local'

/** The host's bounds across every workspace and server config it holds. */
export interface HostBudget {
  /** Resident memory of all its servers' process groups together, in bytes; `Infinity` for none. */
  readonly maxMemoryBytes: number
  /** Servers running at once, across every provider; `Infinity` for no bound. */
  readonly maxServers: number
  /** How often the budget is checked (ms). */
  readonly checkMs: number
}

/** A server the budget stopped. */
export interface BudgetStop {
  readonly serverId: string
  readonly root: string
  readonly pid: number
}

/**
 * Stop idle servers, least recently used first, until the running ones fit `budget` (memory
 * summed from `/proc`, or `sample` in tests). A server with a query in flight is never stopped:
 * while only busy ones remain the host stays over its budget, until the next check. A stopped
 * server is started again by its next query, as after an idle stop.
 * @returns the servers it stopped, in the order it stopped them.
 */
export function enforceBudget(providers: readonly LocalLspProvider[], budget: HostBudget, sample = groupsRssBytes): BudgetStop[] {
  const running = providers.flatMap((provider) => provider.status().flatMap((server) => (server.pid === null ? [] : [server.pid])))
  const rss = sample(new Set(running))
  let count = running.length
  let total = running.reduce((sum, pid) => sum + (rss.get(pid) ?? 0), 0)
  const idle = providers
    .flatMap((provider) => provider.idleServers().map((server) => ({ provider, ...server })))
    .sort((a, b) => a.lastUsedAt - b.lastUsedAt)
  const stopped: BudgetStop[] = []
  for (const server of idle) {
    if (total <= budget.maxMemoryBytes && count <= budget.maxServers) break
    if (!server.provider.stopIdle(server.root)) continue
    total -= rss.get(server.pid) ?? 0
    count--
    stopped.push({ serverId: server.provider.id, root: server.root, pid: server.pid })
  }
  return stopped
}
