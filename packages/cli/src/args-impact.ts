import { MAX_IMPACT_DEPTH } from '@agent-lsp/tool-lsp'
import { UsageError, positive, quoted } from './usage-error.js'

/** What `impact [--staged] [REV..REV] [--depth N] [--page N]` gives the tool. */
export interface ImpactArgs {
  /** `staged`, `REV..REV`, or absent for the working tree: the tool's `diff` field. */
  readonly diff?: string
  readonly depth?: number
}

/**
 * Parse the arguments of `impact` (positionals after the word `impact`).
 * @throws UsageError with a one-line message.
 */
export function parseImpactArgs(positionals: readonly string[], values: { readonly staged?: boolean; readonly depth?: string; readonly json?: boolean }, refused: readonly string[]): ImpactArgs {
  if (refused.length > 0) throw new UsageError(`impact takes no ${refused.join(' or ')} (only [--staged] [REV..REV] [--depth N] [--page N] [--root DIR])`)
  if (values.json) throw new UsageError('impact answers text only; leave out --json')
  const [range, extra] = positionals
  if (extra !== undefined) throw new UsageError(`unexpected argument ${quoted(extra)} (impact takes one REV..REV at most)`)
  if (range !== undefined && values.staged) throw new UsageError('give --staged or REV..REV, not both')
  const depth = values.depth === undefined ? undefined : positive('--depth', values.depth, MAX_IMPACT_DEPTH)
  return { ...(values.staged ? { diff: 'staged' } : range === undefined ? {} : { diff: range }), ...(depth === undefined ? {} : { depth }) }
}
