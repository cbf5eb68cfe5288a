import { partialAfter, type LspCompleteness } from '@agent-lsp/lsp'
import type { Cursor } from '../input/cursor.js'
import { ClassHierarchy } from './class-hierarchy.js'
import type { HierarchyContext } from './hierarchy-context.js'
import { implementationFamilyAt } from './implementation-family.js'
import { definitionsAt, mayDispatchTo, type FamilyMember } from './method-family.js'
import { partialBy } from './unfollowed.js'

/**
 * `completeness` made partial where the method implements an interface method outside the
 * workspace (Go's `io.Writer.Write`, `fmt.Stringer.String`): calls through that interface may run
 * it, and the workspace's own (`w.Write(p)` on an `io.Writer`) are not listed, since the seam
 * answers nothing outside the workspace and gopls searches the interface's package only (the
 * eighteenth trial: incomingCalls of `upper.Write` listed io's five callers, not `emit`, the one
 * that ran it). Unchanged when no such member dispatches to it.
 * @param what - `calls` or `references`, as the answer lists them.
 */
export function outsideDispatch(members: readonly Omit<FamilyMember, 'through'>[], name: string, what: 'calls' | 'references', completeness: LspCompleteness): LspCompleteness {
  const overridden = members.filter((member) => !member.inside && member.relation === 'base')
  if (overridden.length > 0) completeness = libraryOverride(overridden, name, completeness)
  const outside = members.filter((member) => !member.inside && mayDispatchTo(member.relation) && member.relation === 'implemented')
  if (outside.length === 0) return completeness
  const named = outside.map((member) => member.name).join(', ')
  const them = outside.length === 1 ? 'that interface method' : 'those interface methods'
  const missed = what === 'calls' ? `calls through ${them}, which may run it,` : `references of ${them} (its calls through the interface among them)`
  const message = `${name} implements ${named} (outside the workspace): the workspace's ${missed} are not listed (the server lists those in the interface's own package only)`
  return partialAfter(completeness, { reason: 'unresolved', message })
}

/**
 * `completeness` made partial where the method overrides methods of a library's class (Python's
 * `threading.Thread.run`, `unittest.TestCase.setUp`; see `libraryBases`): the library calls it by
 * that name, and calls through the base are not listed.
 */
export function libraryOverride(overridden: readonly Pick<FamilyMember, 'name'>[], name: string, completeness: LspCompleteness): LspCompleteness {
  const message = `${name} overrides ${overridden.map((member) => member.name).join(', ')} outside the workspace: the library calls it by that name; callers through the base are not listed`
  return partialAfter(completeness, { reason: 'unresolved', message })
}

/**
 * {@link outsideDispatch} for a method no class declares (Go's `func (u upper) Write`), whose
 * family `methodFamily` cannot place: its members by implementation (see `implementationFamilyAt`).
 */
export async function outsideDispatchAt(context: HierarchyContext, cursor: Cursor, name: string, what: 'calls' | 'references', completeness: LspCompleteness): Promise<LspCompleteness> {
  const { members, unfollowed } = await implementationFamilyAt(context, new ClassHierarchy(context), await definitionsAt(context, cursor), name, () => false)
  // Those not followed may hold the interface methods or implementations whose places are missing.
  return partialBy(outsideDispatch(members, name, what, completeness), unfollowed)
}
