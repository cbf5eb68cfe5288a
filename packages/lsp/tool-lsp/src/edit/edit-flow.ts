import { readFile } from 'node:fs/promises'
import type { LspWorkspaceEdit } from '@agent-lsp/lsp'
import { untilAborted } from '@agent-lsp/abort'
import { applyAtomically } from './apply-files.js'
import { unifiedDiff } from './diff.js'
import { hashText, planEdit, type EditPlan } from './edit-plan.js'
import { LspToolError } from '../errors.js'
import type { ToolRequest } from '../input/tool-request.js'
import { chooseAction, listedActions, notApplicable } from '../render/render-code-actions.js'
import type { Answered } from '../run.js'
import { verifyDiagnostics, verifyReferences, type ErrorCounts } from './edit-verify.js'
import type { EditFlowContext, PreviewRecord } from './edit-context.js'

/** The edit an answered `rename`, `format` or chosen code action carries, and how to name it. */
function editOf(outcome: Answered): { edit: LspWorkspaceEdit | null; what: string; key: string; marker?: string } {
  const { request, result, subject } = outcome
  const where = subject.kind === 'cursor' ? subject.cursor.label : subject.kind === 'file' ? subject.displayPath : ''
  const keyOf = (extra: Record<string, unknown>): string => JSON.stringify({ operation: request.operation, where, ...extra })
  if (request.shape === 'rename' && result.kind === 'workspaceEdit') {
    const word = subject.kind === 'cursor' ? subject.cursor.word : undefined
    return { edit: result.edit, what: `rename ${word ?? `the symbol at ${where}`} → ${request.newName}`, key: keyOf({ newName: request.newName }), marker: request.newName }
  }
  if (request.shape === 'format' && result.kind === 'workspaceEdit') {
    const lines = request.lines === undefined ? '' : ` lines ${request.lines.start}-${request.lines.end}`
    return { edit: result.edit, what: `format ${where}${lines}`, key: keyOf({ lines: request.lines, tabSize: request.tabSize, insertSpaces: request.insertSpaces }) }
  }
  if (request.shape === 'codeActions' && result.kind === 'codeActions' && request.action !== undefined) {
    const actions = listedActions(result)
    const chosen = chooseAction(actions, request.action)
    if (!chosen) {
      const titles = actions.map((action, index) => `${index + 1}. ${action.title}`).join('; ')
      throw new LspToolError('LSP_INVALID_INPUT', `no code action ${JSON.stringify(request.action)} at ${where}${titles ? ` (there are: ${titles})` : ' (there are none)'}`)
    }
    const why = notApplicable(chosen.action)
    if (why !== undefined) throw new LspToolError('LSP_UNSUPPORTED_OPERATION', `code action ${chosen.number} "${chosen.action.title}" cannot be applied: ${why}`)
    return { edit: chosen.action.edit, what: `code action "${chosen.action.title}"`, key: keyOf({ only: request.only, end: request.end, action: chosen.action.title }) }
  }
  throw new Error(`the edit flow does not handle ${request.operation} answered with ${result.kind}`)
}

/** Whether the tool answers `request` with the edit flow (a preview or an apply). */
export function isEditRequest(request: ToolRequest): boolean {
  return request.shape === 'rename' || request.shape === 'format' || (request.shape === 'codeActions' && request.action !== undefined)
}

/**
 * Preview or apply the edit of an answered edit request.
 * - Preview (default): `Preview: <what>: N edits in M files; nothing written.` and the unified
 *   diff; the files' hashes are kept in `previews` under the request.
 * - `apply: true`: the edit is computed again; with a preview of the same request on record, each
 *   file must still hash as it did then and the new edit must write exactly what the preview
 *   showed (`LSP_EDIT_CONFLICT` otherwise). Errors of the touched files are counted, the files
 *   written all or nothing (see `applyAtomically`), then verified: for a rename, the references
 *   of the new name must cover every renamed site; for every edit, the error count must not rise.
 *   Without a preview on record (a one-shot `agent-lsp rename --apply`) the answer includes the diff.
 * @throws LspToolError `LSP_EDIT_CONFLICT`, `LSP_EDIT_FAILED`, `LSP_INVALID_INPUT` (no such
 *   action), `LSP_UNSUPPORTED_OPERATION` (an action without an edit), and the plan's codes.
 */
export async function runEditFlow(outcome: Answered, context: EditFlowContext): Promise<string> {
  const { edit, what, key, marker } = editOf(outcome)
  const root = outcome.result.resolvedWorkspaceRoot
  if (edit === null) return outcome.request.shape === 'format' ? `Nothing to change: ${what.replace(/^format /, '')} ${outcome.request.lines ? 'are' : 'is'} already formatted.` : `Nothing to change: ${what} changes no file.`
  const plan = await planEdit(edit, root, marker)
  if (plan.files.length === 0) return `Nothing to change: ${what} leaves every file as it is.`
  const counted = `${plan.editCount} ${plan.editCount === 1 ? 'edit' : 'edits'} in ${plan.files.length} ${plan.files.length === 1 ? 'file' : 'files'}`
  const apply = 'apply' in outcome.request && outcome.request.apply
  if (!apply) {
    context.previews.set(key, { baseHashes: new Map(plan.files.map((file) => [file.path, file.baseHash])), digest: plan.digest })
    return [`Preview: ${what}: ${counted}; nothing written. The same call with apply: true writes it.`, diffOf(plan)].join('\n')
  }
  const recorded = context.previews.get(key)
  if (recorded) await assertUnchanged(recorded, plan)
  const before = await countErrors(context, plan)
  await applyAtomically(plan.files, context.fileSystem)
  context.previews.delete(key)
  // Diagnostics first: tsserver drops the diagnostics it was computing when another request
  // arrives (its geterr is interruptible), so a references query right after the write would
  // leave nothing published for the new contents.
  const diagnosticsCheck = await verifyDiagnostics(context, before)
  const checks = outcome.request.shape === 'rename' && marker !== undefined ? [await verifyReferences(context, plan, marker, root), diagnosticsCheck] : [diagnosticsCheck]
  const lines = [`Applied: ${what}: ${counted} written.`, ...plan.files.map((file) => `  ${file.displayPath}${file.before === null ? ' (created)' : file.after === null ? ' (deleted)' : ''}`), ...checks]
  return recorded ? lines.join('\n') : [...lines, diffOf(plan)].join('\n')
}

/** Diff lines shown in one answer; the rest are counted (apply still writes all of it). */
export const MAX_DIFF_LINES = 400

/** The plan's unified diff, file by file, cut after {@link MAX_DIFF_LINES} lines with a count of the rest. */
function diffOf(plan: EditPlan): string {
  const lines = plan.files.flatMap((file) => unifiedDiff(file.movedFrom ?? file.displayPath, file.displayPath, file.before, file.after).split('\n'))
  if (lines.length <= MAX_DIFF_LINES) return lines.join('\n')
  const shown = lines.slice(0, MAX_DIFF_LINES)
  const files = lines.slice(MAX_DIFF_LINES).filter((line) => line.startsWith('+++ ')).length
  const more = `… ${lines.length - MAX_DIFF_LINES} more diff lines${files > 0 ? `, ${files} more ${files === 1 ? 'file' : 'files'}` : ''} (not shown; apply writes all of it)`
  return [...shown, more].join('\n')
}

/** Refuse when a previewed file changed since, or the edit now writes something else. */
async function assertUnchanged(recorded: PreviewRecord, plan: EditPlan): Promise<void> {
  const planned = new Map(plan.files.map((file) => [file.path, file]))
  for (const [path, hash] of recorded.baseHashes) {
    const now = planned.get(path)?.baseHash ?? (await readFile(path, 'utf8').then(hashText, () => null))
    if (now !== hash) {
      const shown = planned.get(path)?.displayPath ?? path
      throw new LspToolError('LSP_EDIT_CONFLICT', `${shown} changed on disk since the preview; nothing was written. Preview the edit again`)
    }
  }
  if (recorded.digest !== plan.digest) {
    throw new LspToolError('LSP_EDIT_CONFLICT', 'the language server now computes another edit than the preview showed; nothing was written. Preview the edit again')
  }
}

/** Errors per existing file before the edit (undefined where diagnostics are not available). */
async function countErrors(context: EditFlowContext, plan: EditPlan): Promise<ErrorCounts> {
  const counts = new Map<string, number | undefined>()
  await Promise.all(
    plan.files
      .filter((file) => file.before !== null && file.after !== null)
      .map(async (file) => {
        try {
          const result = await untilAborted(context.ctx.lsp.query({ operation: 'diagnostics', filePath: file.path, workspaceRoot: context.workspaceRoot }, context.signal), context.signal)
          counts.set(file.path, result.completeness.state === 'complete' ? result.diagnostics.filter((d) => d.severity === 'Error').length : undefined)
        } catch (error) {
          if (context.signal.aborted) throw error
          counts.set(file.path, undefined)
        }
      }),
  )
  return counts
}
