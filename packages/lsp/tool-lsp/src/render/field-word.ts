/**
 * How an answer names an input field in a hint: the tool's field (`fileFilter`, `filePath`,
 * `symbol`, `line`), or the command's option (`--filter`, `--file`, `--symbol`, `--line`).
 */
export function fieldWord(field: 'fileFilter' | 'filePath' | 'symbol' | 'line', flags: 'tool' | 'command' = 'tool'): string {
  if (flags === 'tool') return field
  return { fileFilter: '--filter', filePath: '--file', symbol: '--symbol', line: '--line' }[field]
}
