import type { LspRange } from '@agent-lsp/lsp'

/** A range's extent for ordering nested ranges, smallest first: lines, then UTF-16 characters (a line counts as 1e6 characters). */
export const rangeSize = (range: LspRange): number => (range.end.line - range.start.line) * 1e6 + range.end.character - range.start.character

// Whether a position lies in a range: the seam's, where every package finds it.
export { rangeHolds } from '@agent-lsp/lsp'
