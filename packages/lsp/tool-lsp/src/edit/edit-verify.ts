import path from 'node:path'
import { providerOf, type LspDiagnostic } from '@agent-lsp/lsp'
import { untilAborted } from '@agent-lsp/abort'
import type { EditFlowContext } from './edit-context.js'
import { oneLine } from '../text/one-line.js'
import { newErrors, type ErrorCounts } from './speculative-check.js'
import { createLineReader } from '../input/file-lines.js'
import { confirmedShadowing, definitionProbes, MAX_DEFINITION_PROBES, nameConflict, placesText, type ProbedDefinition, type RenameBinding, type Site } from './name-conflict.js'

const display = (root: string, file: string): string => path.relative(root, file).split(path.sep).join('/')

/**
 * After a rename is written: `findReferences` of the new name at `binding.at` (where the reference
 * at the cursor went) must list every old reference at its new place (`binding.expected`, see
 * `mappedReferences`): same file, same start; and nothing the rename did not write (another
 * symbol's uses now bound to the renamed one, see `nameConflict`); goToDefinition at the renamed
 * references (`definitionProbes`) must not lead to another symbol of the new name. Failures of the query are
 * reported, never thrown, unless the call was aborted.
 * @returns `Verified: …`, or `Not verified: …` per kind of mismatch.
 */
export async function verifyReferences(context: EditFlowContext, binding: RenameBinding | undefined, names: RenameBinding['names'], root: string): Promise<string[]> {
  if (binding === undefined) return [`Not verified: no reference of ${names.old} was renamed to ${names.new} where the check could find it.`]
  try {
    const request = { operation: 'findReferences', filePath: binding.at.path, position: binding.at.position, workspaceRoot: context.workspaceRoot } as const
    const result = await untilAborted(context.ctx.lsp.query(request, context.signal), context.signal)
    const definitions = await Promise.all(definitionProbes(binding).map((site) => definitionsAt(context, site)))
    const readLines = createLineReader(context.workspaceRoot)
    const conflict = await nameConflict(binding, result.locations, readLines, definitions)
    // A file no server reads (an X-macro's `.def` table) is parsed only as its includers were last: not checked there.
    const owners = context.ctx.lsp.providers()
    const unread = conflict.captured.filter((site) => providerOf(owners, site.path) === undefined)
    const captured = conflict.captured.filter((site) => !unread.includes(site))
    const shadowing = confirmedShadowing(binding, conflict.shadowing, await Promise.all(conflict.shadowing.slice(0, MAX_DEFINITION_PROBES).map((site) => definitionsAt(context, site))))
    const expected = binding.expected.length
    const count = `${expected} ${expected === 1 ? 'reference' : 'references'} of ${names.old}`
    const read = new Map(await Promise.all([...captured.slice(0, 5), ...shadowing.slice(0, 5), ...unread.slice(0, 5)].map(async (site) => [site.path, await readLines(site.path)] as const)))
    const shown = (sites: readonly Site[]): string => placesText(sites, (file) => read.get(file), root, 5)
    const lines: string[] = []
    if (captured.length > 0) lines.push(`Not verified: ${captured.length} of the ${count} ${captured.length === 1 ? 'is not a reference' : 'are not references'} of ${names.new} now: ${shown(captured)}.`)
    if (shadowing.length > 0) lines.push(`Not verified: findReferences of ${names.new} also finds ${shadowing.length} ${shadowing.length === 1 ? 'place that was not a reference' : 'places that were not references'} of ${names.old}: ${shown(shadowing)}.`)
    // Past the probes' bound, the rest were checked by findReferences alone.
    const probed = definitions.length < expected ? ` goToDefinition was asked at ${definitions.length} of them.` : ''
    if (unread.length > 0) {
      const rest = expected - unread.length
      const others = lines.length > 0 || rest === 0 ? '' : `; the other ${rest === 1 ? 'is a reference' : `${rest} are references`} of ${names.new} now`
      lines.push(`Not checked: ${unread.length} of the ${count} ${unread.length === 1 ? 'is' : 'are'} in a file no server reads: ${shown(unread)}${others}.`)
    }
    return lines.length > 0 ? lines : [`Verified: findReferences of ${names.new} finds all ${count}, renamed.${probed}`]
  } catch (error) {
    if (context.signal.aborted) throw error
    return [`Not verified: findReferences of ${names.new} failed (${oneLine(error instanceof Error ? error.message : String(error))}).`]
  }
}

/** goToDefinition at a renamed reference; none when it fails (the references' check still holds). */
async function definitionsAt(context: EditFlowContext, site: Site): Promise<ProbedDefinition> {
  try {
    const request = { operation: 'goToDefinition', filePath: site.path, position: site.position, workspaceRoot: context.workspaceRoot } as const
    const result = await untilAborted(context.ctx.lsp.query(request, context.signal), context.signal)
    return { site, found: result.locations }
  } catch (error) {
    if (context.signal.aborted) throw error
    return { site, found: [] }
  }
}

/**
 * After an edit is written: count each touched file's errors again and compare with `before` (a
 * file the edit `moved` at its new path).
 * @returns one line: `Verified: errors 0 → 0 in N files.`, or `Warning: errors rose …` naming the
 *   files and the first new error (see `newErrors`), plus the files that could not be checked.
 */
export async function verifyDiagnostics(context: EditFlowContext, before: ErrorCounts, moved?: { readonly from: string; readonly to: string }, renamed?: RenameBinding['names']): Promise<string> {
  const root = context.workspaceRoot
  const rows = await Promise.all(
    [...before.entries()].map(async ([counted, was]) => {
      const file = counted === moved?.from ? moved.to : counted
      if (was === undefined) return { file, was: undefined, now: undefined, first: undefined }
      try {
        const request = { operation: 'diagnostics', filePath: file, workspaceRoot: root } as const
        const result = await untilAborted(context.ctx.lsp.query(request, context.signal), context.signal)
        const errors = result.diagnostics.filter((diagnostic: LspDiagnostic) => diagnostic.severity === 'Error')
        // The first error the edit added, matched as the preview's check matches them (an error already there is not it).
        return { file, was: was.length, now: result.completeness.state === 'complete' ? errors.length : undefined, first: newErrors(was, errors, renamed)[0] }
      } catch (error) {
        if (context.signal.aborted) throw error
        return { file, was, now: undefined, first: undefined }
      }
    }),
  )
  const checked = rows.filter((row): row is typeof row & { was: number; now: number } => row.was !== undefined && row.now !== undefined)
  const unchecked = rows.filter((row) => row.was === undefined || row.now === undefined).map((row) => display(root, row.file))
  const worse = checked.filter((row) => row.now > row.was)
  const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0)
  const tail = unchecked.length > 0 ? ` Not checked (no complete diagnostics): ${unchecked.join(', ')}.` : ''
  if (worse.length > 0) {
    const named = worse.map((row) => `${display(root, row.file)} ${row.was} → ${row.now}${row.first ? ` (line ${row.first.range.start.line + 1}: ${oneLine(row.first.message)})` : ''}`)
    return `Warning: errors rose after the edit: ${named.join('; ')}.${tail}`
  }
  if (checked.length === 0) return `Not verified: no diagnostics for the checked files.${tail}`
  const was = sum(checked.map((row) => row.was))
  const now = sum(checked.map((row) => row.now))
  return `Verified: errors ${was} → ${now} in the ${checked.length} checked ${checked.length === 1 ? 'file' : 'files'}.${tail}`
}
