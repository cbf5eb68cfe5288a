import type { LspQueryResult } from './results.js'

/**
 * Whether an answer holds nothing a reader asked for: no locations, symbols or calls, or no hover.
 * Other kinds (diagnostics, edits, signature help, …) are never judged empty here.
 */
export function isEmptyResult(result: LspQueryResult): boolean {
  switch (result.kind) {
    case 'locations':
      return result.locations.length === 0
    case 'symbols':
      return result.symbols.length === 0
    case 'calls':
      return result.calls.length === 0
    case 'hover':
      return result.hover === null
    default:
      return false
  }
}
