/** The line terminators LSP recognises (LSP 3.17 §Text Documents): `\r\n`, `\n` and `\r`. */
const lineBreak = /\r\n|\r|\n/

/**
 * Split a document into lines exactly as LSP numbers them (LSP 3.17 §Text Documents): `\r\n`,
 * `\n` and `\r` each end a line. Index `i` of the result is zero-based LSP line `i`, without its
 * terminator. A trailing terminator yields a final empty line (`'a\n'` → `['a', '']`), because
 * LSP allows a position there; `''` → `['']`.
 */
export function splitLines(text: string): string[] {
  return text.split(lineBreak)
}

/**
 * How many lines a reader sees in a document split by {@link splitLines}: the LSP line count minus
 * the empty line after a final terminator (`'a\nb\n'` → 2), so messages match what `cat -n` or an
 * editor shows. At least 1. (A last element `''` after another means the text ended in a terminator.)
 */
export function visibleLineCount(lines: readonly string[]): number {
  return lines.length > 1 && lines[lines.length - 1] === '' ? lines.length - 1 : lines.length
}
