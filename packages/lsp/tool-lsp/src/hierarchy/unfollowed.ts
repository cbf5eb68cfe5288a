import { untilAborted } from '@agent-lsp/abort'
import type { LspCompleteness, LspIncompleteReason } from '@agent-lsp/lsp'

/** What was not followed, past a bound or where the server failed, and what the answer misses for it: a clause. */
export interface Unfollowed {
  readonly reason: LspIncompleteReason
  readonly message: string
}

/** `completeness` made partial by `said` (the first one's reason; the messages joined, an answer's own partial message last); unchanged when nothing is said. */
export function partialBy(completeness: LspCompleteness, said: readonly Unfollowed[]): LspCompleteness {
  if (said.length === 0) return completeness
  const message = said.map((each) => each.message).join('; ')
  return { state: 'partial', reason: said[0]!.reason, message: completeness.state === 'partial' ? `${message}; ${completeness.message}` : message }
}

const MAX_NAMED = 3

/** `a`, `a and b`, `a, b, c and 4 more`. */
export function namedList(names: readonly string[]): string {
  const shown = names.slice(0, MAX_NAMED)
  const more = names.length - shown.length
  if (more > 0) return `${shown.join(', ')} and ${more} more`
  return shown.length === 1 ? shown[0]! : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`
}

/** The seam's answer, or `undefined` when the server failed at it (an abort is thrown). */
export async function askOrFail<Result>(query: Promise<Result>, signal: AbortSignal): Promise<Result | undefined> {
  return untilAborted(query, signal).catch((error: unknown) => {
    if (signal.aborted) throw error
    return undefined
  })
}
