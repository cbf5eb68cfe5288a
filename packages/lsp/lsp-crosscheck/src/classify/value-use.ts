import type { LspCallsResult, LspLocation } from '@agent-lsp/lsp'
import type { Texts } from '../search/texts.js'
import { familyOf, isCallAt } from './call-site.js'

/**
 * The call sites a call hierarchy lists that call nothing and use the function as a value:
 * clangd lists `struct ops OPS = { .fn = work }` as a call from `OPS`, gopls a map literal's
 * `{"w": work}` from the package; whoever calls `OPS.fn` calls it, unnamed.
 */
export function listedValueUses(result: LspCallsResult, texts: Texts): LspLocation[] {
  return result.calls.flatMap((call) =>
    call.callSites.filter((site) => {
      const line = texts.lines(site.uri)?.[site.range.start.line]
      return line !== undefined && !isCallAt(line, site.range.start.character, site.range.end.character, familyOf(site.uri)) && usedAsValue(texts, site)
    }),
  )
}

/**
 * The answer without the call sites that are `uses` as a value: each is listed once, as a value use
 * (`LspCrossCheck.valueUses`), not counted as a call (gopls lists `f := Work` as a call site); a
 * caller left with no call is no caller.
 */
export function withoutValueUses<Result extends { readonly kind: string }>(result: Result, uses: readonly LspLocation[]): Result {
  if (result.kind !== 'calls' || uses.length === 0) return result
  const isUse = (site: LspLocation): boolean => uses.some((use) => use.uri === site.uri && use.range.start.line === site.range.start.line && use.range.start.character === site.range.start.character)
  const calls = (result as unknown as LspCallsResult).calls
  const kept = calls.map((call) => ({ ...call, callSites: call.callSites.filter((site) => !isUse(site)) })).filter((call) => call.callSites.length > 0)
  return kept.length === calls.length && kept.every((call, index) => call.callSites.length === calls[index]!.callSites.length) ? result : { ...result, calls: kept }
}

/**
 * Whether `place` (on one line) uses the function as a value (see {@link isValueUseAt}); a name
 * alone on its line is one where the bracket it stands in opens a value (`checkers = (`, `[`,
 * `{`, `run(`: a tuple, list, map or argument list written one element per line, as black and
 * prettier write a long one), not an import or export list (see {@link enclosingList}).
 */
export function usedAsValue(texts: Texts, place: LspLocation): boolean {
  const lines = texts.lines(place.uri)
  const line = lines?.[place.range.start.line]
  if (line === undefined || place.range.start.line !== place.range.end.line) return false
  const { start, end } = { start: place.range.start.character, end: place.range.end.character }
  if (isValueUseAt(line, start, end)) return true
  if (!aloneOnLine(line, start, end)) return false
  const list = enclosingList(lines!, place.range.start.line)
  return list !== undefined && !moduleLine.test(list.opening) && !moduleEnd.test(list.closing)
}

/**
 * Whether the name at `start..end` (zero-based UTF-16) of `lineText`, a place that leads to a
 * function without calling it (see `isCallAt`), uses it as a value: passed (`.then(noop)`,
 * `signal.connect(handler)`), stored (`{ onDone: noop }`, `fp = in`) or returned, where it may be
 * called with no call naming it; exported under a name of its own (`module.exports = { run: work }`,
 * `exports.alias = work`: callers call `run`). Not an import or re-export line (`import {`,
 * `from x import`, `export {`, `const { work } = require(…)`, `#include`), a type (`typeof noop`),
 * a JSX tag (`<Noop`), nor a name alone on its line (a member of a multi-line import or export list).
 */
export function isValueUseAt(lineText: string, start: number, end: number): boolean {
  const before = lineText.slice(0, start)
  if (moduleLine.test(lineText) || typeQuery.test(before) || /<\/?\s*$/.test(before)) return false
  return !aloneOnLine(lineText, start, end)
}

/** A name alone on its line, but for a comma or an `as` alias after it: a member of a list written one per line. */
function aloneOnLine(lineText: string, start: number, end: number): boolean {
  return /^\s*$/.test(lineText.slice(0, start)) && /^\s*(?:as\s+[\p{L}\p{N}_$]+\s*)?,?\s*$/u.test(lineText.slice(end))
}

/** Lines looked through for the bracket a name alone on its line stands in, each way. */
const MAX_LIST_LINES = 64

/**
 * The lines where the bracket holding line `at` opens and closes (their text, quoted strings
 * blanked), found by counting brackets up and down at most {@link MAX_LIST_LINES} lines;
 * `undefined` when none holds it within them.
 */
function enclosingList(lines: readonly string[], at: number): { opening: string; closing: string } | undefined {
  const code = (line: string): string => line.replace(/(["'`])(?:\\.|(?!\1).)*\1/g, '""')
  let opening: string | undefined
  for (let index = at - 1, depth = 0; index >= Math.max(0, at - MAX_LIST_LINES) && opening === undefined; index--) {
    const text = code(lines[index]!)
    for (let char = text.length - 1; char >= 0; char--) {
      if (')]}'.includes(text[char]!)) depth++
      else if ('([{'.includes(text[char]!) && --depth < 0) {
        opening = text
        break
      }
    }
  }
  if (opening === undefined) return undefined
  for (let index = at + 1, depth = 0; index < Math.min(lines.length, at + MAX_LIST_LINES); index++) {
    const text = code(lines[index]!)
    for (const char of text) {
      if ('([{'.includes(char)) depth++
      else if (')]}'.includes(char) && --depth < 0) return { opening, closing: text }
    }
  }
  return undefined
}

/** A line that imports or re-exports names (JavaScript, Python, Go, C); not `export const x = f(noop)`. */
const moduleLine = /^\s*(?:import\b|export\s*(?:\{|\*|type\b|default\s+[\p{L}\p{N}_$]+\s*;?\s*$)|from\s+\S+\s+import\b|(?:const|let|var)\s+(?:\{[^}]*\}|[\p{L}\p{N}_$]+)\s*=\s*require\s*\(|#\s*include\b)/u
/** The line closing a multi-line import list: `} from './x'`, `} = require('x')`. */
const moduleEnd = /^\s*[}\])]\s*(?:from\b|=\s*require\s*\()/
/** A type query before the name: `typeof noop`, `keyof typeof noop`. */
const typeQuery = /\btypeof\s+(?:[\p{L}\p{N}_$]+\s*\.\s*)*$/u
