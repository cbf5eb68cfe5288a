/** The characters that may stand beside a name in a string that is the name: a quote, or a dot of a dotted path. */
const besideName = /["'`.]/

/** A character of a name (a letter, a digit, `_`): beside one, the occurrence is part of a longer word. */
const nameCharacter = /[\p{L}\p{N}_]/u

/**
 * Code punctuation before a name that uses it: a path's `.` or `:` (`pkg.mod:func`), a template's
 * `{{.Name}}`, a shell's `$name`, `;name`, `=name`, `|name`, `&name`, a list's `,name`.
 */
const codeBefore = /[.:,;=|&${]/
/** Code punctuation after a name that uses it: `name;`, `name=`, `name|`, `name&`, `name}`, a call's `name(`. */
const codeAfter = /[;=|&}(]/
/** Punctuation after a name that uses it when the text goes on at once (`name.attr`, `name:sub`, `name,other`); followed by a space it ends a sentence's word. */
const joinerAfter = /[.:,]/
/** Characters that neither join a name to code nor make it part of something else: a space, a quote, a bracket. */
const neutral = /[\s"'`()[\]<>]/

/**
 * Whether the occurrence `[start, end)` (zero-based UTF-16) of `line`, inside a string literal, is a
 * use by name: the string is the name (`"prepare_key"`, `'closed'`) or a dotted path through it
 * (`"jwt.Algorithm.prepare_key"`), so a quote or a dot stands on each side; or code punctuation
 * stands beside it and nothing on either side joins it to another word: a template's
 * `{{.Title}}`, a shell's `"${TRAP} on_exit;"`, `action=do_build`, an entry point's
 * `"pkg.mod:func"`. A module path (`'./greet'`), an option (`"--total"`) or prose (`"Calls total
 * on it"`, `"the total."`, `'total: '`) is not.
 */
export function namesInString(line: string, start: number, end: number): boolean {
  const before = line[start - 1] ?? ''
  const after = line[end] ?? ''
  if (besideName.test(before) && besideName.test(after)) return true
  const joinedAfter = joinerAfter.test(after) && nameCharacter.test(line[end + 1] ?? '')
  const beforeFits = before === '' || neutral.test(before) || codeBefore.test(before)
  const afterFits = after === '' || neutral.test(after) || codeAfter.test(after) || joinedAfter || (joinerAfter.test(after) && !nameCharacter.test(line[end + 1] ?? ''))
  return beforeFits && afterFits && (codeBefore.test(before) || codeAfter.test(after) || joinedAfter)
}
