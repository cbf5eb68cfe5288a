import { compareLocations, rangeHolds, type LspLocation } from './positions.js'
import type { LspCall } from './symbol-types.js'

/**
 * Calls of one hierarchy answer, merged: one entry per caller or callee (its file and the start of
 * its name, `selectionRange`), the first item given kept; its call sites each once (a site holding
 * another's start is that one: LSP 3.17 §Call Hierarchy `fromRanges`, zero-based UTF-16), sorted by
 * {@link compareLocations}; the entries sorted by their items' names.
 */
export function mergeCalls(calls: readonly LspCall[]): LspCall[] {
  const byItem = new Map<string, { readonly item: LspCall['item']; readonly sites: LspLocation[] }>()
  for (const { item, callSites } of calls) {
    const key = `${item.uri}#${item.selectionRange.start.line}:${item.selectionRange.start.character}`
    const entry = byItem.get(key) ?? { item, sites: [] }
    entry.sites.push(...callSites)
    byItem.set(key, entry)
  }
  return [...byItem.values()]
    .map(({ item, sites }) => ({ item, callSites: eachOnce(sites.sort(compareLocations)) }))
    .sort((a, b) => compareLocations({ uri: a.item.uri, range: a.item.selectionRange }, { uri: b.item.uri, range: b.item.selectionRange }))
}

/** Sorted sites without those whose start an earlier one holds. */
function eachOnce(sorted: readonly LspLocation[]): LspLocation[] {
  const kept: LspLocation[] = []
  for (const site of sorted) if (!kept.some((each) => each.uri === site.uri && rangeHolds(each.range, site.range.start))) kept.push(site)
  return kept
}
