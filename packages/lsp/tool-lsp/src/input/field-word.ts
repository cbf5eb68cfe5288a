/**
 * How an answer names an input field in a hint: the tool's field (`fileFilter`, `filePath`,
 * `symbol`, `line`, `page`), or the command's option (`--filter`, `--file`, `--symbol`, `--line`,
 * `--page`).
 */
export function fieldWord(field: 'fileFilter' | 'filePath' | 'symbol' | 'line' | 'page', flags: 'tool' | 'command' = 'tool'): string {
  if (flags === 'tool') return field
  return { fileFilter: '--filter', filePath: '--file', symbol: '--symbol', line: '--line', page: '--page' }[field]
}
