import { untilAborted } from '@agent-lsp/abort'
import { compareLocations, type LspLocation, type LspLocationsResult } from '@agent-lsp/lsp'
import { URI } from 'vscode-uri'
import type { LineReader } from '../input/file-lines.js'
import { fsPathOf } from '../render/location-targets.js'
import { rangeHolds } from '../text/positions.js'
import { positionKey } from './class-hierarchy.js'
import type { HierarchyContext } from './hierarchy-context.js'
import { definitionsAt, type HierarchyJoin, type HierarchyMethod } from './method-family.js'

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

/** Aliases followed per answer; a name imported under more names than this is rare. */
const MAX_ALIASES = 16

/**
 * `result` (the server's references of the symbol at the cursor) joined with the references of
 * the names it is imported under: pyright lists `from lazr.uri import URI as Uri` among `URI`'s
 * references but none of the `Uri(…)` calls after it (the eighth trial: 6 uses missing from an
 * answer said complete), where tsserver lists them itself. Each reference followed by `as NAME`
 * on an import's line (see {@link IMPORT_LINE}) whose definition leads back to the symbol has the
 * references at `NAME` asked and joined (relation `alias`); a server that listed them adds
 * nothing, and nothing is said joined.
 */
export async function referencesThroughAliases(context: HierarchyContext, result: LspLocationsResult, readLines: LineReader): Promise<HierarchyJoin<LspLocationsResult>> {
  const pending = await aliasesIn(result.locations, readLines)
  if (pending.length === 0) return { result, joined: [], notes: [] }
  const { ctx, workspaceRoot, signal } = context
  const locations = new Map(result.locations.map((location) => [keyOf(location), location]))
  const joined: HierarchyMethod[] = []
  let { completeness } = result
  // An alias of an alias (`from aliases import Uri as U2`) is found among the uses joined.
  for (let asked = 0; pending.length > 0 && asked < MAX_ALIASES; asked++) {
    const alias = pending.shift()!
    // An alias of the symbol leads to it: its definition is among the references (the declaration).
    if (!(await definitionsAt(context, { absolutePath: URI.parse(alias.uri).fsPath, position: alias.position })).some((location) => locations.has(keyOf(location)))) continue
    const theirs = await untilAborted(ctx.lsp.query({ operation: 'findReferences', filePath: URI.parse(alias.uri).fsPath, position: alias.position, workspaceRoot }, signal), signal).catch((error: unknown) => {
      if (signal.aborted) throw error
      return undefined
    })
    // The alias's own name in the import is no use of the symbol beyond the import already listed.
    const added = (theirs?.locations ?? []).filter((location) => !locations.has(keyOf(location)) && !(location.uri === alias.uri && rangeHolds(location.range, alias.position)))
    if (added.length === 0) continue
    for (const location of added) locations.set(keyOf(location), location)
    if (completeness.state === 'complete' && theirs?.completeness.state === 'partial') completeness = theirs.completeness
    joined.push({ ...alias, addedIn: [...new Set(added.map((location) => location.uri))] })
    pending.push(...(await aliasesIn(added, readLines)))
  }
  if (joined.length === 0) return { result, joined: [], notes: [] }
  return { result: { ...result, locations: [...locations.values()].sort(compareLocations), completeness }, joined, notes: [] }
}

/** The names `locations` are imported under: each followed by `as NAME` on an import's line (see {@link IMPORT_LINE}). */
async function aliasesIn(locations: readonly LspLocation[], readLines: LineReader): Promise<HierarchyMethod[]> {
  const aliases: HierarchyMethod[] = []
  // Each file read once (the rendering reads them again from the same reader's cache).
  let lines: readonly string[] | undefined
  let linesOf: string | undefined
  for (const location of locations) {
    if (location.range.start.line !== location.range.end.line || aliases.length >= MAX_ALIASES) continue
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
