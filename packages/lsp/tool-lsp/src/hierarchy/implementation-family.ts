import { untilAborted } from '@agent-lsp/abort'
import type { LspLocation, LspPosition, LspSymbol } from '@agent-lsp/lsp'
import path from 'node:path'
import { URI } from 'vscode-uri'
import { relativeInside } from '../input/workspace-path.js'
import { rangeHolds } from '../text/positions.js'
import { positionKey, symbolKey, type ClassHierarchy } from './class-hierarchy.js'
import type { HierarchyContext } from './hierarchy-context.js'

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

/** Implementations followed per method asked about; more are not joined (a method every type has). */
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
 */
export async function implementationMembers(
  context: HierarchyContext,
  hierarchy: ClassHierarchy,
  method: { readonly uri: string; readonly position: LspPosition; readonly name: string },
  skip: (location: LspLocation) => boolean,
): Promise<Map<string, ImplementationMember>> {
  const members = new Map<string, ImplementationMember>()
  const asked = await symbolAt(hierarchy, { uri: method.uri, range: { start: method.position, end: method.position } })
  const askedIsInterface = asked?.parent?.kind === 'Interface'
  const seen = new Set([asked === undefined ? positionKey(method.uri, method.position) : symbolKey(method.uri, asked.symbol)])
  // Closed over both ways, as far as the bounds go: an implementation of the interface method may
  // implement another interface by the same method (a.Labeler beside a.Namer), whose other
  // implementations must keep implementing it (the ninth trial: `labeler=false` at run time).
  const queue = [{ uri: method.uri, position: method.position, ofInterface: askedIsInterface }]
  for (let asks = 0; queue.length > 0 && asks < MAX_ASKS && members.size < MAX_IMPLEMENTATIONS; asks++) {
    const at = queue.shift()!
    for (const location of await implementationsOf(context, at.uri, at.position)) {
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
      const found = await symbolAt(hierarchy, location)
      if (found === undefined || found.symbol.name.split('.').pop() !== method.name) continue
      const key = symbolKey(location.uri, found.symbol)
      if (seen.has(key)) continue
      seen.add(key)
      const isInterface = found.parent?.kind === 'Interface'
      const name = found.parent === undefined ? found.symbol.name : `${found.parent.name}.${found.symbol.name}`
      const relation: ImplementationRelation = isInterface ? (askedIsInterface ? 'co-interface' : 'implemented') : askedIsInterface ? 'implementation' : 'co-implementation'
      if (!skip(location)) members.set(key, { name, uri: location.uri, position: found.symbol.selectionRange.start, relation, inside: true })
      queue.push({ uri: location.uri, position: found.symbol.selectionRange.start, ofInterface: isInterface })
    }
  }
  return members
}

/** `goToImplementation` questions per family: each interface or implementation followed asks one. */
const MAX_ASKS = 16

/**
 * {@link implementationMembers} of the method named `name` that the cursor's `definitions` lead
 * to (the first), for a method no class declares (Go's `func (e *Error) WrappedErrors()`), which
 * `familyOf` cannot place; empty when they lead to no method of that name.
 */
export async function implementationFamilyAt(context: HierarchyContext, hierarchy: ClassHierarchy, definitions: readonly LspLocation[], name: string, skip: (location: LspLocation) => boolean): Promise<ImplementationMember[]> {
  const [definition] = definitions
  const declared = definition === undefined ? undefined : await symbolAt(hierarchy, definition)
  if (definition === undefined || declared === undefined || declared.symbol.kind !== 'Method' || declared.symbol.name.split('.').pop() !== name) return []
  const own = (location: LspLocation): boolean => location.uri === definition.uri && rangeHolds(declared.symbol.range, location.range.start)
  const members = await implementationMembers(context, hierarchy, { uri: definition.uri, position: declared.symbol.selectionRange.start, name }, (location) => own(location) || skip(location))
  return [...members.values()]
}

/** The server's `goToImplementation` at `position` of `uri`, at most {@link MAX_IMPLEMENTATIONS}; none when it has no answer. */
async function implementationsOf(context: HierarchyContext, uri: string, position: LspPosition): Promise<readonly LspLocation[]> {
  const { ctx, workspaceRoot, signal } = context
  const answer = await untilAborted(ctx.lsp.query({ operation: 'goToImplementation', filePath: URI.parse(uri).fsPath, position, workspaceRoot }, signal), signal).catch((error: unknown) => {
    if (signal.aborted) throw error
    return undefined
  })
  // The workspace's first: the bound cuts the standard library's before the user's.
  const locations = answer?.locations ?? []
  const inside = (location: LspLocation): boolean => relativeInside(context.workspaceRoot, URI.parse(location.uri).fsPath) !== undefined
  return [...locations.filter(inside), ...locations.filter((location) => !inside(location))].slice(0, MAX_IMPLEMENTATIONS)
}

/** The innermost document symbol whose name holds `location`'s start, and the symbol holding it. */
async function symbolAt(hierarchy: ClassHierarchy, location: LspLocation): Promise<{ symbol: LspSymbol; parent: LspSymbol | undefined } | undefined> {
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
