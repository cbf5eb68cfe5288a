import { extname } from 'node:path'
import { rangeHolds, type LspCall, type LspCallHierarchyItem, type LspCompleteness, type LspLocation, type LspRange } from '@agent-lsp/lsp'
import { inRanges, lexicalFamily, lexicalRanges } from '@agent-lsp/lexical'
import { lineEnd, lineStarts } from '@agent-lsp/text-lines'
import { uriToPath } from '../normalize/uri.js'
import { readText } from '../sync/read-text.js'

/**
 * The call sites of an incoming call that are its caller's (LSP 3.17 §Call Hierarchy: `fromRanges`
 * are relative to the caller `from`): of a plain function (`Function`, named by an identifier),
 * those inside the caller's range or, once one is not (clangd 14's caller ranges are its name
 * alone), those inside the caller's body (from its name to the brace closing it, comments and
 * strings skipped) whose text is the function's name. clangd 14 gives every function of one name
 * the same identity, so the calls of every program's `main` came as one caller in one file, at
 * lines of that file that hold no call (`return 0;`), or none at all (the tenth trial: nettle's
 * examples, 38 calls of werror), or at a call of another function of that file (the twelfth:
 * `uint_arg`'s call at line 70 shown as `main`'s, which starts at line 78). `dropped`: how many were not.
 * With the callee's `references`, a caller whose sites are a macro's body's gets the macro's uses in its body instead.
 */
export function callerCallSites(call: LspCall, callee: LspCallHierarchyItem, references?: readonly LspLocation[]): { readonly call: LspCall; readonly dropped: number } {
  const { item, callSites } = call
  // Only a plain function's call names it: a constructor's is at the variable (`V a(1)`), an operator's at `+`.
  if (callee.kind !== 'Function' || !/^[A-Za-z_$][\w$]*$/.test(callee.name)) return { call, dropped: 0 }
  if (callSites.every((site) => rangeHolds(item.range, site.range))) return { call, dropped: 0 }
  // Sites outside the caller (clangd's caller range is its name alone): each is checked by its text.
  const path = uriToPath(item.uri)
  const text = path === null ? undefined : readText(path)
  if (text === undefined || path === null) return { call, dropped: 0 }
  const starts = lineStarts(text)
  const offset = (at: LspRange['start']): number => (starts[at.line] ?? text.length) + at.character
  // A function's body follows its name; a package's or a variable's caller item (gopls: `var table = …{"w": work}`) has none to read.
  const body = functionKinds.has(item.kind) ? bodyOf(text, offset(item.selectionRange.end), extname(path).toLowerCase()) : undefined
  const inBody = (site: { readonly range: LspRange }): boolean => body === undefined || (body.start <= offset(site.range.start) && offset(site.range.end) <= body.end)
  const named = callSites.filter((site) => inBody(site) && textAt(text, starts, site.range) === callee.name)
  if (named.length === callSites.length || body === undefined) return { call: { item, callSites: named }, dropped: callSites.length - named.length }
  // A call a macro's body writes (`#define CALL_WORK(x) work(x)`): clangd gives the site where the
  // macro spells it, in the macro's file, as if in the caller's. The macro's use in the caller's
  // body (`CALL_WORK(3)`) is among the callee's references, spelled otherwise than the callee.
  const expansions = (references ?? []).filter((place) => place.uri === item.uri && inBody(place) && textAt(text, starts, place.range) !== callee.name && !named.some((site) => rangeHolds(site.range, place.range)))
  return expansions.length > 0 ? { call: { item, callSites: [...named, ...expansions] }, dropped: 0 } : { call: { item, callSites: named }, dropped: callSites.length - named.length }
}

/** Callers whose body follows their name. */
const functionKinds: ReadonlySet<string> = new Set(['Function', 'Method', 'Constructor'])

/**
 * The UTF-16 offsets of the body that follows a function's name at `from`: its `{` to the `}`
 * closing it, the file's comments and strings skipped (`lexicalRanges`); `undefined` for a
 * language the lexer does not read or whose bodies are not braced, or a declaration without a body (`;` first).
 */
function bodyOf(text: string, from: number, extension: string): { readonly start: number; readonly end: number } | undefined {
  const family = lexicalFamily(extension)
  // Python's and the shell's bodies are not braced.
  if (family === undefined || family === 'python' || family === 'shell') return undefined
  const { nonCode } = lexicalRanges(text, family)
  let start: number | undefined
  let depth = 0
  for (let index = from; index < text.length; index++) {
    const char = text[index]
    if ((char !== '{' && char !== '}' && char !== ';') || inRanges(nonCode, index)) continue
    if (start === undefined) {
      if (char !== '{') return undefined
      start = index
    }
    depth += char === '{' ? 1 : char === '}' ? -1 : 0
    if (depth === 0) return { start, end: index + 1 }
  }
  return undefined
}

/** `partial / unresolved` for the call sites {@link callerCallSites} dropped, or `undefined`. */
export function droppedCallSites(serverId: string, dropped: number): LspCompleteness | undefined {
  if (dropped === 0) return undefined
  const sites = dropped === 1 ? '1 call site' : `${dropped} call sites`
  return {
    state: 'partial',
    reason: 'unresolved',
    message: `${serverId} gave ${sites} outside the caller it named (callers of one name in several files taken for one): left out, as where they are is unknown`,
  }
}

/** The text of a one-line range of `text` (its line `starts`; UTF-16 units, as the server's encoding); '' for a range over lines or past the end. */
function textAt(text: string, starts: ArrayLike<number>, range: LspRange): string {
  const { line } = range.start
  if (line !== range.end.line || line >= starts.length) return ''
  return text.slice(starts[line], lineEnd(text, starts, line)).slice(range.start.character, range.end.character)
}
