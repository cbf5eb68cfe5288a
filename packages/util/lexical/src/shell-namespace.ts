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

/**
 * The namespace (see {@link shellNamespaceAt}) of the word (letters, digits, `_`) holding or ending
 * at UTF-16 `character` of a shell script's `lineText`: a cursor, or the start of a place a server
 * gave (a definition's range is the whole `count=1` or function).
 */
export function shellNamespaceAround(lineText: string, character: number): ShellNamespace {
  const start = character - (/[\p{L}\p{N}_]*$/u.exec(lineText.slice(0, character))?.[0].length ?? 0)
  const length = /^[\p{L}\p{N}_]*/u.exec(lineText.slice(start))?.[0].length ?? 0
  return shellNamespaceAt(lineText, start, start + length)
}

/**
 * Whether the variable name at UTF-16 `start` of `lineText` is declared `local` there (`local x`,
 * `local -r a x=1`): a variable of the function around it, apart from any other of its name.
 */
export function declaresLocal(lineText: string, start: number): boolean {
  return /(?:^|[\s;&|(){}`])local((?:\s+(?:-[\w-]*|[^\s;&|()`]+))*)\s+$/.test(lineText.slice(0, start))
}

/** Whether a script's `text` may declare `name` local anywhere: a quick look before its functions are asked for. */
export function mayDeclareLocal(text: string, name: string): boolean {
  return text.includes('local') && new RegExp(`\\blocal\\b[^\\n;&|]*?(?<![\\w$])${escaped(name)}(?!\\w)`).test(text)
}

/** A function's lines, zero-based, both included (a document symbol's range). */
export interface LineSpan {
  readonly start: { readonly line: number }
  readonly end: { readonly line: number }
}

/**
 * The scope of the shell variable `name` at zero-based `line` of a script: the start line of the
 * innermost of its `functions` around the line that declares the name `local` (see
 * {@link declaresLocal}), else -1, the script's globals. bash's dynamic scope (a function without
 * its own reads its caller's) is not followed.
 * @param lineAt - the script's line by zero-based number.
 */
export function shellVariableScope(lineAt: (line: number) => string | undefined, functions: readonly LineSpan[], line: number, name: string): number {
  const word = new RegExp(`(?<![\\w$])${escaped(name)}(?!\\w)`, 'g')
  const around = functions.filter((span) => span.start.line <= line && line <= span.end.line).sort((a, b) => b.start.line - a.start.line)
  for (const span of around) {
    for (let at = span.start.line; at <= span.end.line; at++) {
      const text = lineAt(at) ?? ''
      for (const match of text.matchAll(word)) if (declaresLocal(text, match.index)) return span.start.line
    }
  }
  return -1
}

const count = (text: string, part: string): number => text.split(part).length - 1

const escaped = (name: string): string => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
