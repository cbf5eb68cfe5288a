import path from 'node:path'
import type { LspDiagnostic } from '@agent-lsp/lsp'
import { URI } from 'vscode-uri'
import { untilAborted } from '@agent-lsp/abort'
import type { EditPlan } from './edit-plan.js'
import type { EditFlowContext } from './edit-context.js'
import { oneLine } from '../text/one-line.js'

/** Errors per file path before an edit; `undefined` where they could not be counted. */
export type ErrorCounts = ReadonlyMap<string, number | undefined>

const display = (root: string, file: string): string => path.relative(root, file).split(path.sep).join('/')

/**
 * After a rename is written: `findReferences` at the first renamed site must list every site the
 * edit wrote the new name at (same file, same start). Failures of the query are reported, never
 * thrown, unless the call was aborted.
 * @returns one line: `Verified: …` or `Not verified: …`.
 */
export async function verifyReferences(context: EditFlowContext, plan: EditPlan, newName: string, root: string): Promise<string> {
  const [first] = plan.sites
  if (first === undefined) return `Not verified: the edit does not write ${newName} anywhere.`
  try {
    const request = { operation: 'findReferences', filePath: first.path, position: first.position, workspaceRoot: context.workspaceRoot } as const
    const result = await untilAborted(context.ctx.lsp.query(request, context.signal), context.signal)
    const found = new Set(result.locations.map((location) => `${location.uri}#${location.range.start.line}:${location.range.start.character}`))
    const missing = plan.sites.filter((site) => !found.has(`${URI.file(site.path).toString()}#${site.position.line}:${site.position.character}`))
    if (missing.length === 0) {
      return `Verified: findReferences of ${newName} finds all ${plan.sites.length} renamed ${plan.sites.length === 1 ? 'site' : 'sites'}.`
    }
    const shown = missing.slice(0, 5).map((site) => `${display(root, site.path)}:${site.position.line + 1}:${site.position.character + 1}`)
    return `Not verified: ${missing.length} of ${plan.sites.length} renamed sites are not references of ${newName} now: ${shown.join(', ')}${missing.length > 5 ? ', …' : ''}.`
  } catch (error) {
    if (context.signal.aborted) throw error
    return `Not verified: findReferences of ${newName} failed (${oneLine(error instanceof Error ? error.message : String(error))}).`
  }
}

/**
 * After an edit is written: count each touched file's errors again and compare with `before`.
 * @returns one line: `Verified: errors 0 → 0 in N files.`, or `Warning: errors rose …` naming the
 *   files and the first new error, plus the files that could not be checked.
 */
export async function verifyDiagnostics(context: EditFlowContext, before: ErrorCounts): Promise<string> {
  const root = context.workspaceRoot
  const rows = await Promise.all(
    [...before.entries()].map(async ([file, was]) => {
      if (was === undefined) return { file, was, now: undefined, first: undefined }
      try {
        const request = { operation: 'diagnostics', filePath: file, workspaceRoot: root } as const
        const result = await untilAborted(context.ctx.lsp.query(request, context.signal), context.signal)
        const errors = result.diagnostics.filter((diagnostic: LspDiagnostic) => diagnostic.severity === 'Error')
        return { file, was, now: result.completeness.state === 'complete' ? errors.length : undefined, first: errors[0] }
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
  if (checked.length === 0) return `Not verified: no diagnostics for the edited files.${tail}`
  const was = sum(checked.map((row) => row.was))
  const now = sum(checked.map((row) => row.now))
  return `Verified: errors ${was} → ${now} in the ${checked.length} edited ${checked.length === 1 ? 'file' : 'files'}.${tail}`
}
