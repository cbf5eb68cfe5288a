import { compareRanges, rangeHolds, type LspCallsResult, type LspPosition, type LspRange, type LspService, type LspSymbol } from '@agent-lsp/lsp'
import { languageOfExtension, isKeywordUse } from '@agent-lsp/keywords'
import { inRanges, lexicalRanges } from '@agent-lsp/lexical'
import { lineOfOffset } from '@agent-lsp/text-lines'
import { extname } from 'node:path'
import { namedList } from '@agent-lsp/wording'
import { URI } from 'vscode-uri'
import { declaredAt, familyOf, isCallAt } from './classify/call-site.js'
import { computedCalls } from './classify/computed-callee.js'
import { withCompleteness } from './completeness.js'
import type { Texts } from './search/texts.js'

/** Unlisted calls named in the message; the rest are counted. */
const NAMED = 5

/** A name: a call where {@link isCallAt} reads one, unless a keyword or a declaration (`def f(`, `function f(`). */
const name = /(?<![\p{L}\p{N}_$])[\p{L}_$][\p{L}\p{N}_$]*/gu

/** TypeScript's words before a type, which may be a function type: `x as () => T`. */
const typeWords: ReadonlySet<string> = new Set(['as', 'satisfies', 'keyof', 'typeof', 'infer', 'is', 'asserts'])

/**
 * Go's predeclared types and functions: `int(x)` converts, `len(s)` is the language's own; gopls
 * lists neither, and neither is a call through a value (the fifteenth trial).
 */
const goPredeclared: ReadonlySet<string> = new Set([
  'bool', 'byte', 'complex64', 'complex128', 'error', 'float32', 'float64', 'int', 'int8', 'int16', 'int32', 'int64', 'rune', 'string',
  'uint', 'uint8', 'uint16', 'uint32', 'uint64', 'uintptr', 'any', 'comparable',
  'append', 'cap', 'clear', 'close', 'complex', 'copy', 'delete', 'imag', 'len', 'make', 'max', 'min', 'new', 'panic', 'print', 'println', 'real', 'recover',
])

/**
 * Whether a line up to a name (`before`) leaves it in JSX text: after a tag on that line, with no
 * brace, `=` or `;` between (`<p>Shipping is free (see terms)`: words, not calls; the fifteenth
 * trial). Text continued from the line above is not told.
 */
function inJsxText(before: string): boolean {
  return /<\/?[A-Za-z][\w.:-]*(?:\s[^<>]*)?>[^<>{}=;]*$/.test(before)
}

/** Words before a name that declare it rather than call it. */
const declaring = /(?:^|[^\p{L}\p{N}_$])(?:def|class|function|func|fn|async\s+def)\s*\*?\s*$/u

/**
 * An `outgoingCalls` answer, `partial / unchecked` when its origin's body holds calls the answer
 * does not list: a name called in code as its language reads a call ({@link isCallAt}: `f(`,
 * `f?.(`, `f<T>(`; comments and strings skipped, keywords and declarations left out) that no
 * listed call site covers. A server lists the calls it resolves:
 * pyright left out `api_jws.decode_complete(…)` and calls on an untyped parameter, tsserver calls
 * through function-typed parameters and `new Error(…)` (the twelfth trial), and the answer read as
 * all of them. Those it left out are named (line:col, 1-based), at most {@link NAMED}. `body`:
 * the origin's whole declaration and the functions declared in it (see {@link originBody}), whose
 * calls are theirs unless the answer lists a call in that one (pyright's nested `def`s, tsserver's callbacks).
 */
export function unlistedCalls(result: LspCallsResult, body: OriginBody, texts: Texts): LspCallsResult {
  const origin = result.origins[0]
  if (result.direction !== 'outgoing' || origin === undefined) return result
  const path = URI.parse(origin.uri).path
  const family = familyOf(origin.uri)
  const text = texts.get(origin.uri)
  if (family === undefined || text === undefined) return result
  const offset = (at: LspPosition): number => (text.lineStarts[at.line] ?? text.text.length) + at.character
  const [start, end] = [offset(origin.selectionRange.end), offset(body.range.end)]
  const inner = body.nested.map((range) => [offset(range.start), offset(range.end)] as const)
  const { nonCode } = lexicalRanges(text.text, family)
  const sites = result.calls.flatMap((call) => call.callSites.filter((site) => site.uri === origin.uri).map((site) => [offset(site.range.start), offset(site.range.end)] as const))
  // pyright lists a nested function's calls as the origin's, tsserver a named one's as its own and
  // an anonymous callback's as the origin's: a nested function is looked at when the answer lists
  // a call in it.
  const inside = (at: number, ranges: readonly (readonly [number, number])[]): boolean => ranges.some(([from, to]) => from <= at && at < to)
  const nested = inner.filter(([from, to]) => !sites.some(([site]) => from <= site && site < to))
  const language = languageOfExtension(extname(path).toLowerCase())
  const jsx = /^\.[jt]sx$/.test(extname(path).toLowerCase())
  const unlisted = new Map<number, string>()
  // A site is the callee's name, or an expression it ends (tsserver's `make(sel(1)).run`): a call
  // inside a site's receiver (`sel`) is not that site's.
  const listed = (at: number, end: number): boolean => sites.some(([from, to]) => from === at || to === end)
  for (const call of computedCalls(text.text, nonCode, start, end, family)) {
    if (!inside(call.at, nested) && !listed(call.at, call.end)) unlisted.set(call.at, call.label)
  }
  for (const match of text.text.slice(start, end).matchAll(name)) {
    const at = start + match.index
    if (inRanges(nonCode, at) || inside(at, nested)) continue
    const line = lineOfOffset(text.lineStarts, at)
    const lineText = text.lines[line] ?? ''
    const character = at - (text.lineStarts[line] ?? 0)
    if (!isCallAt(lineText, character, character + match[0].length, family) || (jsx && inJsxText(lineText.slice(0, character)))) continue
    if (typeWords.has(match[0]) || (family === 'go' && goPredeclared.has(match[0])) || isKeywordUse(lineText, character, character + match[0].length, language) || declaring.test(lineText.slice(0, character))) continue
    const place = { uri: origin.uri, range: { start: { line, character }, end: { line, character: character + match[0].length } } }
    if (declaredAt(texts, place)) continue
    if (!listed(at, at + match[0].length) && !unlisted.has(at)) unlisted.set(at, match[0])
  }
  if (unlisted.size === 0) return result
  const places = [...unlisted].sort(([a], [b]) => a - b).map(([at, callee]) => {
    const line = lineOfOffset(text.lineStarts, at)
    return `${line + 1}:${at - (text.lineStarts[line] ?? 0) + 1} ${callee}`
  })
  const named = namedList(places, { shown: NAMED })
  const calls = places.length === 1 ? '1 call in its body is' : `${places.length} calls in its body are`
  return withCompleteness(result, { reason: 'unchecked', message: `${calls} not among those listed (${named}): through a parameter or a value, or to what the server could not resolve` })
}

/** An origin's whole declaration, and the functions declared in it (their calls are theirs, not the origin's). */
export interface OriginBody {
  readonly range: LspRange
  readonly nested: readonly LspRange[]
}

/** tsserver's names of functions that have none: `setTimeout() callback`, `<function>`. */
const anonymous = /(?:^|\s)callback$|^<(?:function|anonymous)>$/

/**
 * After a constant's name, an initializer that is a function: `= function`, `= async (a) =>`,
 * `= x =>`, `= (` ending its line (parameters on the lines below); not a call given one
 * (`= new Promise((resolve) => …)`).
 */
const functionValue = /^[^=]*=\s*(?:async\s*)?(?:function\b|\([^()]*(?:\)\s*(?::[^=]*)?=>|$)|[\p{L}_$][\p{L}\p{N}_$]*\s*=>)/u

/** Symbols whose body is their own: a call there is theirs. */
const functionKinds: ReadonlySet<string> = new Set(['Function', 'Method', 'Constructor', 'Class'])

/**
 * The whole declaration of an `outgoingCalls` answer's origin, from the `documentSymbol` entry
 * whose name is at the origin's place (pyright's and tsserver's item ranges may be its name
 * alone), with the functions declared inside it (a callback, a nested `def`, an object literal's
 * method, a constant holding an arrow function: tsserver and pyright list their calls as theirs);
 * `undefined` when no entry is there.
 */
export async function originBody(lsp: LspService, result: LspCallsResult, texts: Texts, workspaceRoot: string, signal: AbortSignal | undefined): Promise<OriginBody | undefined> {
  const origin = result.origins[0]
  if (origin === undefined) return undefined
  const symbols = await lsp.query({ operation: 'documentSymbol', filePath: URI.parse(origin.uri).fsPath, workspaceRoot }, signal).catch(() => undefined)
  // tsserver gives an overload's later declarations their whole range as their name's: the entry
  // of the origin's name whose name range holds the origin's, the innermost, is its own.
  const find = (list: readonly LspSymbol[], exact: boolean): LspSymbol | undefined => {
    for (const symbol of list) {
      const inner = find(symbol.children, exact)
      if (inner) return inner
      if (exact ? compareRanges(symbol.selectionRange, origin.selectionRange) === 0 : symbol.name === origin.name && rangeHolds(symbol.selectionRange, origin.selectionRange)) return symbol
    }
    return undefined
  }
  const own = symbols === undefined ? undefined : (find(symbols.symbols, true) ?? find(symbols.symbols, false))
  if (own === undefined) return undefined
  // A constant holding a function (`const fetchFn = () => {`, `= function (`) is one too.
  const lines = texts.lines(origin.uri) ?? []
  const holdsFunction = (symbol: LspSymbol): boolean => functionValue.test((lines[symbol.selectionRange.start.line] ?? '').slice(symbol.selectionRange.end.character))
  // An anonymous function's calls are the origin's (tsserver lists them so); named ones inside it are their own.
  const nested = (list: readonly LspSymbol[]): LspRange[] =>
    list.flatMap((symbol) => (!functionKinds.has(symbol.kind) && !holdsFunction(symbol)) || anonymous.test(symbol.name) ? nested(symbol.children) : [symbol.range])
  return { range: own.range, nested: nested(own.children) }
}
