import type { LspCall, LspCallHierarchyItem, LspCompleteness, LspRange } from '@agent-lsp/lsp'
import { uriToPath } from '../normalize/uri.js'
import { lineAt } from '../sync/lines.js'
import { readText } from '../sync/read-text.js'

/**
 * The call sites of an incoming call that are its caller's (LSP 3.17 §Call Hierarchy: `fromRanges`
 * are relative to the caller `from`): of a plain function (`Function`, named by an identifier),
 * those inside the caller's range or, once one is not (clangd 14's caller ranges are its name
 * alone), those whose text is the function's name. clangd 14 gives every function of one name the same identity, so the calls
 * of every program's `main` came as one caller in one file, at lines of that file that hold no call
 * (`return 0;`), or none at all (the tenth trial: nettle's examples, 38 calls of werror).
 * `dropped`: how many were not.
 */
export function callerCallSites(call: LspCall, callee: LspCallHierarchyItem): { readonly call: LspCall; readonly dropped: number } {
  const { item, callSites } = call
  // Only a plain function's call names it: a constructor's is at the variable (`V a(1)`), an operator's at `+`.
  if (callee.kind !== 'Function' || !/^[A-Za-z_$][\w$]*$/.test(callee.name)) return { call, dropped: 0 }
  if (callSites.every((site) => holds(item.range, site.range))) return { call, dropped: 0 }
  // Sites outside the caller (clangd's caller range is its name alone): each is checked by its text.
  const path = uriToPath(item.uri)
  const text = path === null ? undefined : readText(path)
  const named = callSites.filter((site) => text === undefined || textAt(text, site.range) === callee.name)
  return { call: { item, callSites: named }, dropped: callSites.length - named.length }
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

function holds(outer: LspRange, inner: LspRange): boolean {
  const before = (a: LspRange['start'], b: LspRange['start']) => a.line < b.line || (a.line === b.line && a.character <= b.character)
  return before(outer.start, inner.start) && before(inner.end, outer.end)
}

/** The text of a one-line range of `text` (UTF-16 units, as the server's encoding); '' for a range over lines. */
function textAt(text: string, range: LspRange): string {
  return range.start.line === range.end.line ? (lineAt(text, range.start.line) ?? '').slice(range.start.character, range.end.character) : ''
}
