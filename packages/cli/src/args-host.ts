import { UsageError, quoted } from './usage-error.js'

/** The commands about the shared host itself. */
export type HostCommand =
  /** `agent-lsp stop`: stop the host and every server it holds. */
  | { readonly kind: 'stop' }
  /** `agent-lsp status [--json]`: the host's servers. */
  | { readonly kind: 'status'; readonly json: boolean }

/**
 * `stop` (nothing else) or `status [--json]`.
 * @throws UsageError naming what else was given.
 */
export function parseHostCommand(positionals: readonly string[], tokens: readonly { kind: string; name?: string }[]): HostCommand {
  const [kind, extra] = positionals as ['stop' | 'status', string | undefined]
  const takes = kind === 'status' ? 'only --json' : 'nothing'
  if (extra !== undefined) throw new UsageError(`unexpected argument ${quoted(extra)} (${kind} takes ${takes})`)
  const options = [...new Set(tokens.filter((token) => token.kind === 'option').map((token) => token.name!))]
  const given = options.filter((name) => !(kind === 'status' && name === 'json'))
  if (given.length > 0) throw new UsageError(`${kind} takes no ${given.map((name) => `--${name}`).join(' or ')}${kind === 'status' ? ' (only --json)' : ''}`)
  return kind === 'stop' ? { kind } : { kind, json: options.includes('json') }
}
