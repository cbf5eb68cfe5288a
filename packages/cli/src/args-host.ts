import { UsageError, quoted } from './usage-error.js'

/** The commands about the shared host itself. */
export type HostCommand =
  /** `agent-lsp stop`: stop the host and every server it holds. */
  { readonly kind: 'stop' }

/**
 * `stop`, with nothing else.
 * @throws UsageError naming what else was given.
 */
export function parseHostCommand(positionals: readonly string[], tokens: readonly { kind: string; name?: string }[]): HostCommand {
  const [kind, extra] = positionals as ['stop', string | undefined]
  if (extra !== undefined) throw new UsageError(`unexpected argument ${quoted(extra)} (${kind} takes nothing)`)
  const given = [...new Set(tokens.filter((token) => token.kind === 'option').map((token) => token.name!))]
  if (given.length > 0) throw new UsageError(`${kind} takes no ${given.map((name) => `--${name}`).join(' or ')}`)
  return { kind }
}
