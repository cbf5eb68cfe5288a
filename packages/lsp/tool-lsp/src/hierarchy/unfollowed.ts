import { untilAborted } from '@agent-lsp/abort'
import { partialBefore, type LspCompleteness, type LspIncompleteReason, type LspPosition } from '@agent-lsp/lsp'
import { shownPath } from '@agent-lsp/wording'
import { URI } from 'vscode-uri'

/** What was not followed, past a bound or where the server failed, and what the answer misses for it: a clause. */
export interface Unfollowed {
  readonly reason: LspIncompleteReason
  readonly message: string
}

/** `completeness` made partial by `said` (the first one's reason; the messages joined, an answer's own partial message last); unchanged when nothing is said. */
export function partialBy(completeness: LspCompleteness, said: readonly Unfollowed[]): LspCompleteness {
  if (said.length === 0) return completeness
  return partialBefore(completeness, { reason: said[0]!.reason, message: said.map((each) => each.message).join('; ') })
}

/** The seam's answer, or `undefined` when the server failed at it (an abort is thrown). */
export async function askOrFail<Result>(query: Promise<Result>, signal: AbortSignal): Promise<Result | undefined> {
  return untilAborted(query, signal).catch((error: unknown) => {
    if (signal.aborted) throw error
    return undefined
  })
}

/** `a.go:3:2`: a place as a note names it, relative to `root` when inside it, else absolute (1-based line, UTF-16 column + 1). */
export function placeLabel(root: string, uri: string, position: LspPosition): string {
  return `${shownPath(root, URI.parse(uri).fsPath)}:${position.line + 1}:${position.character + 1}`
}
