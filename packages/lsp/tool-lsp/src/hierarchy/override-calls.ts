import { untilAborted } from '@agent-lsp/abort'
import { mergeCalls, type LspCall, type LspCallsResult, type LspCompleteness } from '@agent-lsp/lsp'
import { URI } from 'vscode-uri'
import type { Cursor } from '../input/cursor.js'
import { createReceiverCheck } from './call-receivers.js'
import { ClassHierarchy } from './class-hierarchy.js'
import type { HierarchyContext } from './hierarchy-context.js'
import { mayDispatchTo, methodFamily, type HierarchyJoin, type HierarchyMethod } from './method-family.js'
import { libraryOverridden } from './library-override.js'
import { libraryOverride, outsideDispatch, outsideDispatchAt } from './outside-dispatch.js'
import { partialBy } from './unfollowed.js'

/** An `incomingCalls` answer with the calls of the methods its method overrides joined in. */
export type OverriddenCalls = HierarchyJoin<LspCallsResult>

/**
 * `result` (the server's incoming calls of the method at `cursor`) joined with the incoming calls
 * of the methods it overrides (see {@link methodFamily}): `b.total()` on a `Base` may run
 * `Sub.total` (dynamic dispatch), and pyright lists it as a call of `Base.total` only. Only calls
 * on an instance are joined (see {@link createReceiverCheck}): `Base.total(self)` and
 * `super().total()` run `Base.total` itself. Calls of the methods overriding it are not joined:
 * they run the override, not it (a `super()` call of it is its own call). Asked, as `referencesThroughOverrides`, only where the cross-check counted
 * places of the name leading to another symbol; elsewhere a Python method overriding a library's
 * (`threading.Thread.run`, see `libraryOverridden`) makes it partial: the library calls it. The
 * joined answers' partial completeness carries over.
 */
export async function callsThroughOverridden(context: HierarchyContext, cursor: Cursor, result: LspCallsResult): Promise<OverriddenCalls> {
  const unchanged: OverriddenCalls = { result, joined: [], notes: [] }
  const name = cursor.word
  if (result.direction !== 'incoming' || name === undefined || result.crossCheck === undefined) return unchanged
  if (result.crossCheck.counts.elsewhere === 0) {
    // No other method of the name in the workspace, but a Python method may override a library's (`threading.Thread.run`), which calls it.
    if (!/\.pyi?$/.test(cursor.absolutePath)) return unchanged
    const overridden = await libraryOverridden(context, cursor, name)
    return overridden.length === 0 ? unchanged : { ...unchanged, result: { ...result, completeness: libraryOverride(overridden, name, result.completeness) } }
  }
  const family = await methodFamily(context, cursor, name, () => false)
  if (family === undefined) {
    const completeness = await outsideDispatchAt(context, cursor, name, 'calls', result.completeness)
    return completeness === result.completeness ? unchanged : { ...unchanged, result: { ...result, completeness } }
  }
  const { ctx, workspaceRoot, signal } = context
  const dispatched = createReceiverCheck(context, new ClassHierarchy(context))
  let calls = result.calls
  const joined: HierarchyMethod[] = []
  // Methods not followed whose calls may run it (a mixin's bases): their calls may be missing.
  let completeness: LspCompleteness = partialBy(outsideDispatch(family.members, name, 'calls', result.completeness), family.notes.filter((note) => note.mayRunIt))
  for (const { inside, ...method } of family.members) {
    // Outside the workspace the seam answers nothing.
    if (!inside || !mayDispatchTo(method.relation)) continue
    const theirs = await untilAborted(ctx.lsp.query({ operation: 'incomingCalls', filePath: URI.parse(method.uri).fsPath, position: method.position, workspaceRoot }, signal), signal)
    const joinable = await Promise.all(
      theirs.calls.map(async (call) => {
        const mayRunIt = await Promise.all(call.callSites.map(dispatched))
        return { item: call.item, callSites: call.callSites.filter((_, index) => mayRunIt[index]) }
      }),
    )
    const before = siteCount(calls)
    calls = mergeCalls([...calls, ...joinable.filter((call) => call.callSites.length > 0)])
    const added = siteCount(calls) > before
    if (completeness.state === 'complete' && theirs.completeness.state === 'partial') completeness = theirs.completeness
    // A server that follows the hierarchy itself (tsserver) listed them all: nothing is said joined.
    if (added) joined.push(method)
  }
  // Only bases matter here: the same-named methods not followed (`family.notes` but those that `mayRunIt`) could only override it.
  if (joined.length === 0) return { ...unchanged, result: { ...result, completeness }, notes: family.unexamined }
  return { result: { ...result, calls, completeness }, joined, notes: family.unexamined }
}

/** How many call sites the calls have. */
const siteCount = (calls: readonly LspCall[]): number => calls.reduce((sum, call) => sum + call.callSites.length, 0)
