import { compareLocations, type LspCompleteness, type LspLocation, type LspLocationsResult } from '@agent-lsp/lsp'
import { namedList } from '@agent-lsp/wording'
import { URI } from 'vscode-uri'
import type { LineReader } from '../input/file-lines.js'
import { fsPathOf } from '../render/location-targets.js'
import { rangeHolds } from '../text/positions.js'
import { positionKey } from './class-hierarchy.js'
import type { HierarchyContext } from './hierarchy-context.js'
import type { HierarchyJoin, HierarchyMethod } from './method-family.js'
import { askOrFail, partialBy, placeLabel, type Unfollowed } from './unfollowed.js'

/** What follows a name imported under another one: `URI as Uri` (Python, TypeScript), `numpy as np`. */
const AS_ALIAS = /^\s+as\s+([\p{L}_$][\p{L}\p{N}_$]*)/u

const NAME = String.raw`[\p{L}_$][\p{L}\p{N}_$.]*`
const ENTRY = String.raw`${NAME}(?:\s+as\s+${NAME})?`

/**
 * A line that may import under another name: an import or export statement, or a line of a
 * parenthesized or braced import list (`    Other, URI as U1)`, as isort wraps one). Not
 * `except E as e`, `with lock as held` or `value as Type`, whose names are other symbols (each
 * alias is still confirmed by its definition).
 */
const IMPORT_LINE = new RegExp(String.raw`\b(import|export)\b|^\s*[({]?\s*(?:${ENTRY}\s*,\s*)*${ENTRY}\s*,?\s*[)}]?\s*;?\s*$`, 'u')

/** Aliases asked per answer (two questions each); past it the answer is partial and names the rest. */
const MAX_ALIASES = 64

/**
 * `result` (the server's references of the symbol at the cursor) joined with the references of
 * the names it is imported under: pyright lists `from lazr.uri import URI as Uri` among `URI`'s
 * references but none of the `Uri(…)` calls after it (the eighth trial: 6 uses missing from an
 * answer said complete), where tsserver lists them itself. Each reference followed by `as NAME`
 * on an import's line (see {@link IMPORT_LINE}) whose definition leads back to the symbol has the
 * references at `NAME` asked and joined (relation `alias`); a server that listed them adds
 * nothing, and nothing is said joined. An alias not followed, past {@link MAX_ALIASES} or because
 * the server failed at it, makes the answer `partial` (`unchecked`, `failed`) naming it: its uses
 * may be missing (before, 2 of 18 aliases past a bound of 16 left their calls out of an answer said complete).
 */
export async function referencesThroughAliases(context: HierarchyContext, result: LspLocationsResult, readLines: LineReader): Promise<HierarchyJoin<LspLocationsResult>> {
  const pending = await aliasesIn(result.locations, readLines)
  if (pending.length === 0) return { result, joined: [], notes: [] }
  const { ctx, workspaceRoot, signal } = context
  const locations = new Map(result.locations.map((location) => [keyOf(location), location]))
  const joined: HierarchyMethod[] = []
  const failed: string[] = []
  const seen = new Set<string>()
  let { completeness } = result
  // An alias of an alias (`from aliases import Uri as U2`) is found among the uses joined.
  for (let asked = 0; pending.length > 0 && asked < MAX_ALIASES; asked++) {
    const alias = pending.shift()!
    seen.add(aliasKey(alias))
    const at = { filePath: URI.parse(alias.uri).fsPath, position: alias.position, workspaceRoot }
    // An alias of the symbol leads to it: its definition is among the references (the declaration).
    const definitions = await askOrFail(ctx.lsp.query({ operation: 'goToDefinition', ...at }, signal), signal)
    const leads = definitions?.locations.some((location) => locations.has(keyOf(location))) === true
    // `undefined`: the server failed at the alias (said below); `null`: the name is another symbol's.
    const theirs = definitions === undefined ? undefined : leads ? await askOrFail(ctx.lsp.query({ operation: 'findReferences', ...at }, signal), signal) : null
    if (theirs === undefined) failed.push(aliasLabel(alias, workspaceRoot))
    if (!theirs) continue
    // The alias's own name in the import is no use of the symbol beyond the import already listed.
    const added = theirs.locations.filter((location) => !locations.has(keyOf(location)) && !(location.uri === alias.uri && rangeHolds(location.range, alias.position)))
    if (added.length === 0) continue
    for (const location of added) locations.set(keyOf(location), location)
    if (completeness.state === 'complete' && theirs.completeness.state === 'partial') completeness = theirs.completeness
    joined.push({ ...alias, addedIn: [...new Set(added.map((location) => location.uri))] })
    pending.push(...(await aliasesIn(added, readLines)).filter((each) => !seen.has(aliasKey(each))))
  }
  const unasked = [...new Map(pending.map((alias) => [aliasKey(alias), alias])).values()].filter((alias) => !seen.has(aliasKey(alias)))
  completeness = unfollowed(completeness, failed, unasked.map((alias) => aliasLabel(alias, workspaceRoot)))
  if (joined.length === 0) return { result: completeness === result.completeness ? result : { ...result, completeness }, joined: [], notes: [] }
  return { result: { ...result, locations: [...locations.values()].sort(compareLocations), completeness }, joined, notes: [] }
}

/** `completeness` made partial by the aliases the server failed at and those past the bound, named (the first three). */
function unfollowed(completeness: LspCompleteness, failed: readonly string[], unasked: readonly string[]): LspCompleteness {
  const said: Unfollowed[] = []
  if (failed.length > 0) said.push({ reason: 'failed', message: `the language server failed at ${namedList(failed)}, ${failed.length === 1 ? 'a name' : 'names'} the symbol may be imported under: ${failed.length === 1 ? 'its' : 'their'} uses are not listed` })
  if (unasked.length > 0) {
    said.push({ reason: 'unchecked', message: `${unasked.length} more ${unasked.length === 1 ? 'name' : 'names'} the symbol may be imported under ${unasked.length === 1 ? 'was' : 'were'} not followed past ${MAX_ALIASES} (${namedList(unasked)}): ${unasked.length === 1 ? 'its' : 'their'} uses are not listed` })
  }
  return partialBy(completeness, said)
}

const aliasKey = (alias: HierarchyMethod): string => positionKey(alias.uri, alias.position)

/** `L8 (shop/m8.py:1:29)`: the alias's name and where it is imported (relative to `root` when inside it; 1-based, UTF-16). */
function aliasLabel(alias: HierarchyMethod, root: string): string {
  return `${alias.name} (${placeLabel(root, alias.uri, alias.position)})`
}

/** The names `locations` are imported under: each followed by `as NAME` on an import's line (see {@link IMPORT_LINE}). */
async function aliasesIn(locations: readonly LspLocation[], readLines: LineReader): Promise<HierarchyMethod[]> {
  const aliases: HierarchyMethod[] = []
  // Each file read once (the rendering reads them again from the same reader's cache).
  let lines: readonly string[] | undefined
  let linesOf: string | undefined
  for (const location of locations) {
    if (location.range.start.line !== location.range.end.line) continue
    if (location.uri !== linesOf) {
      const file = fsPathOf(location.uri)
      lines = file === undefined ? undefined : await readLines(file)
      linesOf = location.uri
    }
    const line = lines?.[location.range.end.line]
    const found = line === undefined || !line.includes(' as ') || !IMPORT_LINE.test(line) ? null : AS_ALIAS.exec(line.slice(location.range.end.character))
    if (found === null) continue
    const character = location.range.end.character + found[0].length - found[1]!.length
    aliases.push({ name: found[1]!, uri: location.uri, position: { line: location.range.end.line, character }, relation: 'alias' })
  }
  return aliases
}

const keyOf = (location: LspLocation): string => positionKey(location.uri, location.range.start)
