import { LspError, type LspLocation, type LspPosition, type LspSymbol } from '@agent-lsp/lsp'
import path from 'node:path'
import { namedList, relativeInside } from '@agent-lsp/wording'
import { URI } from 'vscode-uri'
import { rangeHolds } from '../text/positions.js'
import { positionKey, symbolKey, type ClassHierarchy } from './class-hierarchy.js'
import type { HierarchyContext } from './hierarchy-context.js'
import { askOrFail, placeLabel, type Unfollowed } from './unfollowed.js'

/** How a method related by implementation stands to the one asked about (see `HierarchyRelation`). */
export type ImplementationRelation = 'implemented' | 'implementation' | 'co-implementation' | 'co-interface'

/** A method of a family found by implementation (as `FamilyMember`, whose module asks for these). */
export interface ImplementationMember {
  readonly name: string
  readonly uri: string
  readonly position: LspPosition
  readonly relation: ImplementationRelation
  readonly inside: boolean
}

/** Implementations followed per method asked about; more are not joined (a method every type has), and said (see {@link implementationMembers}). */
const MAX_IMPLEMENTATIONS = 32

/**
 * The methods related to `method` (of `uri`) by implementation rather than by a class hierarchy:
 * Go's interfaces are satisfied by shape, so no class names its interface and `familyOf`'s
 * hierarchy finds none. `goToImplementation` at an interface method lists the methods implementing
 * it (`implementation`); at a concrete method, the interface methods it implements (`implemented`),
 * whose other implementations must keep their name with them (`co-implementation`). gopls 0.5.0 renames the interface
 * method alone, and `*wrappedError` silently stopped implementing `errwrap.Wrapper` (eighth trial).
 * A server without implementations (pyright) adds none. Keys are {@link symbolKey}'s; `skip` says
 * which are had already (the method itself, the hierarchy's members, what the caller lists).
 * What is not followed, past {@link MAX_IMPLEMENTATIONS} or {@link MAX_ASKS} or where the server
 * failed, is said in `unfollowed` (before, the 33rd implementation of an interface method was left
 * out of its family, unsaid).
 */
export async function implementationMembers(
  context: HierarchyContext,
  hierarchy: ClassHierarchy,
  method: { readonly uri: string; readonly position: LspPosition; readonly name: string },
  skip: (location: LspLocation) => boolean,
): Promise<{ members: Map<string, ImplementationMember>; unfollowed: Unfollowed[] }> {
  const members = new Map<string, ImplementationMember>()
  const failed: string[] = []
  let past = 0
  const asked = await symbolAt(hierarchy, { uri: method.uri, range: { start: method.position, end: method.position } })
  const askedIsInterface = asked?.parent?.kind === 'Interface'
  const seen = new Set([asked === undefined ? positionKey(method.uri, method.position) : symbolKey(method.uri, asked.symbol)])
  // Closed over both ways, as far as the bounds go: an implementation of the interface method may
  // implement another interface by the same method (a.Labeler beside a.Namer), whose other
  // implementations must keep implementing it (the ninth trial: `labeler=false` at run time).
  const queue = [{ uri: method.uri, position: method.position, ofInterface: askedIsInterface }]
  for (let asks = 0; queue.length > 0 && asks < MAX_ASKS && members.size < MAX_IMPLEMENTATIONS; asks++) {
    const at = queue.shift()!
    const found = await implementationsOf(context, at.uri, at.position)
    if (found === undefined) failed.push(placeLabel(context.workspaceRoot, at.uri, at.position))
    past += found?.past ?? 0
    for (const location of found?.locations ?? []) {
      const fsPath = URI.parse(location.uri).fsPath
      if (relativeInside(context.workspaceRoot, fsPath) === undefined) {
        // An interface method's implementations outside the workspace (any type of the standard
        // library with such a method, in Go) are not the user's to rename; where one is used as
        // the interface, the errors after the rename say so. A concrete method's are interfaces it
        // implements (fmt.Stringer's String), named by their place (no symbols are asked there),
        // which keep their name whatever is renamed.
        const key = positionKey(location.uri, location.range.start)
        if (at.ofInterface || seen.has(key)) continue
        seen.add(key)
        if (!skip(location)) members.set(key, { name: `${method.name} of ${path.basename(fsPath)}:${location.range.start.line + 1}`, uri: location.uri, position: location.range.start, relation: 'implemented', inside: false })
        continue
      }
      const symbol = await symbolAt(hierarchy, location)
      if (symbol === undefined || symbol.symbol.name.split('.').pop() !== method.name) continue
      const key = symbolKey(location.uri, symbol.symbol)
      if (seen.has(key)) continue
      seen.add(key)
      const isInterface = symbol.parent?.kind === 'Interface'
      const name = symbol.parent === undefined ? symbol.symbol.name : `${symbol.parent.name}.${symbol.symbol.name}`
      const relation: ImplementationRelation = isInterface ? (askedIsInterface ? 'co-interface' : 'implemented') : askedIsInterface ? 'implementation' : 'co-implementation'
      if (!skip(location)) members.set(key, { name, uri: location.uri, position: symbol.symbol.selectionRange.start, relation, inside: true })
      queue.push({ uri: location.uri, position: symbol.symbol.selectionRange.start, ofInterface: isInterface })
    }
  }
  const said: Unfollowed[] = []
  const what = `the methods related to ${method.name} by implementation`
  if (failed.length > 0) said.push({ reason: 'failed', message: `the language server failed at listing ${what} at ${namedList(failed)}: they are not followed` })
  if (past > 0) said.push({ reason: 'unchecked', message: `${past} more of ${what} were not followed, past ${MAX_IMPLEMENTATIONS} per question` })
  const unasked = queue.map((each) => placeLabel(context.workspaceRoot, each.uri, each.position))
  if (unasked.length > 0) said.push({ reason: 'unchecked', message: `${what} at ${namedList(unasked)} were not looked for, past ${MAX_ASKS} questions or ${MAX_IMPLEMENTATIONS} methods` })
  return { members, unfollowed: said }
}

/** `goToImplementation` questions per family: each interface or implementation followed asks one. */
const MAX_ASKS = 16

/**
 * {@link implementationMembers} of the method named `name` that the cursor's `definitions` lead
 * to (the first), for a method no class declares (Go's `func (e *Error) WrappedErrors()`), which
 * `familyOf` cannot place; empty when they lead to no method of that name.
 */
export async function implementationFamilyAt(
  context: HierarchyContext,
  hierarchy: ClassHierarchy,
  definitions: readonly LspLocation[],
  name: string,
  skip: (location: LspLocation) => boolean,
): Promise<{ members: ImplementationMember[]; unfollowed: Unfollowed[] }> {
  const [definition] = definitions
  const declared = definition === undefined ? undefined : await symbolAt(hierarchy, definition)
  if (definition === undefined || declared === undefined || declared.symbol.kind !== 'Method' || declared.symbol.name.split('.').pop() !== name) return { members: [], unfollowed: [] }
  const own = (location: LspLocation): boolean => location.uri === definition.uri && rangeHolds(declared.symbol.range, location.range.start)
  const { members, unfollowed } = await implementationMembers(context, hierarchy, { uri: definition.uri, position: declared.symbol.selectionRange.start, name }, (location) => own(location) || skip(location))
  return { members: [...members.values()], unfollowed }
}

/** The server's `goToImplementation` at `position` of `uri`, at most {@link MAX_IMPLEMENTATIONS}, and how many more it listed; `undefined` when the server failed at it. */
async function implementationsOf(context: HierarchyContext, uri: string, position: LspPosition): Promise<{ locations: readonly LspLocation[]; past: number } | undefined> {
  const { ctx, workspaceRoot, signal } = context
  // A server without implementations (pyright) has none to follow: no failure.
  const query = ctx.lsp.query({ operation: 'goToImplementation', filePath: URI.parse(uri).fsPath, position, workspaceRoot }, signal).catch((error: unknown) => {
    if (LspError.isInstance(error) && error.code === 'LSP_UNSUPPORTED_OPERATION') return { locations: [] }
    throw error
  })
  const answer = await askOrFail(query, signal)
  if (answer === undefined) return undefined
  // The workspace's first: the bound cuts the standard library's before the user's.
  const inside = (location: LspLocation): boolean => relativeInside(context.workspaceRoot, URI.parse(location.uri).fsPath) !== undefined
  const ordered = [...answer.locations.filter(inside), ...answer.locations.filter((location) => !inside(location))]
  return { locations: ordered.slice(0, MAX_IMPLEMENTATIONS), past: Math.max(0, ordered.length - MAX_IMPLEMENTATIONS) }
}

/** The innermost document symbol whose name holds `location`'s start, and the symbol holding it. */
export async function symbolAt(hierarchy: ClassHierarchy, location: LspLocation): Promise<{ symbol: LspSymbol; parent: LspSymbol | undefined } | undefined> {
  let found: { symbol: LspSymbol; parent: LspSymbol | undefined } | undefined
  const walk = (list: readonly LspSymbol[], parent: LspSymbol | undefined): void => {
    for (const symbol of list) {
      if (rangeHolds(symbol.selectionRange, location.range.start)) found = { symbol, parent }
      if (rangeHolds(symbol.range, location.range.start)) walk(symbol.children, symbol)
    }
  }
  walk(await hierarchy.symbolsOf(location.uri), undefined)
  return found
}
