import type { LspHoverResult } from '@agent-lsp/lsp'
import type { Cursor } from '../input/cursor.js'
import { cutToCodePoints } from '../text/cut.js'

/** Longest hover shown, in code points: a few screens of signature and documentation. */
export const MAX_HOVER_CODE_POINTS = 4_000

/**
 * Render a hover answer: the server's contents trimmed, verbatim (markdown as given), cut after
 * {@link MAX_HOVER_CODE_POINTS} code points with a last line `… N more characters of hover (not shown)`.
 */
export function renderHover(result: LspHoverResult, cursor: Cursor): string {
  const contents = result.hover?.contents.trim() ?? ''
  if (contents === '') return `No hover information at ${cursor.label}.`
  const { kept, cut } = cutToCodePoints(contents, MAX_HOVER_CODE_POINTS)
  return cut === 0 ? contents : `${kept}\n… ${cut} more ${cut === 1 ? 'character' : 'characters'} of hover (not shown)`
}
