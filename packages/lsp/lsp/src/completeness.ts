import type { LspCompleteness, LspIncompleteReason } from './results.js'

/** What an answer may miss, one clause: the reason and the message a `partial` completeness carries. */
export interface LspPartialNote {
  readonly reason: LspIncompleteReason
  readonly message: string
}

/**
 * `before` made partial by `note` too, said after what it said already: an answer partial already
 * keeps its reason, the messages joined with `; `; a complete one becomes `partial` for `note`.
 */
export function partialAfter(before: LspCompleteness, note: LspPartialNote): LspCompleteness & { readonly state: 'partial' } {
  if (before.state === 'partial') return { state: 'partial', reason: before.reason, message: `${before.message}; ${note.message}` }
  return { state: 'partial', reason: note.reason, message: note.message }
}

/**
 * `note` said before what `before` said: `partial` for `note`'s reason, `before`'s message after
 * its own when it was partial. For what concerns every row of the answer (a file that changed
 * while it was asked, a line break counted otherwise), which the model should read first.
 */
export function partialBefore(before: LspCompleteness, note: LspPartialNote): LspCompleteness & { readonly state: 'partial' } {
  return { state: 'partial', reason: note.reason, message: before.state === 'partial' ? `${note.message}; ${before.message}` : note.message }
}

/** Two answers' completeness joined: complete when both are, else the first partial's reason with the messages in order. */
export function joinedCompleteness(first: LspCompleteness, second: LspCompleteness): LspCompleteness {
  return second.state === 'partial' ? partialAfter(first, second) : first
}
