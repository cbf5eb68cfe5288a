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

/** Whether `place` (on one line) uses the function as a value (see {@link isValueUseAt}). */
export function usedAsValue(texts: Texts, place: LspLocation): boolean {
  const line = texts.lines(place.uri)?.[place.range.start.line]
  return line !== undefined && place.range.start.line === place.range.end.line && isValueUseAt(line, place.range.start.character, place.range.end.character)
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
  return !/^\s*$/.test(before) || !/^\s*(?:as\s+[\p{L}\p{N}_$]+\s*)?,?\s*$/u.test(lineText.slice(end))
}

/** A line that imports or re-exports names (JavaScript, Python, Go, C); not `export const x = f(noop)`. */
const moduleLine = /^\s*(?:import\b|export\s*(?:\{|\*|type\b|default\s+[\p{L}\p{N}_$]+\s*;?\s*$)|from\s+\S+\s+import\b|(?:const|let|var)\s+(?:\{[^}]*\}|[\p{L}\p{N}_$]+)\s*=\s*require\s*\(|#\s*include\b)/u
/** A type query before the name: `typeof noop`, `keyof typeof noop`. */
const typeQuery = /\btypeof\s+(?:[\p{L}\p{N}_$]+\s*\.\s*)*$/u
