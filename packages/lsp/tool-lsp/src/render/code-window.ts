import { codePointLength } from '../text/columns.js'

/** Longest code line shown, in code points, the `…`s included. */
export const MAX_CODE_POINTS = 100

/** Code points shown before the match when a long line is cut around it. */
const CONTEXT_BEFORE = 30

/**
 * The code of `lineText` for a row, trimmed. A line longer than {@link MAX_CODE_POINTS} code
 * points is cut to a window of that many, holding the match at `column1` with
 * {@link CONTEXT_BEFORE} code points of context before it, and `…` at each end that is cut; a
 * window that would run past the end of the line ends with the line instead, showing more before.
 * @param column1 - 1-based code-point column of the match on the untrimmed line; past the end
 *   of the line (a file changed since the server answered) is treated as the end.
 */
export function codeAround(lineText: string, column1: number): string {
  const code = lineText.trim()
  // Never more code points than UTF-16 units: most lines need no count.
  if (code.length <= MAX_CODE_POINTS) return code
  const codePoints = Array.from(code)
  if (codePoints.length <= MAX_CODE_POINTS) return code
  const indent = codePointLength(lineText) - codePointLength(lineText.trimStart())
  const match = Math.min(Math.max(column1 - 1 - indent, 0), codePoints.length)
  const start = Math.max(match - CONTEXT_BEFORE, 0)
  if (start === 0) return `${codePoints.slice(0, MAX_CODE_POINTS - 1).join('')}…`
  if (codePoints.length - start <= MAX_CODE_POINTS - 1) return `…${codePoints.slice(-(MAX_CODE_POINTS - 1)).join('')}`
  return `…${codePoints.slice(start, start + MAX_CODE_POINTS - 2).join('')}…`
}
