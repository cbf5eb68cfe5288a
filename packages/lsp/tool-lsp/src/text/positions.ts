import type { LspPosition, LspRange } from '@agent-lsp/lsp'

/** A range's extent for ordering nested ranges, smallest first: lines, then UTF-16 characters (a line counts as 1e6 characters). */
export const rangeSize = (range: LspRange): number => (range.end.line - range.start.line) * 1e6 + range.end.character - range.start.character

/** Whether zero-based UTF-16 `at` lies in `range`, both ends included (a cursor right after a name is on it). */
export function rangeHolds(range: LspRange, at: LspPosition): boolean {
  const afterStart = range.start.line < at.line || (range.start.line === at.line && range.start.character <= at.character)
  const beforeEnd = at.line < range.end.line || (at.line === range.end.line && at.character <= range.end.character)
  return afterStart && beforeEnd
}
