import path from 'node:path'
import type { LspLocation, LspPosition } from '@agent-lsp/lsp'
import { URI } from 'vscode-uri'
import { utf16ToCodePointColumn } from '../text/columns.js'
import { lineOf, rowText, type FileLines } from '../render/location-row.js'
import { toLocationTargets } from '../render/location-targets.js'
import { rangeHolds } from '../text/positions.js'
import { positionKey } from '../hierarchy/class-hierarchy.js'
import { JS_MODULE_EXTENSIONS } from '../move/old-imports.js'

/** Rows listed per kind of conflict; the rest are counted. */
const MAX_ROWS = 10

/** A place in a file: absolute path, zero-based UTF-16 position. */
export interface Site {
  readonly path: string
  readonly position: LspPosition
}

/** What a rename's new name should refer to once written (see `mappedReferences`, `EditPlan.sites`). */
export interface RenameBinding {
  /** Where the new name's references are asked: the reference at the cursor, renamed. */
  readonly at: Site
  /** The old name's references, each at its renamed place: the new name must refer to all of them. */
  readonly expected: readonly Site[]
  /**
   * Of `expected`, those the server did not list for the old name (the cross-check's): its answer
   * for the new name leaving them out again says nothing (tsserver lists a merged interface's
   * meaning only, not its namespace's); only their definitions can show them captured.
   */
  readonly unlisted: readonly Site[]
  /** Every place the rename writes the new name: the new name's references may be only these. */
  readonly written: readonly Site[]
  readonly names: { readonly old: string; readonly new: string }
}

/**
 * How a rename would change what names refer to: the new name already bound where it is written
 * (a parameter of that name captures a call), or the renamed declaration binding places of another
 * symbol of that name (a use of an outer variable captured by the renamed one). Empty lists: none.
 */
export interface NameConflict {
  /** Renamed references that would refer to another symbol of the new name. */
  readonly captured: readonly Site[]
  /** Places the rename does not write that would refer to the renamed symbol. */
  readonly shadowing: readonly Site[]
}

const siteKey = (site: Site): string => positionKey(URI.file(site.path).toString(), site.position)

/** Renamed references asked goToDefinition per check; the rest are not. */
export const MAX_DEFINITION_PROBES = 256

/**
 * The renamed references whose definitions are asked (see {@link nameConflict}): each file's first
 * before any file's second, at most {@link MAX_DEFINITION_PROBES}. A capture through an import
 * (a module's own export shadowing a star re-export) takes every reference of a file alike.
 */
export function definitionProbes(binding: RenameBinding): Site[] {
  const rank = new Map<string, number>()
  const ranked = binding.expected.map((site, order) => {
    const index = rank.get(site.path) ?? 0
    rank.set(site.path, index + 1)
    return { site, index, order }
  })
  return ranked
    .sort((a, b) => a.index - b.index || a.order - b.order)
    .slice(0, MAX_DEFINITION_PROBES)
    .sort((a, b) => a.order - b.order)
    .map(({ site }) => site)
}

/** Where goToDefinition led from a renamed reference, the rename in view. */
export interface ProbedDefinition {
  readonly site: Site
  readonly found: readonly LspLocation[]
}

/**
 * {@link NameConflict} of the new name's references `found` (asked at `binding.at`, the rename in
 * view) and of the `definitions` asked at {@link definitionProbes}. A place the rename did not write
 * counts as another symbol's only where it spells the new name (`linesOf`: a file's lines with the
 * rename): a reference the rename keeps on purpose under its own name (an import alias,
 * `{ code: errorCode }`'s local) is none. A renamed reference is captured when the references miss
 * it, or when its definitions lead to such a place and to none the rename wrote (tsserver lists a
 * barrel's importer among the references of the star-exported `count` while its import names the
 * barrel's own `count`).
 */
export async function nameConflict(
  binding: RenameBinding,
  found: readonly LspLocation[],
  linesOf: (file: string) => Promise<FileLines | undefined>,
  definitions: readonly ProbedDefinition[] = [],
): Promise<NameConflict> {
  const foundKeys = new Set(found.map((location) => positionKey(location.uri, location.range.start)))
  const written = new Set(binding.written.map(siteKey))
  const spellsNewName = async (site: Site): Promise<boolean> => {
    const text = lineOf(await linesOf(site.path), site.position.line)
    return text?.slice(site.position.character, site.position.character + binding.names.new.length) === binding.names.new
  }
  const others = found
    .filter((location) => !written.has(positionKey(location.uri, location.range.start)) && URI.parse(location.uri).scheme === 'file')
    .map((location) => ({ path: URI.parse(location.uri).fsPath, position: location.range.start }))
  const spelled = await Promise.all(others.map(spellsNewName))
  const leadsElsewhere = async ({ found: targets }: ProbedDefinition): Promise<boolean> => {
    if (targets.length === 0 || targets.some((target) => binding.written.some((site) => holds(target, site)))) return false
    const places = targets.filter((target) => URI.parse(target.uri).scheme === 'file').map((target) => ({ path: URI.parse(target.uri).fsPath, position: target.range.start }))
    return (await Promise.all(places.map(spellsNewName))).some(Boolean)
  }
  const elsewhere = new Set((await Promise.all(definitions.map(async (probe) => ((await leadsElsewhere(probe)) ? siteKey(probe.site) : undefined)))).filter((key) => key !== undefined))
  const unlisted = new Set(binding.unlisted.map(siteKey))
  const captured = binding.expected.filter((site) => (!foundKeys.has(siteKey(site)) && !unlisted.has(siteKey(site))) || elsewhere.has(siteKey(site)))
  return { captured, shadowing: others.filter((_, index) => spelled[index]) }
}

/**
 * The places of `shadowing` still shadowing once `definitions` (asked there, the rename in view) are
 * known: in TypeScript and JavaScript, a place whose definitions lead somewhere the rename did not
 * write still refers to its own symbol (`Box`, an interface renamed beside a const: one name, a
 * type and a value, and tsserver lists the value's places among the type's references). Not in
 * Python: pyright lists both star imports binding a name, where the last one wins. A place with no
 * definition, or not asked, stays.
 */
export function confirmedShadowing(binding: RenameBinding, shadowing: readonly Site[], definitions: readonly ProbedDefinition[]): Site[] {
  const elsewhere = new Set(
    definitions
      .filter(({ site, found }) => JS_MODULE_EXTENSIONS.has(path.extname(site.path).toLowerCase()) && found.some((target) => !binding.written.some((written) => holds(target, written))))
      .map(({ site }) => siteKey(site)),
  )
  return shadowing.filter((site) => !elsewhere.has(siteKey(site)))
}

/** Whether `location`'s range holds `site` (a definition's name range around a written place). */
function holds(location: LspLocation, site: Site): boolean {
  return location.uri === URI.file(site.path).toString() && rangeHolds(location.range, site.position)
}

/** Whether `conflict` has anything to say. */
export function hasConflict(conflict: NameConflict): boolean {
  return conflict.captured.length > 0 || conflict.shadowing.length > 0
}

/** `1 of the 3 references of render would not be a reference of fmt`, `1 place naming another limit would refer to the renamed x instead`. */
function sentences(conflict: NameConflict, binding: RenameBinding): { captured: string | undefined; shadowing: string | undefined } {
  const { old, new: name } = binding.names
  const total = `${binding.expected.length} ${binding.expected.length === 1 ? 'reference' : 'references'} of ${old}`
  const captured = conflict.captured.length === 0 ? undefined : `${conflict.captured.length} of the ${total} would not be ${conflict.captured.length === 1 ? 'a reference' : 'references'} of ${name}`
  const count = conflict.shadowing.length
  const shadowing = count === 0 ? undefined : `${count} ${count === 1 ? 'place' : 'places'} naming another ${name} would refer to the renamed ${old} instead`
  return { captured, shadowing }
}

/**
 * A preview's warning lines: `Warning: if applied, …:` per kind of conflict, then its rows
 * (`  path:line:col  code`, the code as the rename would leave it: `linesOf` gives a file's lines
 * with the edit).
 */
export function conflictLines(conflict: NameConflict, binding: RenameBinding, linesOf: (file: string) => FileLines | undefined, roots: readonly [string, string]): string[] {
  const said = sentences(conflict, binding)
  const rows = (sites: readonly Site[]): string[] => {
    const targets = toLocationTargets(sites.map(locationOf), roots)
    const shown = targets.slice(0, MAX_ROWS).map((target) => `  ${rowText(target, target.kind === 'workspace' ? linesOf(target.absolutePath) : undefined)}`)
    return targets.length > MAX_ROWS ? [...shown, `  … ${targets.length - MAX_ROWS} more`] : shown
  }
  return [
    ...(said.captured === undefined ? [] : [`Warning: if applied, ${said.captured}:`, ...rows(conflict.captured)]),
    ...(said.shadowing === undefined ? [] : [`Warning: if applied, ${said.shadowing}:`, ...rows(conflict.shadowing)]),
  ]
}

/**
 * Why apply refuses: `1 of the 3 references of render would not be a reference of fmt
 * (src/b.ts:2:62)`, the places as `path:line:col` (1-based, code points of `linesOf`'s lines).
 */
export function conflictReason(conflict: NameConflict, binding: RenameBinding, linesOf: (file: string) => FileLines | undefined, root: string): string {
  const said = sentences(conflict, binding)
  const places = (sites: readonly Site[]): string => placesText(sites, linesOf, root, 3)
  return [
    ...(said.captured === undefined ? [] : [`${said.captured} (${places(conflict.captured)})`]),
    ...(said.shadowing === undefined ? [] : [`${said.shadowing} (${places(conflict.shadowing)})`]),
  ].join(', and ')
}

/**
 * `src/b.ts:2:62, src/c.ts:1:10, …`: the first `max` of `sites` as `path:line:col`, relative to
 * `root`, 1-based, the column in code points of `linesOf`'s lines (UTF-16 + 1 where unread).
 */
export function placesText(sites: readonly Site[], linesOf: (file: string) => FileLines | undefined, root: string, max: number): string {
  const shown = sites.slice(0, max).map((site) => {
    const text = lineOf(linesOf(site.path), site.position.line)
    const column = text === undefined ? site.position.character + 1 : utf16ToCodePointColumn(text, site.position.character)
    return `${path.relative(root, site.path).split(path.sep).join('/')}:${site.position.line + 1}:${column}`
  })
  return `${shown.join(', ')}${sites.length > max ? ', …' : ''}`
}

function locationOf(site: Site): LspLocation {
  return { uri: URI.file(site.path).toString(), range: { start: site.position, end: site.position } }
}
