import { extname } from 'node:path'
import type { LspLocation, LspOperation } from '@agent-lsp/lsp'
import { lexicalFamily, type LexicalFamily } from '@agent-lsp/lexical'
import { URI } from 'vscode-uri'
import type { Texts } from '../search/texts.js'

/**
 * Whether the name at `start..end` (zero-based UTF-16) of `lineText` is called there, as its
 * language reads a call: followed by `(` (any language); in JavaScript and TypeScript also by `!`,
 * `?.(`, type arguments then `(`, a template literal, or `.call(` / `.apply(`; type arguments in
 * C++ (`make<T>(`), bracketed ones in Go (`Map[K, V](`); a decorator (`@name`, not `@name.attr`)
 * in Python and TypeScript; a member named by a string key (`s["area"](`). `family` undefined
 * reads every form. An import, a re-export, a type
 * (`typeof price`) or the function passed as a value leads to the symbol too, but is not a call
 * (`incomingCalls` lists calls).
 */
export function isCallAt(lineText: string, start: number, end: number, family?: LexicalFamily): boolean {
  // A member named by a string key, `s["area"]()`: what follows the key's `]`.
  const quoted = /^["'`]/.test(lineText[start] ?? '') ? /\[\s*$/ : /\[\s*["'`]$/
  const keyed = quoted.test(lineText.slice(0, start)) && /^["'`]?\s*\]/.test(lineText.slice(end))
  const after = keyed ? lineText.slice(end).replace(/^["'`]?\s*\]/, '') : lineText.slice(end)
  if (family !== 'go' && family !== 'c' && family !== 'shell' && lineText.slice(0, start).trimEnd().endsWith('@') && !/^\s*\./.test(after)) return true
  return callAfter[family ?? 'any'].test(after)
}

/**
 * Type arguments: `<…>`, their brackets balanced (`Map<K, Set<V>>`, three deep), holding no `;`,
 * braces, parentheses, `=`, `&&` nor `||` (`a < b && c > (d)` compares). Balanced, a type argument
 * is no call (`Array` of `gen<Array<number>>(…)`, the fifteenth trial).
 */
const typeArgument = String.raw`[^<>;{}()=&|]|&(?!&)|\|(?!\|)`
const typeArguments = String.raw`<(?:${typeArgument}|<(?:${typeArgument}|<(?:${typeArgument})*>)*>)*>\s*`

/** What follows a called name, by language family ({@link isCallAt}). */
const callAfter: Readonly<Record<LexicalFamily | 'any', RegExp>> = {
  javascript: new RegExp(String.raw`^\s*(?:!(?!=)\s*)?(?:\?\.)?(?:${typeArguments})?(?:\(|\`)|^\s*\.\s*(?:call|apply)\s*\(`),
  c: new RegExp(String.raw`^\s*(?:${typeArguments})?\(`),
  go: /^\s*(?:\[[^\][;{}()=]*\]\s*)?\(/,
  python: /^\s*\(/,
  shell: /^\s*\(/,
  any: new RegExp(String.raw`^\s*(?:\?\.)?(?:${typeArguments})?(?:\(|\`)|^\s*\.\s*(?:call|apply)\s*\(`),
}

/**
 * Whether a place that leads to the symbol is one the answer missed: any for `findReferences`, a
 * call for `incomingCalls` (an import or a type names the function without calling it, and a
 * `declaration` of it, such as an overload signature, is no call), none for `goToImplementation`
 * (a use is not an implementation). The others count as `elsewhere`.
 */
export function missedBy(texts: Texts): (operation: LspOperation, place: LspLocation, declaration: boolean) => boolean {
  return (operation, place, declaration) => {
    if (operation === 'goToImplementation' || (operation === 'incomingCalls' && declaration)) return false
    if (operation === 'findReferences') return true
    const line = texts.lines(place.uri)?.[place.range.start.line]
    return line !== undefined && isCallAt(line, place.range.start.character, place.range.end.character, familyOf(place.uri)) && !declaredAt(texts, place)
  }
}

/**
 * Whether `place` is the name of a function's declaration or definition, neither a call nor a use
 * as a value: in a C or C++ file, a name after a type (see {@link typedBefore}); in JavaScript and
 * TypeScript, a method's head (see {@link afterParameters}: `area() {` of an object literal, which
 * tsserver leads to the interface method it implements, read as a call the server missed in the
 * thirteenth trial) or a type member's signature.
 */
export function declaredAt(texts: Texts, place: LspLocation): boolean {
  const lines = texts.lines(place.uri)
  if (lines === undefined) return false
  const family = familyOf(place.uri)
  if (family === 'c') return typedBefore(lines, place.range.start.line, place.range.start.character)
  if (family !== 'javascript') return false
  const { start, end } = place.range
  const rest = afterParameters(lines, end.line, end.character)
  // A signature of a type's member (`{ run(a: number): void }`) has a return type and no body.
  return rest !== undefined && (returnTypeThenBody.test(rest) || (/^[ \t]*:/.test(rest) && memberStart.test(lines[start.line]!.slice(0, start.character))))
}

/**
 * After a method's parameters: an optional return type (object types and `=>` in it), then its
 * body's `{` on that line (`area()` then a block on the next line is a call, as often as not).
 */
const returnTypeThenBody = /^[ \t]*(?::(?:[^;{}=]|=>)*(?:\{[^{}]*\}(?:[^;{}=]|=>)*)*)?\{/

/** Before a member's name: the line's start, `{`, `;` or `,`, then modifiers. */
const memberStart = /(?:^|[{;,])\s*(?:(?:readonly|static|public|private|protected|abstract|declare|override)\s+)*$/

/**
 * The text after the parameters that follow zero-based `character` of line `line` (type
 * parameters first; the parentheses balanced, over 20 lines at most), or `undefined` when none
 * follow: a method's head goes on with a return type, then `{` (`area(): number {`); a call with
 * no `{`.
 */
function afterParameters(lines: readonly string[], line: number, character: number): string | undefined {
  const text = [lines[line]!.slice(character), ...lines.slice(line + 1, line + 20)].join('\n')
  const open = /^\s*(?:<[^;{}()=]*>\s*)?\(/.exec(text)
  if (open === null) return undefined
  let depth = 0
  for (let at = open[0].length - 1; at < text.length; at++) {
    if (text[at] === '(') depth++
    else if (text[at] === ')' && --depth === 0) return text.slice(at + 1)
  }
  return undefined
}

/** The lexical family of the file at `uri`, by its extension. */
export function familyOf(uri: string): LexicalFamily | undefined {
  return lexicalFamily(extname(URI.parse(uri).path).toLowerCase())
}

/** C and C++ words that come before a call's name, not a declared function's type. */
const beforeCalls = new Set(['return', 'else', 'case', 'do', 'goto', 'sizeof', 'alignof', 'decltype', 'typeid', 'throw', 'new', 'delete', 'co_return', 'co_await', 'co_yield', 'not', 'and', 'or', 'xor', 'bitand', 'bitor', 'compl'])

/**
 * Whether the name at `character` of line `line` follows a type, as a C function's declaration or
 * definition does (`int main(`, GNU's `int` on the line above `main (`), not a call: the word
 * before it (blanks and line ends skipped, three lines up at most) is an identifier, not one of
 * {@link beforeCalls}. clangd 14 gives every `main` one identity, so every program's `main (`
 * led to the symbol and was taken for a call of it (the twelfth trial: 10 callers of nettle's main).
 */
function typedBefore(lines: readonly string[], line: number, character: number): boolean {
  let text = lines[line]!.slice(0, character)
  for (let above = line - 1; /^\s*$/.test(text) && above >= Math.max(0, line - 3); above--) text = `${lines[above]}\n${text}`
  const word = /([A-Za-z_]\w*)\s*$/.exec(text)?.[1]
  return word !== undefined && !beforeCalls.has(word)
}
