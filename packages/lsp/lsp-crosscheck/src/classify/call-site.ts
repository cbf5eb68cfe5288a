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

/** Type arguments: `<…>` holding no `;`, braces, parentheses, `=`, `&&` nor `||` (`a < b && c > (d)` compares). */
const typeArguments = String.raw`<(?:[^;{}()=&|]|&(?!&)|\|(?!\|))*>\s*`

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
 * Whether `place`, in a C or C++ file, is the name of a function's declaration or definition: it
 * follows a type (see {@link typedBefore}). Neither a call nor a use as a value.
 */
export function declaredAt(texts: Texts, place: LspLocation): boolean {
  const lines = texts.lines(place.uri)
  return lines !== undefined && familyOf(place.uri) === 'c' && typedBefore(lines, place.range.start.line, place.range.start.character)
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
