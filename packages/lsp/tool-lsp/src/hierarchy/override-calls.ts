import { untilAborted } from '@agent-lsp/abort'
import { compareLocations, type LspCall, type LspCallsResult, type LspCompleteness, type LspLocation } from '@agent-lsp/lsp'
import { URI } from 'vscode-uri'
import type { Cursor } from '../input/cursor.js'
import { rangeHolds } from '../text/positions.js'
import { createReceiverCheck } from './call-receivers.js'
import { ClassHierarchy } from './class-hierarchy.js'
import type { HierarchyContext } from './hierarchy-context.js'
import { mayDispatchTo, methodFamily, type HierarchyJoin, type HierarchyMethod } from './method-family.js'
import { outsideDispatch, outsideDispatchAt } from './outside-dispatch.js'

/** An `incomingCalls` answer with the calls of the methods its method overrides joined in. */
export type OverriddenCalls = HierarchyJoin<LspCallsResult>

/**
 * `result` (the server's incoming calls of the method at `cursor`) joined with the incoming calls
 * of the methods it overrides (see {@link methodFamily}): `b.total()` on a `Base` may run
 * `Sub.total` (dynamic dispatch), and pyright lists it as a call of `Base.total` only. Only calls
 * on an instance are joined (see {@link createReceiverCheck}): `Base.total(self)` and
 * `super().total()` run `Base.total` itself. Calls of the methods overriding it are not joined:
 * they run the override, not it (a `super()` call of it is its own call). Asked, as `referencesThroughOverrides`, only where the cross-check counted
 * places of the name leading to another symbol. The joined answers' partial completeness carries over.
 */
export async function callsThroughOverridden(context: HierarchyContext, cursor: Cursor, result: LspCallsResult): Promise<OverriddenCalls> {
  const unchanged: OverriddenCalls = { result, joined: [], notes: [] }
  const name = cursor.word
  if (result.direction !== 'incoming' || name === undefined || result.crossCheck === undefined || result.crossCheck.counts.elsewhere === 0) return unchanged
  const family = await methodFamily(context, cursor, name, () => false)
  if (family === undefined) {
    const completeness = await outsideDispatchAt(context, cursor, name, 'calls', result.completeness)
    return completeness === result.completeness ? unchanged : { ...unchanged, result: { ...result, completeness } }
  }
  const { ctx, workspaceRoot, signal } = context
  const dispatched = createReceiverCheck(context, new ClassHierarchy(context))
  const calls = new Map(result.calls.map((call) => [itemKey(call), call]))
  const joined: HierarchyMethod[] = []
  let completeness: LspCompleteness = outsideDispatch(family.members, name, 'calls', result.completeness)
  for (const { inside, ...method } of family.members) {
    // Outside the workspace the seam answers nothing.
    if (!inside || !mayDispatchTo(method.relation)) continue
    const theirs = await untilAborted(ctx.lsp.query({ operation: 'incomingCalls', filePath: URI.parse(method.uri).fsPath, position: method.position, workspaceRoot }, signal), signal)
    let added = false
    for (const call of theirs.calls) {
      const known = calls.get(itemKey(call))
      const mayRunIt = await Promise.all(call.callSites.map(dispatched))
      const joinable = call.callSites.filter((_, index) => mayRunIt[index])
      const sites = known === undefined ? joinable : unionOf(known.callSites, joinable)
      if (sites.length === (known?.callSites.length ?? 0)) continue
      calls.set(itemKey(call), { item: known?.item ?? call.item, callSites: sites })
      added = true
    }
    if (completeness.state === 'complete' && theirs.completeness.state === 'partial') completeness = theirs.completeness
    // A server that follows the hierarchy itself (tsserver) listed them all: nothing is said joined.
    if (added) joined.push(method)
  }
  // Only bases matter here: the same-named methods not followed (`family.notes`) could only override it.
  if (joined.length === 0) return { ...unchanged, result: { ...result, completeness }, notes: family.unexamined }
  const merged = [...calls.values()].sort((a, b) => compareLocations({ uri: a.item.uri, range: a.item.selectionRange }, { uri: b.item.uri, range: b.item.selectionRange }))
  return { result: { ...result, calls: merged, completeness }, joined, notes: family.unexamined }
}

/** One caller: the item's file and the start of its name. */
const itemKey = (call: LspCall): string => `${call.item.uri}#${call.item.selectionRange.start.line}:${call.item.selectionRange.start.character}`

/** The call sites of both, each once, in order. */
function unionOf(a: readonly LspLocation[], b: readonly LspLocation[]): LspLocation[] {
  const sites = [...a]
  for (const site of b) if (!sites.some((each) => each.uri === site.uri && rangeHolds(each.range, site.range.start))) sites.push(site)
  return sites.sort(compareLocations)
}
