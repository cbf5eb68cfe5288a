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
