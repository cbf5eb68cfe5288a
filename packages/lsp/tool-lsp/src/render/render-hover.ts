import type { LspHoverResult } from '@agent-lsp/lsp'
import type { Cursor } from '../input/cursor.js'

/** Render a hover answer: the server's contents trimmed, verbatim (markdown as given). */
export function renderHover(result: LspHoverResult, cursor: Cursor): string {
  const contents = result.hover?.contents.trim() ?? ''
  return contents === '' ? `No hover information at ${cursor.label}.` : contents
}
