import { LspToolError } from '../errors.js'
import { disputedBreakAt } from '../text/disputed-break.js'

/**
 * Refuse a text edit of `text` (the file `displayPath`, as on disk) when it holds a line break
 * servers count otherwise than LSP (see `disputedLineBreak`): the edit's positions come from a
 * server (a rename, a symbol's range) or are checked through one, and after that break the server's
 * line may not be LSP's (gopls put a rename of `_ = target` after a comment's `more`; tsserver's
 * rename wrote `export const wzzzget + 1`).
 * @throws LspToolError `LSP_EDIT_LINE_BREAKS`, naming the break, where it is and what to do.
 */
export function assertUndisputedLines(text: string, displayPath: string): void {
  const found = disputedBreakAt(text, displayPath)
  if (found === undefined) return
  const fix = found.name === 'CR' ? 'Make it a \\n (or \\r\\n) first' : `Write it as the escape \\${found.name === 'U+2028' ? 'u2028' : 'u2029'} first`
  throw new LspToolError(
    'LSP_EDIT_LINE_BREAKS',
    `the edit changes ${displayPath}, which holds ${found.label} at ${found.at}: the language server may number the lines after it otherwise than LSP, so its positions there may be a line off; nothing was changed. ${fix}`,
  )
}
