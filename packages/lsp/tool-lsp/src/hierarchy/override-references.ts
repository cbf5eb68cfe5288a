import { untilAborted } from '@agent-lsp/abort'
import { compareLocations, type LspCompleteness, type LspLocation, type LspLocationsResult } from '@agent-lsp/lsp'
import { URI } from 'vscode-uri'
import type { Cursor } from '../input/cursor.js'
import { rangeHolds } from '../text/positions.js'
import type { HierarchyContext } from './hierarchy-context.js'
import { libraryOverridden } from './library-override.js'
import { methodFamily, type HierarchyJoin, type HierarchyMethod } from './method-family.js'
import { libraryOverride, outsideDispatch, outsideDispatchAt } from './outside-dispatch.js'
import { partialBy } from './unfollowed.js'

/** A `findReferences` answer with the references of its method's class hierarchy joined in. */
export type OverrideReferences = HierarchyJoin<LspLocationsResult>

/**
 * `result` (the server's references of the method at `cursor`) joined with the references of
 * the methods it overrides and that override it (see {@link methodFamily}), as tsserver answers
 * by itself: pyright answers for the method asked only, so `b.run()` on a `Base` was missing from
 * the references of `Sub.run`, and `s.run()` from those of `Base.run`. Asked only where the
 * cross-check ran and found places of the name leading to another symbol: a listed hierarchy
 * costs nothing more (without the cross-check, nothing is joined). The joined answers' partial completeness carries over.
 */
export async function referencesThroughOverrides(context: HierarchyContext, cursor: Cursor, result: LspLocationsResult): Promise<OverrideReferences> {
  const unchanged: OverrideReferences = { result, joined: [], notes: [] }
  const name = cursor.word
  if (name === undefined || result.crossCheck === undefined) return unchanged
  if (result.crossCheck.counts.elsewhere === 0) {
    // No other method of the name in the workspace, but a Python method may override a library's (`threading.Thread.run`).
    if (!/\.pyi?$/.test(cursor.absolutePath)) return unchanged
    const overridden = await libraryOverridden(context, cursor, name)
    return overridden.length === 0 ? unchanged : { ...unchanged, result: { ...result, completeness: libraryOverride(overridden, name, result.completeness) } }
  }
  const listed = (location: LspLocation): boolean => result.locations.some((each) => each.uri === location.uri && rangeHolds(each.range, location.range.start))
  const family = await methodFamily(context, cursor, name, listed)
  if (family === undefined) {
    const completeness = await outsideDispatchAt(context, cursor, name, 'references', result.completeness)
    return completeness === result.completeness ? unchanged : { ...unchanged, result: { ...result, completeness } }
  }
  const { ctx, workspaceRoot, signal } = context
  // A base outside the workspace may declare the method too: its references are not asked (said in a line).
  const notes = family.unexamined
  const locations = new Map(result.locations.map((location) => [locationKey(location), location]))
  const joined: HierarchyMethod[] = []
  // Methods of the family not followed: their references may be missing.
  let completeness: LspCompleteness = partialBy(outsideDispatch(family.members, name, 'references', result.completeness), family.notes)
  for (const { inside, ...method } of family.members) {
    const at = { uri: method.uri, range: { start: method.position, end: method.position } }
    // Outside the workspace the seam answers nothing; a method already listed brought its references.
    if (!inside || [...locations.values()].some((each) => each.uri === at.uri && rangeHolds(each.range, at.range.start))) continue
    const theirs = await untilAborted(ctx.lsp.query({ operation: 'findReferences', filePath: URI.parse(method.uri).fsPath, position: method.position, workspaceRoot }, signal), signal)
    for (const location of theirs.locations) locations.set(locationKey(location), location)
    if (completeness.state === 'complete' && theirs.completeness.state === 'partial') completeness = theirs.completeness
    joined.push(method)
  }
  if (joined.length === 0) return { ...unchanged, result: { ...result, completeness }, notes }
  const merged = [...locations.values()].sort(compareLocations)
  return { result: { ...result, locations: merged, completeness }, joined, notes }
}

const locationKey = (location: LspLocation): string => `${location.uri}#${location.range.start.line}:${location.range.start.character}:${location.range.end.line}:${location.range.end.character}`
