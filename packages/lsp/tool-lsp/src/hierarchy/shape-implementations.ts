import { extname } from 'node:path'
import { untilAborted } from '@agent-lsp/abort'
import type { LspLocation, LspLocationsResult, LspSymbol } from '@agent-lsp/lsp'
import { namedList, relativeInside } from '@agent-lsp/wording'
import { URI } from 'vscode-uri'
import type { Cursor } from '../input/cursor.js'
import { rangeHolds } from '../text/positions.js'
import { ClassHierarchy, METHOD_KINDS } from './class-hierarchy.js'
import type { HierarchyContext } from './hierarchy-context.js'
import { symbolAt } from './implementation-family.js'
import { askOrFail, partialBy, placeLabel, type Unfollowed } from './unfollowed.js'

/** Files whose symbols are read for the types declaring the interface's members; past it said. */
const MAX_FILES = 32

/** Where TypeScript types match by shape: the interfaces asked about and the types matching them. */
const TYPESCRIPT = new Set(['.ts', '.tsx', '.mts', '.cts'])

/** The symbols an object or class declaring members is listed as: a class, or a variable holding an object literal. */
const HOLDER_KINDS: ReadonlySet<string> = new Set(['Class', 'Variable', 'Constant', 'Property', 'Field'])

/**
 * `result` (tsserver's `goToImplementation` at a TypeScript interface or one of its members, at
 * `cursor`) made partial by the types of the workspace that declare every member the interface
 * requires (its optional `name?` ones aside) without being listed: TypeScript checks types by
 * shape, so `class Lower { run() }` passed to `use(p: Plugin)` implements `Plugin.run` without
 * naming `Plugin`, and tsserver lists only the classes naming it and the object literals typed as
 * it (v27 repro 10: `1 implementation of run`, complete). They are named, with their member when
 * a member was asked, as places that may implement it: a declaration by name alone does not prove
 * the signatures fit, nor that the type is ever used as the interface. Found with the server's
 * questions: `workspaceSymbol` of the longest required member name, then the `documentSymbol` of
 * each file declaring it (at most {@link MAX_FILES}). Types outside the workspace are not looked
 * for (navto lists none); types inheriting some of the members are not looked for. Unchanged for anything but a TypeScript interface with a required member.
 */
export async function implementationsByShape(context: HierarchyContext, cursor: Cursor, result: LspLocationsResult): Promise<LspLocationsResult> {
  if (!TYPESCRIPT.has(extname(cursor.absolutePath).toLowerCase())) return result
  const { ctx, workspaceRoot, signal } = context
  const hierarchy = new ClassHierarchy(context)
  const here: LspLocation = { uri: URI.file(cursor.absolutePath).toString(), range: { start: cursor.position, end: cursor.position } }
  const defined = await askOrFail(ctx.lsp.query({ operation: 'goToDefinition', filePath: cursor.absolutePath, position: cursor.position, workspaceRoot }, signal), signal)
  const declaration = defined?.locations.find((location) => inside(workspaceRoot, location.uri)) ?? here
  const at = await symbolAt(hierarchy, declaration)
  const asked = at?.symbol.kind === 'Interface' ? { face: at.symbol, member: undefined } : at?.parent?.kind === 'Interface' && METHOD_KINDS.has(at.symbol.kind) ? { face: at.parent, member: at.symbol } : undefined
  if (asked === undefined) return result
  const required = await requiredMembers(hierarchy, declaration.uri, asked.face)
  const longest = required.reduce<string | undefined>((best, name) => (best === undefined || name.length > best.length ? name : best), undefined)
  if (longest === undefined) return result
  const search = await askOrFail(ctx.lsp.query({ operation: 'workspaceSymbol', query: longest, filePath: null, workspaceRoot }, signal), signal)
  const said: Unfollowed[] = []
  if (search === undefined) said.push({ reason: 'failed', message: `the language server failed to list the members named ${longest}, so the types declaring every member ${asked.face.name} requires were not looked for` })
  else if (search.completeness.state === 'partial') said.push({ reason: search.completeness.reason, message: `the members named ${longest} were listed in part (${search.completeness.message}): types declaring every member ${asked.face.name} requires may be missing` })
  const declaring = (search?.symbols ?? []).filter((symbol) => symbol.name === longest && METHOD_KINDS.has(symbol.kind) && inside(workspaceRoot, symbol.uri) && TYPESCRIPT.has(extname(URI.parse(symbol.uri).fsPath).toLowerCase()))
  const files = [...new Set(declaring.map((symbol) => symbol.uri))]
  if (files.length > MAX_FILES) said.push({ reason: 'unchecked', message: `${files.length - MAX_FILES} more files declaring a member named ${longest} were not read for types matching ${asked.face.name} by shape (at most ${MAX_FILES} are)` })
  const read = new Set(files.slice(0, MAX_FILES))
  // tsserver lists a class by its name, an object literal by its `{`, a member by its name: a place
  // in another member (`observers: Observer<T>[] = []` in rxjs's Subject) does not list the type.
  const listed = (uri: string, holder: LspSymbol): boolean =>
    result.locations.some((location) => {
      if (location.uri !== uri || !rangeHolds(holder.range, location.range.start)) return false
      const inMember = holder.children.find((child) => rangeHolds(child.range, location.range.start))
      return inMember === undefined || inMember.name === asked.member?.name
    })
  const matching = new Map<string, { uri: string; holder: LspSymbol }>()
  for (const symbol of declaring.filter((each) => read.has(each.uri))) {
    const found = await symbolAt(hierarchy, { uri: symbol.uri, range: symbol.selectionRange })
    const holder = found?.parent
    if (holder === undefined || !HOLDER_KINDS.has(holder.kind) || listed(symbol.uri, holder)) continue
    const names = new Set(holder.children.filter((child) => METHOD_KINDS.has(child.kind)).map((child) => child.name))
    if (required.every((name) => names.has(name))) matching.set(placeLabel(workspaceRoot, symbol.uri, holder.selectionRange.start), { uri: symbol.uri, holder })
  }
  said.push(...hierarchy.unread())
  if (matching.size > 0) said.unshift({ reason: 'unresolved', message: byShapeMessage(workspaceRoot, asked, [...matching.values()]) })
  // navto lists the workspace's symbols only, so a library's type matching by shape (query-core's
  // QueryStore is given a `new Map()`) is not named; not said either: any interface may be matched
  // so, and a line on every answer would be noise the model learns to skip. The workspace's are the question.
  return { ...result, completeness: partialBy(result.completeness, said) }
}

/** The names of the members `face` (declared in `uri`) requires: its methods and properties but those marked optional (`label?: string`). */
async function requiredMembers(hierarchy: ClassHierarchy, uri: string, face: LspSymbol): Promise<string[]> {
  const lines = await hierarchy.linesOf(uri)
  const optional = (member: LspSymbol): boolean => /^\s*\?/.test(lines?.[member.selectionRange.end.line]?.slice(member.selectionRange.end.character) ?? '')
  return [...new Set(face.children.filter((member) => METHOD_KINDS.has(member.kind) && !optional(member)).map((member) => member.name))]
}

/** `2 types declare every member Plugin requires without naming it (Lower at src/a.ts:8:14 and …); TypeScript accepts them wherever Plugin is expected, so …`. */
function byShapeMessage(root: string, asked: { readonly face: LspSymbol; readonly member: LspSymbol | undefined }, matching: readonly { uri: string; holder: LspSymbol }[]): string {
  const one = matching.length === 1
  const holders = namedList(matching.map(({ uri, holder }) => `${holder.name} at ${placeLabel(root, uri, holder.selectionRange.start)}`))
  const start = `${one ? '1 type declares' : `${matching.length} types declare`} every member ${asked.face.name} requires without naming it (${holders}); TypeScript accepts ${one ? 'it' : 'them'} wherever ${asked.face.name} is expected, so`
  const { member } = asked
  if (member === undefined) return `${start} ${one ? 'it' : 'they'} may implement ${asked.face.name} too`
  const members = matching.flatMap(({ uri, holder }) => holder.children.filter((child) => child.name === member.name).slice(0, 1).map((child) => placeLabel(root, uri, child.selectionRange.start)))
  return `${start} ${one ? 'its' : 'their'} ${member.name} (${namedList(members)}) may implement ${member.name} too`
}

const inside = (root: string, uri: string): boolean => relativeInside(root, URI.parse(uri).fsPath) !== undefined
