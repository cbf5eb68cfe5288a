// The doc comment directly above a declaration, as the language writes it. Pure: lines in, a line out.

/** Extensions whose comments start with `#` (and whose doc comments are `#` lines above). */
const hashComment = new Set(['.py', '.pyi', '.rb', '.sh', '.bash', '.zsh', '.yaml', '.yml', '.toml', '.r', '.pl', '.ex', '.exs', '.jl', '.nix', '.cmake'])
/** Extensions whose line comments start with `--`. */
const dashComment = new Set(['.lua', '.hs', '.sql', '.elm'])

/**
 * The zero-based first line of the comment block directly above line `start` (no blank line
 * between): consecutive `#` lines for Python, Ruby, shell and the like; `--` lines for Lua,
 * Haskell, SQL; otherwise `//` lines and `/* … *\/` blocks (JSDoc, Javadoc, Doxygen, Rust `///`),
 * in any mix. `start` itself when there is none. A block is taken only from a line that opens it.
 * @param lines - the file's lines, without line breaks.
 * @param extension - lowercase with the dot (`.ts`).
 */
export function docCommentStart(lines: readonly string[], start: number, extension: string): number {
  const lineComment = hashComment.has(extension) ? '#' : dashComment.has(extension) ? '--' : '//'
  const blocks = lineComment === '//'
  let first = start
  while (first > 0) {
    const above = lines[first - 1]!.trim()
    if (above.startsWith(lineComment)) {
      first--
      continue
    }
    if (!blocks || !above.endsWith('*/')) break
    let open = first - 1
    while (open >= 0 && !lines[open]!.includes('/*')) open--
    if (open < 0 || !lines[open]!.trim().startsWith('/*')) break
    first = open
  }
  return first
}

/** Whether `line` opens a comment in a file of `extension` (`/**`, `//`, `#`, `--`, as {@link docCommentStart} reads them). */
export function opensComment(line: string, extension: string): boolean {
  const text = line.trimStart()
  if (hashComment.has(extension)) return text.startsWith('#')
  if (dashComment.has(extension)) return text.startsWith('--')
  return text.startsWith('//') || text.startsWith('/*')
}
