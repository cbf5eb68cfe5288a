import type { LspSymbol } from '@agent-lsp/lsp'
import { namedList, relativeInside } from '@agent-lsp/wording'
import { URI } from 'vscode-uri'
import { classKey, headerIdentifiers, ownMethod, symbolKey, type ClassHierarchy, type ClassSymbol } from './class-hierarchy.js'
import type { HierarchyContext } from './hierarchy-context.js'
import { askOrFail, placeLabel, type Unfollowed } from './unfollowed.js'

/**
 * Classes deriving from the method's class that are looked at, and how many levels down; past them the
 * family says which were not (see {@link combinedMembers}). Django's ContextMixin has 50 subclasses, 6
 * levels deep: at 16 and 4 its get_context_data was partial with nothing missing; at 64 and 8 the first
 * answer takes 12 s, warm ones 2.5-3.4 s as before.
 */
const MAX_DESCENDANTS = 64
const MAX_DEPTH = 8

/** A method related through a class combining its class with another base (see {@link combinedMembers}). */
export interface CombinedMember {
  readonly klass: ClassSymbol
  readonly method: LspSymbol
  /** `base`: the method asked overrides it in `through`; `override`: it overrides the method asked there. */
  readonly relation: 'base' | 'override'
  /** The combining class's name. */
  readonly through: string
}

/**
 * The methods named `name` that the method of `declaring` overrides, or is overridden by, only in a
 * class combining `declaring` with another base: Python's `class JsonView(JsonMixin, Base)` makes
 * `JsonMixin.render` run for `self.render()` in `Base.run` (the MRO is JsonView, JsonMixin, Base), though
 * neither class derives from the other (Django's and DRF's mixins; the eighteenth trial). The classes
 * deriving from `declaring` are found by `findReferences` at its name (a reference in a class header),
 * at most {@link MAX_DESCENDANTS}, {@link MAX_DEPTH} levels down; each one's method resolution order is
 * C3's over the bases its header names. Python only: in C++ a sibling base's method overrides nothing.
 * The classes not followed, past the bounds or where the server failed, are said in `unfollowed`
 * (before, the 17th class deriving from a mixin, `JsonView(JsonMixin, Base)`, was not looked at, and
 * Base.render with its call was missing from a references answer said complete).
 * @param own - the methods already related through `declaring`'s own hierarchy ({@link symbolKey}s): left out.
 */
export async function combinedMembers(
  context: HierarchyContext,
  hierarchy: ClassHierarchy,
  declaring: ClassSymbol,
  name: string,
  own: ReadonlySet<string>,
): Promise<{ members: CombinedMember[]; unfollowed: Unfollowed[] }> {
  if (!/\.pyi?$/.test(URI.parse(declaring.uri).path)) return { members: [], unfollowed: [] }
  const found = new Map<string, CombinedMember>()
  const above = new Set((await hierarchy.ancestorsOf(declaring)).map(classKey))
  const descendants = await descendantsOf(context, hierarchy, declaring)
  for (const klass of descendants.classes) {
    const order = await mroOf(hierarchy, klass)
    const at = order.findIndex((each) => classKey(each) === classKey(declaring))
    const declared = order.map((each) => ({ klass: each, method: ownMethod(each, name) })).filter((each): each is { klass: ClassSymbol; method: LspSymbol } => each.method !== undefined)
    const first = declared[0]
    if (at < 0 || first === undefined) continue
    const related = (each: { klass: ClassSymbol; method: LspSymbol }, relation: CombinedMember['relation']): void => {
      const key = symbolKey(each.klass.uri, each.method)
      // Both in two classes (`JsonView(JsonMixin, Base)`, `BaseFirst(Base, JsonMixin)`): its calls may run the one asked, so `base`.
      if (own.has(key) || classKey(each.klass) === classKey(declaring) || (found.has(key) && (found.get(key)!.relation === 'base' || relation === 'override'))) return
      found.set(key, { ...each, relation, through: klass.symbol.name })
    }
    // Runs for this class's instances in place of the one asked; or the one asked runs in place of those after it.
    if (classKey(first.klass) !== classKey(declaring)) related(first, 'override')
    else for (const each of declared.slice(1)) if (!above.has(classKey(each.klass))) related(each, 'base')
  }
  return { members: [...found.values()], unfollowed: unfollowedClasses(descendants, declaring.symbol.name, name, context.workspaceRoot) }
}

/** What {@link descendantsOf} did not follow, said: the classes past its bounds and those whose subclasses the server failed to list. */
function unfollowedClasses(descendants: Descendants, declaring: string, name: string, root: string): Unfollowed[] {
  const label = (klass: ClassSymbol): string => `${klass.symbol.name} (${placeLabel(root, klass.uri, klass.symbol.selectionRange.start)})`
  const combined = `the methods named ${name} they combine with ${declaring} are not followed`
  const said: Unfollowed[] = []
  const { failed, past, unasked } = descendants
  if (failed.length > 0) said.push({ reason: 'failed', message: `the language server failed at listing the classes deriving from ${namedList(failed.map(label))}: ${combined}` })
  // Past the bound, the classes deriving from the last ones followed were not looked for either.
  const below = unasked.length > 0 ? `, nor those deriving from ${namedList(unasked.map(label))}` : ''
  if (past.length > 0) said.push({ reason: 'unchecked', message: `${past.length} more ${past.length === 1 ? 'class' : 'classes'} deriving from ${declaring} ${past.length === 1 ? 'was' : 'were'} not followed past ${MAX_DESCENDANTS} (${namedList(past.map(label))})${below}: ${combined}` })
  else if (unasked.length > 0) said.push({ reason: 'unchecked', message: `the classes deriving from ${namedList(unasked.map(label))}, ${MAX_DEPTH} levels below ${declaring}, were not looked for: ${combined}` })
  return said
}

/** The classes deriving from a class (see {@link descendantsOf}); `failed`: those whose references the server failed at; `past`: found past the bound; `unasked`: those whose own subclasses were not looked for. */
interface Descendants {
  readonly classes: readonly ClassSymbol[]
  readonly failed: readonly ClassSymbol[]
  readonly past: readonly ClassSymbol[]
  readonly unasked: readonly ClassSymbol[]
}

/** The classes deriving from `klass`: those whose header names it, and theirs, nearest first; those not followed named. */
async function descendantsOf(context: HierarchyContext, hierarchy: ClassHierarchy, klass: ClassSymbol): Promise<Descendants> {
  const { ctx, workspaceRoot, signal } = context
  const seen = new Map<string, ClassSymbol>([[classKey(klass), klass]])
  const failed: ClassSymbol[] = []
  const past = new Map<string, ClassSymbol>()
  let level = [klass]
  for (let depth = 0; depth < MAX_DEPTH && level.length > 0 && seen.size <= MAX_DESCENDANTS; depth++) {
    const next: ClassSymbol[] = []
    for (const parent of level) {
      const answer = await askOrFail(ctx.lsp.query({ operation: 'findReferences', filePath: URI.parse(parent.uri).fsPath, position: parent.symbol.selectionRange.start, workspaceRoot }, signal), signal)
      if (answer === undefined) failed.push(parent)
      for (const location of answer?.locations ?? []) {
        if (relativeInside(workspaceRoot, URI.parse(location.uri).fsPath) === undefined) continue
        const child = await hierarchy.classAt(location.uri, location.range.start)
        if (child === undefined || seen.has(classKey(child))) continue
        const lines = (await hierarchy.linesOf(location.uri)) ?? []
        const named = headerIdentifiers(lines, child.symbol).some((each) => each.line === location.range.start.line && each.character === location.range.start.character)
        if (!named) continue
        if (seen.size > MAX_DESCENDANTS) past.set(classKey(child), child)
        else {
          seen.set(classKey(child), child)
          next.push(child)
        }
      }
    }
    level = next
  }
  return { classes: [...seen.values()].slice(1), failed, past: [...past.values()], unasked: level }
}

/** Python's method resolution order of `klass` (C3 over its header's bases in the workspace); depth-first where C3 finds none. */
async function mroOf(hierarchy: ClassHierarchy, klass: ClassSymbol, depth = 0): Promise<ClassSymbol[]> {
  const bases = depth >= MAX_DEPTH ? [] : await hierarchy.basesOf(klass)
  const lists = [...(await Promise.all(bases.map((base) => mroOf(hierarchy, base, depth + 1)))), [...bases]].map((list) => [...list])
  const order: ClassSymbol[] = [klass]
  while (lists.some((list) => list.length > 0)) {
    const head = lists.map((list) => list[0]).find((candidate) => candidate !== undefined && !lists.some((list) => list.slice(1).some((each) => classKey(each) === classKey(candidate))))
    // No consistent order (Python raises TypeError): the rest depth-first.
    const next = head ?? lists.find((list) => list.length > 0)![0]!
    order.push(next)
    for (const list of lists) if (list[0] !== undefined && classKey(list[0]) === classKey(next)) list.shift()
    if (head === undefined) for (const list of lists) list.splice(0, list.length, ...list.filter((each) => classKey(each) !== classKey(next)))
  }
  return order
}
