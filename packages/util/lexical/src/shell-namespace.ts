// Bash keeps variables and functions apart: `count=1` and `count() { … }` are two symbols, and
// `count` runs the function while `$count` expands the variable. bash-language-server 5.8 reads
// them as one name (its references and definitions mix them), so the namespace is read from the
// place itself.

/** Which of bash's two namespaces a name at a place belongs to. */
export type ShellNamespace = 'variable' | 'function'

/**
 * Builtins whose operands name variables (`local a b=1`, `read -r line`, `unset x`), unless an
 * option names functions (`-f`, `-F`: `export -f greet`, `declare -F`, `unset -f greet`): the
 * builtin, then its options and the operands before the place.
 */
const declaring = /(?:^|[\s;&|(){}`])(?:local|declare|typeset|export|readonly|unset|read|let|mapfile|readarray|printf\s+-v)((?:\s+(?:-[\w-]*|[^\s;&|()`]+))*)\s+$/

/**
 * The namespace of the name at UTF-16 `start..end` of a shell script's `lineText`: a variable where
 * it is expanded (`$name`, `${name}`, `${#name}`, `${!name}`), assigned (`name=`, `name+=`,
 * `name[i]=`), bound (`for name in`, `select name`), given to a builtin that declares or reads
 * variables (see `declaring`), tested (`[[ -v name ]]`) or inside an arithmetic `((…))`; a
 * function elsewhere (a command, a definition `name() {` or `function name`).
 */
export function shellNamespaceAt(lineText: string, start: number, end: number): ShellNamespace {
  const before = lineText.slice(0, start)
  if (/\$\{?[#!]?$/.test(before)) return 'variable'
  if (/(?:^|[\s;&|(){}`])$/.test(before) && /^(?:\[[^\]]*\])?\+?=(?!=)/.test(lineText.slice(end))) return 'variable'
  if (/(?:^|[\s;&|(){}])(?:for|select)\s+$/.test(before) || /(?:\[\[?|\btest)\s+-v\s+$/.test(before)) return 'variable'
  const declared = declaring.exec(before)
  if (declared !== null) return /(?:^|\s)-\w*[fF]/.test(declared[1]!) ? 'function' : 'variable'
  return count(before, '((') > count(before, '))') ? 'variable' : 'function'
}

const count = (text: string, part: string): number => text.split(part).length - 1
