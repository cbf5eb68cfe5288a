/**
 * Whether the Python literal at UTF-16 offsets `[start, end)` of `text` stands alone as a statement
 * (a docstring, or another bare string): nothing but blanks before it on its line, nothing but blanks
 * or a comment after it, and the code before it (blank lines skipped) leaves no expression open
 * (`(`, `[`, `{`, `,`, `=`, an operator, `\\`). A line before it ending in a comment is not looked
 * into: `x = (  # note` then `"total"` reads as alone.
 */
export function aloneAsStatement(text: string, start: number, end: number): boolean {
  let before = start - 1
  while (before >= 0 && (text[before] === ' ' || text[before] === '\t')) before--
  if (before >= 0 && text[before] !== '\n') return false
  while (before >= 0 && /\s/.test(text[before]!)) before--
  if (before >= 0 && '([{,=+-*/%|&<>\\'.includes(text[before]!)) return false
  let after = end
  while (after < text.length && (text[after] === ' ' || text[after] === '\t')) after++
  return after >= text.length || text[after] === '\n' || text[after] === '\r' || text[after] === '#'
}
