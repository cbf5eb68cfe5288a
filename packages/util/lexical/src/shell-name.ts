// Shell function names: bash takes `my-func`, `git.sh:run` as one name (a word of the command
// line), where other languages read `-`, `.` and `:` as operators.

/** A code unit of a word in other languages' sense: letters, marks, digits, `_`. */
const word = /[\p{L}\p{M}\p{N}_]/u

/**
 * The UTF-16 span `[start, end)` of `lineText` widened from an identifier's own span to the shell
 * name holding it: across `-`, `.` and `:` between word characters (`my-func`, `git.sh:run`).
 * Not after `$` or `${` (a variable's name ends at `-`: `${name-default}`, `$a-b`).
 */
export function shellNameSpan(lineText: string, start: number, end: number): readonly [number, number] {
  if (/\$\{?$/.test(lineText.slice(0, start))) return [start, end]
  let from = start
  let to = end
  while (from >= 2 && /[-.:]/.test(lineText[from - 1]!) && word.test(lineText[from - 2]!)) {
    from -= 2
    while (from > 0 && word.test(lineText[from - 1]!)) from--
  }
  if (/\$\{?$/.test(lineText.slice(0, from))) return [start, end]
  while (/[-.:]/.test(lineText[to] ?? '') && word.test(lineText[to + 1] ?? '')) {
    to += 2
    while (word.test(lineText[to] ?? '')) to++
  }
  return [from, to]
}

/** Whether `text` is a shell function's name as {@link shellNameSpan} reads one: words joined by `-`, `.` or `:`. */
export function isShellName(text: string): boolean {
  return /^[\p{L}\p{M}\p{N}_]+(?:[-.:][\p{L}\p{M}\p{N}_]+)*$/u.test(text)
}
