import { HarnessError } from '@agent-lsp/errors'

/** How long the host waits with no client and no query before it stops (s), unless told otherwise. */
export const DEFAULT_HOST_IDLE_SECONDS = 600

/**
 * The host's idle time (ms): `$AGENT_LSP_HOST_IDLE_SECONDS` (a number of seconds, fractions
 * allowed), else {@link DEFAULT_HOST_IDLE_SECONDS}.
 * @throws HarnessError `CONFIG_INVALID` when the variable is not a non-negative number.
 */
export function hostIdleMs(env: NodeJS.ProcessEnv): number {
  const given = env.AGENT_LSP_HOST_IDLE_SECONDS
  if (given === undefined || given === '') return DEFAULT_HOST_IDLE_SECONDS * 1000
  const seconds = Number(given)
  if (!/^\d+(\.\d+)?$/.test(given.trim()) || !Number.isFinite(seconds)) {
    throw new HarnessError('CONFIG_INVALID', `AGENT_LSP_HOST_IDLE_SECONDS must be a number of seconds (got ${JSON.stringify(given)})`)
  }
  return Math.min(seconds * 1000, 2_147_483_647)
}

/**
 * Whether a command uses the shared host: not with `--no-daemon`, nor with
 * `AGENT_LSP_NO_DAEMON=1` in its environment.
 */
export function usesHost(flags: { readonly noDaemon?: true }, env: NodeJS.ProcessEnv): boolean {
  return flags.noDaemon !== true && env.AGENT_LSP_NO_DAEMON !== '1'
}
