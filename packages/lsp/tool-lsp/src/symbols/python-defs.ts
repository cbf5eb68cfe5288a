// The `def`s of one name stacked in a Python class or module, read from the text: pyright's
// documentSymbol lists only the last of them. Pure: lines in, lines out.

const indentOf = (line: string): string => /^[ \t]*/.exec(line)![0]

/**
 * The `def`s of `name` directly above the one starting at `start` (its first line, decorators
 * included, zero-based): at the same indentation, only blank lines or their bodies between, each
 * with its decorators. A property's getter above its setter and deleter; `@overload` signatures
 * above the implementation. A comment or any other statement between ends the run.
 * @returns the first line of the first def's decorators, how many defs in all (1: none above),
 *   and what they are: `property accessors` when a decorator is `@property` or `@<name>.setter`
 *   (`.getter`, `.deleter`), `overloads` when one is `@overload`, else `redefinitions`.
 */
export function pythonDefsAbove(lines: readonly string[], start: number, name: string): PythonDefRun {
  const indent = indentOf(lines[start] ?? '')
  const header = new RegExp(`^(async\\s+)?def\\s+${name.replace(/[$]/g, '\\$')}\\s*[([]`)
  const accessor = new RegExp(`^@(property\\b|${name}\\.(setter|getter|deleter)\\b)`)
  const overload = /^@(typing\.)?overload\b/
  const sameIndent = (line: string): boolean => line.trim() !== '' && indentOf(line) === indent
  let first = start
  let count = 1
  let accessors = false
  let overloads = false
  const decorator = (line: string): void => {
    if (accessor.test(line.trim())) accessors = true
    if (overload.test(line.trim())) overloads = true
  }
  for (let line = start; (lines[line] ?? '').trim().startsWith('@'); line++) decorator(lines[line]!)
  for (;;) {
    let at = first - 1
    // Back over blank lines, the previous def's body (deeper) and a black-style `) -> int:` line.
    while (at >= 0 && (lines[at]!.trim() === '' || indentOf(lines[at]!).length > indent.length || (sameIndent(lines[at]!) && lines[at]!.trim().startsWith(')')))) at--
    if (at < 0 || !sameIndent(lines[at]!) || !header.test(lines[at]!.trim())) break
    while (at > 0 && sameIndent(lines[at - 1]!) && lines[at - 1]!.trim().startsWith('@')) at--
    for (let line = at; line < first; line++) decorator(lines[line]!)
    first = at
    count++
  }
  return { start: first, count, kind: accessors ? 'property accessors' : overloads ? 'overloads' : 'redefinitions' }
}

/** A run of `def`s of one name (see {@link pythonDefsAbove}). */
export interface PythonDefRun {
  /** The first line of the first def's decorators, zero-based. */
  readonly start: number
  /** How many defs (1: the one alone). */
  readonly count: number
  readonly kind: 'overloads' | 'property accessors' | 'redefinitions'
}

/**
 * The run of `def`s of `name` ending with the one whose name is on line `nameLine` (zero-based):
 * see {@link pythonDefsAbove}, from that def's decorators.
 */
export function pythonDefRun(lines: readonly string[], nameLine: number, name: string): PythonDefRun {
  const indent = indentOf(lines[nameLine] ?? '')
  let start = nameLine
  while (start > 0 && indentOf(lines[start - 1]!) === indent && lines[start - 1]!.trim().startsWith('@')) start--
  return pythonDefsAbove(lines, start, name)
}
