import os from 'node:os'
import { HarnessError } from '@agent-lsp/errors'
import type { HostBudget } from './host-budget.js'

/** How long the host waits with no client and no query before it stops (s), unless told otherwise. */
export const DEFAULT_HOST_IDLE_SECONDS = 600

/**
 * The host's idle time (ms): `$AGENT_LSP_HOST_IDLE_SECONDS` (a number of seconds, fractions
 * allowed), else {@link DEFAULT_HOST_IDLE_SECONDS}.
 * @throws HarnessError `CONFIG_INVALID` when the variable is not a non-negative number.
 */
export function hostIdleMs(env: NodeJS.ProcessEnv): number {
  return Math.min(numberSetting(env, 'AGENT_LSP_HOST_IDLE_SECONDS', 'a number of seconds', DEFAULT_HOST_IDLE_SECONDS) * 1000, 2_147_483_647)
}

/** Servers the host runs at once across every workspace, unless told otherwise. */
export const DEFAULT_HOST_MAX_SERVERS = 32

/**
 * The host's budget across workspaces: `$AGENT_LSP_HOST_MAX_MEMORY_MB` (default: half the
 * machine's memory) of servers' resident memory, `$AGENT_LSP_HOST_MAX_SERVERS`
 * ({@link DEFAULT_HOST_MAX_SERVERS}) servers, checked every 10 s.
 * @throws HarnessError `CONFIG_INVALID` when a variable is not a non-negative number.
 */
export function hostBudget(env: NodeJS.ProcessEnv): HostBudget {
  const megabytes = numberSetting(env, 'AGENT_LSP_HOST_MAX_MEMORY_MB', 'a number of megabytes', Math.round(os.totalmem() / 2 / 1024 / 1024))
  return { maxMemoryBytes: megabytes * 1024 * 1024, maxServers: numberSetting(env, 'AGENT_LSP_HOST_MAX_SERVERS', 'a number of servers', DEFAULT_HOST_MAX_SERVERS), checkMs: 10_000 }
}

function numberSetting(env: NodeJS.ProcessEnv, name: string, what: string, fallback: number): number {
  const given = env[name]
  if (given === undefined || given === '') return fallback
  const value = Number(given)
  if (!/^\d+(\.\d+)?$/.test(given.trim()) || !Number.isFinite(value)) {
    throw new HarnessError('CONFIG_INVALID', `${name} must be ${what} (got ${JSON.stringify(given)})`)
  }
  return value
}

/**
 * Whether a command uses the shared host: not with `--no-daemon`, nor with
 * `AGENT_LSP_NO_DAEMON=1` in its environment.
 */
export function usesHost(flags: { readonly noDaemon?: true }, env: NodeJS.ProcessEnv): boolean {
  return flags.noDaemon !== true && env.AGENT_LSP_NO_DAEMON !== '1'
}
