// Where comments and string literals are in a source text: the cross-check counts a word there
// rather than asking about it, and an edit leaves a multi-line string's lines as they are.
export { inRanges, lexicalFamily, lexicalRanges, type LexicalFamily } from './lexical.js'
// Whether a place sits in an import or re-export statement (never an implementation).
export { inImportStatement } from './import-statement.js'
// Shell function names with `-`, `.` and `:` (`my-func`), read whole.
export { isShellName, shellNameSpan } from './shell-name.js'
// Bash's two namespaces: a name at a place is a variable (`$count`, `count=1`) or a function.
export { shellNamespaceAround, shellNamespaceAt, type LineSpan, type ShellNamespace } from './shell-namespace.js'
// A shell variable's places in one scope (a function's `local` one, or the script's).
export { sameShellScope, type ShellPlace, type ShellScripts } from './shell-scope.js'
