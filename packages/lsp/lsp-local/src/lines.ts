/**
 * The text of zero-based line `line` of `text`, lines ending at `\r\n`, `\n` or `\r` as LSP
 * counts them (LSP 3.17 §Text Documents); `undefined` past the last line.
 */
export function lineAt(text: string, line: number): string | undefined {
  return text.split(/\r\n|\r|\n/)[line]
}
