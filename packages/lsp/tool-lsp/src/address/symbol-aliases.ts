// Matches that are one symbol under two names or in two places: re-exports and imports listed as
// symbols of their own (tsserver's `export { f } from './f'` is a Variable `f`; pyright's
// `from .f import f` is one too), and a C prototype with its definition (clangd lists both). A name
// that means one symbol resolves to it instead of asking the model to choose between its places.
import { rangeHolds, type LspContext, type LspLocationsResult, type LspPosition, type LspRange } from '@agent-lsp/lsp'
import { URI } from 'vscode-uri'
import { untilAborted } from '@agent-lsp/abort'
import { openWorkspaceFile, type OpenedFile } from '../input/cursor.js'
import type { QueryFiles } from '../input/query-files.js'
import { namePosition, ownName } from '../text/symbol-names.js'
import type { SymbolEntry } from './symbol-match.js'

/** Above this many matches the aliases are not looked for (one `goToDefinition` each). */
export const MAX_ALIAS_CHECKS = 10

/** A symbol's place as the server names it: an absolute path and a range (zero-based UTF-16). */
export interface SymbolPlace {
  readonly filePath: string
  readonly range: LspRange
}

/**
 * Where the server's workspace symbol search puts the matches' name: its choice of place for a
 * symbol it knows in several (clangd names a function's definition, as an editor's "Go to Symbol
 * in Workspace" shows it). Asked only when some matches are one symbol and none is the declaration.
 */
export type PreferredPlaces = () => Promise<readonly SymbolPlace[]>

interface Named {
  /** The file as opened, for the request. */
  readonly filePath: string
  /** The file as the server names it, to compare with its definitions. */
  readonly serverPath: string
  readonly position: LspPosition
}

/**
 * `matches` with each group of matches that are one symbol reduced to its declaration. Matches are
 * linked when the `goToDefinition` of one lands on the name of another; a linked match whose
 * definitions all land on other matches is an alias and goes, unless every match of its group is
 * one: then the group is a prototype and its definition, whose definitions lead to each other
 * (clangd answers a definition's `goToDefinition` with its declaration), and one stays: the one at
 * a place `preferred` names, else the one with the widest range (a definition spans its body),
 * else the first. Matches are kept as they are when there are more than {@link MAX_ALIAS_CHECKS},
 * and a match whose definition cannot be had is linked to none.
 * @throws the seam's errors only when `signal` is aborted (any other failure keeps the match).
 */
export async function withoutAliases(
  matches: readonly SymbolEntry[],
  searched: OpenedFile | undefined,
  context: { readonly ctx: LspContext; readonly workspaceRoot: string; readonly signal: AbortSignal; readonly files: QueryFiles },
  preferred: PreferredPlaces = async () => [],
): Promise<SymbolEntry[]> {
  if (matches.length < 2 || matches.length > MAX_ALIAS_CHECKS) return [...matches]
  const named = await Promise.all(matches.map((entry) => nameOf(entry, searched, context.files)))
  const links = await Promise.all(named.map((match) => (match === undefined ? { others: [], all: false } : definitionLinks(match, named, context))))
  const isAlias = links.map((linked) => linked.all && linked.others.length > 0)
  const group = groups(links.map((linked) => linked.others))
  const kept = new Set<number>()
  for (const members of new Set(group)) {
    const indexes = matches.map((_, index) => index).filter((index) => group[index] === members)
    const declarations = indexes.filter((index) => !isAlias[index])
    for (const index of declarations.length > 0 ? declarations : [await oneOf(indexes, matches, named, preferred)]) kept.add(index)
  }
  return matches.filter((_, index) => kept.has(index))
}

/** The other matches the definitions of `match` land on, and whether every definition does. */
async function definitionLinks(
  match: Named,
  named: readonly (Named | undefined)[],
  context: { readonly ctx: LspContext; readonly workspaceRoot: string; readonly signal: AbortSignal },
): Promise<{ others: number[]; all: boolean }> {
  try {
    const request = { operation: 'goToDefinition', filePath: match.filePath, position: match.position, workspaceRoot: context.workspaceRoot } as const
    const result = (await untilAborted(context.ctx.lsp.query(request, context.signal), context.signal)) as LspLocationsResult
    const targets = result.locations.map((location) => ({ filePath: URI.parse(location.uri).fsPath, position: location.range.start }))
    const landed = targets.map((target) => named.findIndex((other) => other !== undefined && other !== match && samePlace(other, target)))
    return { others: [...new Set(landed.filter((index) => index >= 0))], all: landed.every((index) => index >= 0) }
  } catch (error) {
    if (context.signal.aborted) throw error
    return { others: [], all: false }
  }
}

/** For each match, its group (the same array for every member): matches linked either way. */
function groups(links: readonly (readonly number[])[]): number[][] {
  const group = links.map((_, index) => [index])
  links.forEach((others, index) => {
    for (const other of others) {
      const a = group[index]!
      const b = group[other]!
      if (a === b) continue
      a.push(...b)
      for (const member of b) group[member] = a
    }
  })
  return group
}

/** The member of a group of one symbol's places that stays (see {@link withoutAliases}). */
async function oneOf(indexes: readonly number[], matches: readonly SymbolEntry[], named: readonly (Named | undefined)[], preferred: PreferredPlaces): Promise<number> {
  const places = await preferred().catch(() => [])
  const atPreferred = indexes.filter((index) => {
    const match = named[index]
    return match !== undefined && places.some((place) => place.filePath === match.serverPath && rangeHolds(place.range, match.position))
  })
  if (atPreferred.length === 1) return atPreferred[0]!
  const candidates = atPreferred.length > 1 ? atPreferred : indexes
  return candidates.reduce((best, index) => (compareSpan(matches[index]!.symbol.range, matches[best]!.symbol.range) > 0 ? index : best))
}

/** Positive when `a` spans more lines than `b`, or as many and more characters. */
function compareSpan(a: LspRange, b: LspRange): number {
  const lines = (range: LspRange): number => range.end.line - range.start.line
  const characters = (range: LspRange): number => range.end.character - range.start.character
  return lines(a) - lines(b) || characters(a) - characters(b)
}

async function nameOf(entry: SymbolEntry, searched: OpenedFile | undefined, files: QueryFiles): Promise<Named | undefined> {
  const filePath = URI.parse(entry.symbol.uri).fsPath
  try {
    const file = searched?.absolutePath === filePath ? searched : await openWorkspaceFile(filePath, files)
    const position = namePosition(file.lines, entry.symbol, ownName(entry.symbol))
    return { filePath: file.absolutePath, serverPath: filePath, position }
  } catch {
    return undefined
  }
}

function samePlace(named: Named, target: { filePath: string; position: LspPosition }): boolean {
  return named.serverPath === target.filePath && named.position.line === target.position.line && named.position.character === target.position.character
}
