// Shell function names: bash takes `my-func`, `git.sh:run` as one name (a word of the command
// line), where other languages read `-`, `.` and `:` as operators.

/** What joins the words of a shell function's name: `-`, `.`, `:` (`ns::helper`). */
const separator = /[-.:]/

/** A code unit of a word in other languages' sense: letters, marks, digits, `_`. */
const word = /[\p{L}\p{M}\p{N}_]/u

/**
 * The UTF-16 span `[start, end)` of `lineText` widened from an identifier's own span to the shell
 * name holding it: across `-`, `.` and `:` between word characters (`my-func`, `git.sh:run`,
 * `ns::helper`).
 * Not after `$` or `${` (a variable's name ends at `-`: `${name-default}`, `$a-b`).
 */
export function shellNameSpan(lineText: string, start: number, end: number): readonly [number, number] {
  if (/\$\{?$/.test(lineText.slice(0, start))) return [start, end]
  let from = start
  let to = end
  for (;;) {
    let gap = from
    while (gap > 0 && separator.test(lineText[gap - 1]!)) gap--
    if (gap === from || gap === 0 || !word.test(lineText[gap - 1]!)) break
    from = gap - 1
    while (from > 0 && word.test(lineText[from - 1]!)) from--
  }
  if (/\$\{?$/.test(lineText.slice(0, from))) return [start, end]
  for (;;) {
    let gap = to
    while (separator.test(lineText[gap] ?? '')) gap++
    if (gap === to || !word.test(lineText[gap] ?? '')) break
    to = gap
    while (word.test(lineText[to] ?? '')) to++
  }
  return [from, to]
}

/** Whether `text` is a shell function's name as {@link shellNameSpan} reads one: words joined by `-`, `.` or `:`. */
export function isShellName(text: string): boolean {
  return /^[\p{L}\p{M}\p{N}_]+(?:[-.:]+[\p{L}\p{M}\p{N}_]+)*$/u.test(text)
}
