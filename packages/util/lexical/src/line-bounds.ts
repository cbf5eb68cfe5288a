// Where a line of source starts and ends as the lexer reads it: at `\n` or a lone `\r`, the line
// ends of LSP (3.17 §Text Documents) and of JavaScript, Python and C alike (`\r\n` is a `\r` then a `\n`).

/** Whether a UTF-16 unit ends a line: `\n` or `\r`. */
export function isLineEnd(unit: string | undefined): boolean {
  return unit === '\n' || unit === '\r'
}

/** The offset where the line holding `at` starts: a walk back over that line only. */
export function lineStartAt(text: string, at: number): number {
  let start = at
  while (start > 0 && !isLineEnd(text[start - 1])) start--
  return start
}

/** The offset where the line holding `from` ends (before its `\n` or `\r`), or `text.length`: a scan of that line only. */
export function lineEndAt(text: string, from: number): number {
  lineEnds.lastIndex = from
  return lineEnds.exec(text)?.index ?? text.length
}

const lineEnds = /[\r\n]/g
