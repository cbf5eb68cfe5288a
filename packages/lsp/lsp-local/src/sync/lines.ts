/**
 * The text of zero-based line `line` of `text`, lines ending at `\r\n`, `\n` or `\r` as LSP
 * counts them (LSP 3.17 §Text Documents); `undefined` past the last line.
 */
export function lineAt(text: string, line: number): string | undefined {
  // Walk to the line instead of splitting the whole text: queries on a 10 MB file stay cheap.
  const breaks = /\r\n|\r|\n/g
  let start = 0
  for (let current = 0; current < line; current++) {
    const found = breaks.exec(text)
    if (!found) return undefined
    start = found.index + found[0].length
  }
  breaks.lastIndex = start
  const end = breaks.exec(text)
  return text.slice(start, end ? end.index : text.length)
}
