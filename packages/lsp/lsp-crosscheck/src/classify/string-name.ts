/** The characters that may stand beside a name in a string that names it: a quote, or a dot of a dotted path. */
const besideName = /["'`.]/

/**
 * Whether the occurrence `[start, end)` (zero-based UTF-16) of `line`, inside a string literal, is a
 * use by name: the string is the name (`"prepare_key"`, `'closed'`) or a dotted path through it
 * (`"jwt.Algorithm.prepare_key"`), so a quote or a dot stands on each side. A module path
 * (`'./greet'`) or prose (`"Calls total on it"`) is not.
 */
export function namesInString(line: string, start: number, end: number): boolean {
  return besideName.test(line[start - 1] ?? '') && besideName.test(line[end] ?? '')
}
