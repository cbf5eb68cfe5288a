import { dirname, sep } from 'node:path'
import type { LspLocation } from '@agent-lsp/lsp'

/**
 * `places` ordered nearest to `anchor` first: by how many leading folders a place's file shares
 * with `anchor`'s (most first), then in their given order (the search's: path, then position).
 * The cross-check asks about the first few only; a common name in a large tree has thousands of
 * occurrences, and the ones beside the declaration (its package, not a `dist/` copy that sorts
 * first) are where a missed reference most likely is. Deterministic, so every run asks the same.
 * @param pathOf - the file path of a URI.
 */
export function nearestFirst(places: readonly LspLocation[], anchor: string, pathOf: (uri: string) => string): LspLocation[] {
  const home = dirname(anchor).split(sep)
  const shared = new Map<string, number>()
  const depth = (uri: string): number => {
    let found = shared.get(uri)
    if (found === undefined) {
      const folders = dirname(pathOf(uri)).split(sep)
      found = 0
      while (found < home.length && found < folders.length && home[found] === folders[found]) found++
      shared.set(uri, found)
    }
    return found
  }
  // Array.prototype.sort is stable: equal depths keep the search's order.
  return [...places].sort((a, b) => depth(b.uri) - depth(a.uri))
}
