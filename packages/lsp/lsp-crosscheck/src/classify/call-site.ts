import type { LspLocation, LspOperation } from '@agent-lsp/lsp'
import type { Texts } from '../search/texts.js'

/**
 * Whether the name at `start..end` (zero-based UTF-16) of `lineText` is called there: followed by
 * `(`, `?.(`, type arguments then `(`, a template literal, or `.call(` / `.apply(`; or a Python
 * decorator (`@name`). An import, a re-export, a type (`typeof price`) or the function passed as a
 * value leads to the symbol too, but is not a call (`incomingCalls` lists calls).
 */
export function isCallAt(lineText: string, start: number, end: number): boolean {
  if (lineText.slice(0, start).trimEnd().endsWith('@')) return true
  return callAfter.test(lineText.slice(end))
}

const callAfter = /^\s*(?:\?\.)?(?:<[^;{}()=]*>\s*)?(?:\(|`)|^\s*\.\s*(?:call|apply)\s*\(/

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
    return line !== undefined && isCallAt(line, place.range.start.character, place.range.end.character)
  }
}
