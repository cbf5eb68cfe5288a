import type { LspCrossCheck, LspLocation } from '@agent-lsp/lsp'
import { candidateGroups } from './candidate-groups.js'
import { renderRow } from './location-row.js'
import { stringsLine } from './strings-line.js'
import { fieldWord } from '../input/field-word.js'
import { compareTargets, isUnder, toLocationTarget, type DisplayRoot, type LocationTarget } from './location-targets.js'
import type { RenderContext } from './render-context.js'

/** Candidate rows shown after an answer; the rest are counted. */
export const MAX_CANDIDATES_SHOWN = 20

/** A row's identity: its file and start. */
export function targetKey(target: LocationTarget): string {
  return `${target.kind}:${target.file}:${target.line}:${target.character}`
}

/** The rows the cross-check added (places the server missed), by {@link targetKey}, to mark them. */
export function addedKeys(check: LspCrossCheck | undefined, roots: readonly DisplayRoot[]): ReadonlySet<string> {
  return new Set((check?.added ?? []).map((place) => targetKey(toLocationTarget(place, roots))))
}

/** The mark after the row of a place the server missed and the cross-check found. */
export const ADDED_MARK = '  (missed by the server; found by the cross-check)'

/**
 * The lines that follow an answer's rows for what its cross-check found: the places the server
 * could not resolve (`N places name X where the server could not resolve it (may be this one):`
 * then their rows; those reaching it through compiled declarations apart, see `candidateGroups`), the first {@link MAX_CANDIDATES_SHOWN}, under `fileFilter` when given), and
 * the added places, for answers that list them apart from their rows (call hierarchies; `addedOnly`
 * is the verb: `call`); then one line naming the strings that name the symbol (see `stringsLine`).
 * Nothing when the cross-check found nothing to show.
 */
export async function crossCheckLines(check: LspCrossCheck | undefined, context: RenderContext, roots: readonly DisplayRoot[], addedOnly: string | undefined): Promise<string[]> {
  if (check === undefined) return []
  const lines: string[] = []
  const section = async (places: readonly LspLocation[], heading: (count: number) => string): Promise<void> => {
    const targets = places.map((place) => toLocationTarget(place, roots)).sort(compareTargets)
    const shown = context.fileFilter === undefined ? targets : targets.filter((target) => isUnder(target, context.fileFilter!))
    if (shown.length === 0) return
    lines.push(heading(shown.length))
    lines.push(...(await Promise.all(shown.slice(0, MAX_CANDIDATES_SHOWN).map((target) => renderRow(target, context.readLines)))))
    if (shown.length > MAX_CANDIDATES_SHOWN) lines.push(`… ${shown.length - MAX_CANDIDATES_SHOWN} more (narrow with ${fieldWord('fileFilter', context.writeFlags)}).`)
  }
  if (addedOnly !== undefined) {
    await section(check.added, (count) => `${count} more ${count === 1 ? `place ${addedOnly}s` : `places ${addedOnly}`} ${check.name} (missed by the server; found by the cross-check):`)
  }
  const values = check.valueUses
  if (values !== undefined && values.count > 0) {
    await section(values.locations, (count) => `${values.count} ${values.count === 1 ? 'place uses' : 'places use'} ${check.name} as a value (it may be called through ${values.count === 1 ? 'it' : 'them'})${count < values.count ? `, the first ${count}` : ''}:`)
  }
  for (const group of candidateGroups(check.candidates, roots)) {
    await section(group.locations, (count) => `${count} more ${count === 1 ? 'place names' : 'places name'} ${check.name} ${group.why} (may be this one):`)
  }
  // Not a missed reference (the answer stays complete), but a use by name no server follows.
  lines.push(...(await stringsLine(check.inStrings, check.name, roots, context.readLines)))
  return lines
}
