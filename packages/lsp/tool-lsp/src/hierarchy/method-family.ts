import { untilAborted } from '@agent-lsp/abort'
import { isPythonSpecialName } from '@agent-lsp/keywords'
import type { LspLocation, LspPosition, LspSymbol } from '@agent-lsp/lsp'
import { relativeInside } from '@agent-lsp/wording'
import { URI } from 'vscode-uri'
import type { Cursor } from '../input/cursor.js'
import { oneLine } from '../text/one-line.js'
import { rangeHolds } from '../text/positions.js'
import { ClassHierarchy, classKey, METHOD_KINDS, ownMethod, positionKey, symbolKey, type ClassSymbol } from './class-hierarchy.js'
import { combinedMembers } from './combined-bases.js'
import type { HierarchyContext } from './hierarchy-context.js'
import { askOrFail, type Unfollowed } from './unfollowed.js'
import { libraryBases } from './library-bases.js'
import { implementationMembers, type ImplementationRelation } from './implementation-family.js'

/**
 * How a method of the hierarchy stands to the one asked about: `base`, declared by one of its
 * class's ancestors (it overrides that one); `override`, declared by a class deriving from its
 * class; `sibling`, neither, but overriding a base method it overrides too (a rename must take
 * it along; its calls never run the method asked about). Related by implementation (see
 * `implementationMembers`): `implemented`, an interface method the one asked implements (its calls
 * may run it); `implementation`, a method implementing the interface method asked; `co-implementation`,
 * a method implementing an interface method the one asked implements; `co-interface`, an interface
 * method the implementations of the one asked implement too. In a references answer only, `alias`:
 * a name the symbol is imported under (see `referencesThroughAliases`).
 */
export type HierarchyRelation = 'base' | 'override' | 'sibling' | 'alias' | ImplementationRelation

/** Whether `relation` is by implementation, not by a class hierarchy. */
export const byImplementation = (relation: HierarchyRelation): relation is ImplementationRelation =>
  relation === 'implemented' || relation === 'implementation' || relation === 'co-implementation' || relation === 'co-interface'

/** Whether a method standing so to the one asked neither runs for it nor it for them (a rename takes it along all the same). */
export const sideways = (relation: HierarchyRelation): boolean => relation === 'sibling' || relation === 'co-implementation' || relation === 'co-interface'

/** Whether calls of a method standing so to the one asked may run that one (a base's, an implemented interface method's). */
export const mayDispatchTo = (relation: HierarchyRelation): boolean => relation === 'base' || relation === 'implemented'

/** A method of a class hierarchy: `Sub.total`, where its name is (zero-based UTF-16), and how it stands to the method asked about. */
export interface HierarchyMethod {
  readonly name: string
  readonly uri: string
  readonly position: LspPosition
  readonly relation: HierarchyRelation
  /** A class combining the method's class with this one's (Python's `class JsonView(JsonMixin, Base)`), where alone they are related. */
  readonly through?: string
  /** An alias joined: the `file:` URIs of the places its references added, which may be in files importing under names of their own (pyright lists the `_` of every file importing `gettext_lazy as _` at one). */
  readonly addedIn?: readonly string[]
}

/** A server's answer with what the methods of its method's class hierarchy add joined in. */
export interface HierarchyJoin<Result> {
  readonly result: Result
  /** The methods whose answers were joined (they added to it). */
  readonly joined: readonly HierarchyMethod[]
  /** Why the hierarchy found may be more (see {@link MethodFamily.notes}), a clause each. */
  readonly notes: readonly string[]
}

/** A method of {@link MethodFamily.members}; `inside`: in the workspace. */
export type FamilyMember = HierarchyMethod & { readonly inside: boolean }

/** The methods of one method's class hierarchy, as {@link methodFamily} finds them. */
export interface MethodFamily {
  /** The class or interface declaring the method asked about, where its name is. */
  readonly container: { readonly absolutePath: string; readonly position: LspPosition; readonly name: string }
  /** The methods it overrides, that override it, and its siblings (never itself). */
  readonly members: readonly FamilyMember[]
  /** Bases outside the workspace, not examined for a method of the name: a clause each. */
  readonly unexamined: readonly string[]
  /**
   * Why the methods found may not be all of them (a partial list, candidates or classes past a
   * bound, a question the server failed): each makes an answer joining the family partial.
   */
  readonly notes: readonly FamilyNote[]
}

/** A clause of {@link MethodFamily.notes}; `mayRunIt`: what was not followed may hold methods whose calls run the one asked (a base it overrides only in a class combining them, an interface method it implements). */
export interface FamilyNote extends Unfollowed {
  readonly mayRunIt: boolean
}

/** Same-named methods elsewhere whose classes are followed upwards; the rest are counted in `notes`. */
const MAX_CANDIDATES = 32


/** A method's declaration, its class and the class's ancestors: where its family is looked for (see {@link methodAt}). */
export interface MethodAt {
  readonly hierarchy: ClassHierarchy
  readonly declared: { readonly klass: ClassSymbol; readonly method: LspSymbol }
  readonly ancestors: readonly ClassSymbol[]
  /** The class or interface declaring the method, where its name is. */
  readonly container: MethodFamily['container']
}

/**
 * The method named `name` at `cursor`, found with the servers' questions only: the declaration
 * (`goToDefinition` at the cursor), its class (`documentSymbol`) and the class's bases (see
 * {@link ClassHierarchy}). Asked once for every family looked for there (see {@link familyOf}).
 * @returns `undefined` when the cursor's name is not a method of a class in the workspace.
 */
export async function methodAt(context: HierarchyContext, cursor: Cursor, name: string): Promise<MethodAt | undefined> {
  return methodAtDefinitions(new ClassHierarchy(context), await definitionsAt(context, cursor), name)
}

/** {@link methodAt} from the cursor's `goToDefinition` answer (see {@link definitionsAt}), asked already. */
export async function methodAtDefinitions(hierarchy: ClassHierarchy, definitions: readonly LspLocation[], name: string): Promise<MethodAt | undefined> {
  const declared = await declarationOf(hierarchy, definitions, name)
  if (declared === undefined) return undefined
  const container = { absolutePath: URI.parse(declared.klass.uri).fsPath, position: declared.klass.symbol.selectionRange.start, name: declared.klass.symbol.name }
  return { hierarchy, declared, ancestors: await hierarchy.ancestorsOf(declared.klass), container }
}

/** The server's `goToDefinition` at `at` (a cursor, or a file and zero-based position): where a symbol is declared; none when it has no answer. */
export async function definitionsAt(context: HierarchyContext, at: Pick<Cursor, 'absolutePath' | 'position'>): Promise<readonly LspLocation[]> {
  const { ctx, workspaceRoot, signal } = context
  const answer = await askOrFail(ctx.lsp.query({ operation: 'goToDefinition', filePath: at.absolutePath, position: at.position, workspaceRoot }, signal), signal)
  return answer?.locations ?? []
}

/**
 * The class hierarchy of the method named `name` at `cursor`: {@link familyOf} at {@link methodAt}.
 * pyright answers a method's rename and references for that method alone; tsserver, clangd and
 * gopls follow the hierarchy themselves.
 * @param known - same-named methods the caller already has (renamed, listed): not followed.
 * @returns `undefined` when the cursor's name is not a method of a class in the workspace.
 */
export async function methodFamily(context: HierarchyContext, cursor: Cursor, name: string, known: (location: LspLocation) => boolean): Promise<MethodFamily | undefined> {
  const at = await methodAt(context, cursor, name)
  return at === undefined ? undefined : familyOf(context, at, name, known)
}

/**
 * The methods named `name` in the hierarchy of the method `at`: those its class's ancestors declare,
 * and the same-named methods `workspaceSymbol` lists whose classes derive from its class or from a
 * base that declares one. `name` is the method's own, or a rename's new name: the methods the
 * renamed one would then override or be overridden by.
 * @param known - same-named methods the caller already has (renamed, listed): not followed.
 */
export async function familyOf(context: HierarchyContext, at: MethodAt, name: string, known: (location: LspLocation) => boolean): Promise<MethodFamily> {
  const { hierarchy, declared, ancestors, container } = at
  // Python's `object` declares only `__dunder__` methods: for any other name it holds no base method.
  const rootOnly = isPythonSpecialName(name) ? [] : ['object']
  // A library's base (`threading.Thread`) declaring the method: it is overridden, and called by the library by that name.
  const library = await libraryBases(hierarchy, [declared.klass, ...ancestors], name, rootOnly)
  const unexamined = library.unexamined
  const family = new Map<string, FamilyMember>(library.members.map((member) => [positionKey(member.uri, member.position), member]))
  const join = (klass: ClassSymbol, method: LspSymbol, relation: HierarchyRelation, through?: string): void => {
    const inside = relativeInside(context.workspaceRoot, URI.parse(klass.uri).fsPath) !== undefined
    family.set(symbolKey(klass.uri, method), { name: `${klass.symbol.name}.${name}`, uri: klass.uri, position: method.selectionRange.start, relation, inside, ...(through === undefined ? {} : { through }) })
  }
  const declaring = new Set<string>()
  for (const ancestor of ancestors) {
    const method = ownMethod(ancestor, name)
    if (method === undefined) continue
    declaring.add(classKey(ancestor))
    join(ancestor, method, 'base')
  }
  // For the cursor's own name a container is required: tsserver (which names none) follows its hierarchy itself.
  const listed = await sameNamed(context, name, name !== declared.method.name, URI.parse(declared.klass.uri).fsPath)
  const candidates = listed.symbols.filter((symbol) => !(symbol.uri === declared.klass.uri && rangeHolds(declared.method.range, symbol.range.start)) && !known(symbol))
  for (const symbol of candidates.slice(0, MAX_CANDIDATES)) {
    const klass = await hierarchy.classAt(symbol.uri, symbol.range.start)
    const method = klass === undefined ? undefined : ownMethod(klass, name)
    if (klass === undefined || method === undefined || family.has(symbolKey(klass.uri, method))) continue
    const above = (await hierarchy.ancestorsOf(klass)).map(classKey)
    if (above.includes(classKey(declared.klass))) join(klass, method, 'override')
    else if (above.some((key) => declaring.has(key))) join(klass, method, 'sibling')
  }
  // Python's classes combining its class with another base (mixins): related only there.
  const combined = await combinedMembers(context, hierarchy, declared.klass, name, new Set(family.keys()))
  for (const member of combined.members) join(member.klass, member.method, member.relation, member.through)
  // Methods related by implementation (Go's interfaces, satisfied by shape) are its family too.
  const byShape: Unfollowed[] = []
  if (name === declared.method.name) {
    const own = { uri: declared.klass.uri, position: declared.method.selectionRange.start, name }
    const had = (location: LspLocation): boolean =>
      known(location) || family.has(positionKey(location.uri, location.range.start)) || (location.uri === declared.klass.uri && rangeHolds(declared.method.range, location.range.start))
    const implementing = await implementationMembers(context, hierarchy, own, had)
    for (const [key, member] of implementing.members) if (!family.has(key)) family.set(key, member)
    byShape.push(...implementing.unfollowed)
  }
  const unchecked = candidates.length - Math.min(candidates.length, MAX_CANDIDATES)
  const notes: FamilyNote[] = [
    ...(listed.note === undefined ? [] : [{ ...listed.note, mayRunIt: false }]),
    ...(unchecked > 0 ? [{ reason: 'unchecked' as const, message: `${unchecked} more methods named ${name} were not checked for overriding it past ${MAX_CANDIDATES}`, mayRunIt: false }] : []),
    ...[...combined.unfollowed, ...byShape, ...hierarchy.unread()].map((each) => ({ ...each, mayRunIt: true })),
  ]
  return { container, members: [...family.values()], unexamined, notes }
}

/** The method the cursor's name is declared as, in its class: the first such of its `definitions`. */
async function declarationOf(hierarchy: ClassHierarchy, definitions: readonly LspLocation[], name: string): Promise<{ klass: ClassSymbol; method: LspSymbol } | undefined> {
  for (const location of definitions) {
    const klass = await hierarchy.classAt(location.uri, location.range.start)
    const method = klass === undefined ? undefined : ownMethod(klass, name)
    if (klass !== undefined && method !== undefined && rangeHolds(method.range, location.range.start)) return { klass, method }
  }
  return undefined
}

/** The workspace symbols of a method's kind named exactly `name` (inside a container unless `anyContainer`), and a note when the list may be partial. */
async function sameNamed(context: HierarchyContext, name: string, anyContainer: boolean, declaring: string): Promise<{ symbols: LspLocation[]; note: Unfollowed | undefined }> {
  const { ctx, workspaceRoot, signal } = context
  // gopls' fuzzy matcher fills its 100 results with near misses (`Area`: the standard library's
  // RegArgs, Release, …), and the cut made every Go method's family "may not all have been found".
  // Its FZF syntax anchors the name's end (`Area$`: `Square.Area`, not `RegArgs`), asked of gopls alone.
  const go = declaring.endsWith('.go')
  const query = go ? `${name}$` : name
  try {
    const result = await untilAborted(ctx.lsp.query({ operation: 'workspaceSymbol', query, filePath: go ? declaring : null, workspaceRoot }, signal), signal)
    // tsserver names no container at all; a top-level function is no class's either way (`classAt` finds none).
    const symbols = result.symbols.filter((symbol) => symbol.name === name && METHOD_KINDS.has(symbol.kind) && (anyContainer || symbol.containerName !== undefined)).map(({ uri, range }) => ({ uri, range }))
    const { completeness } = result
    const note = completeness.state === 'partial' ? { reason: completeness.reason, message: `the methods named ${name} may not all have been found (${completeness.reason}): ${oneLine(completeness.message)}` } : undefined
    return { symbols, note }
  } catch (error) {
    if (signal.aborted) throw error
    return { symbols: [], note: { reason: 'failed', message: `the methods named ${name} could not be listed: ${oneLine(error instanceof Error ? error.message : String(error))}` } }
  }
}
