// Keywords and literal words of JavaScript, TypeScript and Python (plus `self`), which name no
// symbol: a cursor on `const` asks about the declared name, so a message must not say "for const".
// Contextual words that are common identifiers (`type`, `get`, `set`, `of`, `module`) are left out.
const words = [
  // JavaScript and TypeScript
  'async', 'await', 'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default',
  'delete', 'do', 'else', 'enum', 'export', 'extends', 'false', 'finally', 'for', 'function', 'if',
  'implements', 'import', 'in', 'instanceof', 'interface', 'let', 'new', 'null', 'package',
  'private', 'protected', 'public', 'return', 'static', 'super', 'switch', 'this', 'throw', 'true',
  'try', 'typeof', 'undefined', 'var', 'void', 'while', 'with', 'yield',
  // Python
  'False', 'None', 'True', 'and', 'as', 'assert', 'def', 'del', 'elif', 'except', 'from', 'global',
  'is', 'lambda', 'nonlocal', 'not', 'or', 'pass', 'raise', 'self',
] as const

const reserved: ReadonlySet<string> = new Set(words)

/** Whether `word` is a keyword or literal of a common language (case-sensitive: `None`, not `none`). */
export function isReservedWord(word: string): boolean {
  return reserved.has(word)
}
