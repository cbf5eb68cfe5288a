import type { LspCompleteness, LspDiagnostic, LspLocation, LspPosition, LspWorkspaceEdit } from '@agent-lsp/lsp'
import { URI } from 'vscode-uri'
import { untilAborted } from '@agent-lsp/abort'
import { applyAtomically } from './apply-files.js'
import { unifiedDiff } from './diff.js'
import { hashText, planEdit, type EditPlan, type FileChange } from './edit-plan.js'
import { LspToolError } from '../errors.js'
import type { Cursor } from '../input/cursor.js'
import { readRegularFile } from '../input/regular-file.js'
import type { ToolRequest } from '../input/tool-request.js'
import { chooseAction, listedActions, notApplicable } from '../render/render-code-actions.js'
import { noticeLines } from '../render/render-notices.js'
import type { Answered } from '../run.js'
import { verifyDiagnostics, verifyReferences } from './edit-verify.js'
import { writeFlagWords, type EditFlowContext, type PreviewRecord } from './edit-context.js'
import { renameThroughAliases } from './rename-aliases.js'
import { renameUnserved } from './rename-unserved.js'
import { checkRename, incompleteLines, mappedReferences, refusal, refusesIncomplete, renameCheckLines, type RenameCheck } from './rename-check.js'
import { oneLine } from '../text/one-line.js'
import { rangeHolds } from '../text/positions.js'
import { overrideConflict, overrideLines, overrideRefusal, renameThroughOverrides } from './rename-overrides.js'
import { reexportersOf } from './star-reexports.js'
import { referencingFiles, speculativeCheck, type ErrorCounts } from './speculative-check.js'
import type { RenameBinding } from './name-conflict.js'
import { dependentFiles } from './dependent-files.js'

/** An edit to preview or apply: what the answer says it is, the key of its preview, the new name of a rename. */
export interface EditDescription {
  readonly edit: LspWorkspaceEdit | null
  readonly what: string
  readonly key: string
  readonly marker?: string
  /** A file the edit moves (absolute paths under the resolved root): its errors are counted at `from` before and at `to` after. */
  readonly moved?: { readonly from: string; readonly to: string }
  /** Run once the files are written, before the errors are counted again; its lines join the checks. */
  readonly afterWrite?: () => Promise<readonly string[]>
  /**
   * What the edit would leave undone (a move's imports of the old path the server's edit leaves):
   * how many places, and a phrase naming them. A preview warns of it first, apply refuses it
   * (`LSP_EDIT_INCOMPLETE`) unless forced.
   */
  readonly leaves?: () => Promise<{ readonly count: number; readonly phrase: string } | undefined>
  /** Files whose errors are counted before and after too (a move's importers the edit may leave). */
  readonly alsoCheck?: readonly string[]
  /** The declaration a symbol edit changes: the files referencing it are checked with the edited ones. */
  readonly referencedAt?: { readonly absolutePath: string; readonly position: LspPosition; readonly name: string }
}

/** The edit an answered `rename`, `format` or chosen code action carries, and how to name it. */
function editOf(outcome: Answered): EditDescription {
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
  return (request.shape === 'symbol' && request.operation !== 'symbolSource') || request.shape === 'rename' || request.shape === 'format' || (request.shape === 'codeActions' && request.action !== undefined)
}

/**
 * Preview or apply the edit of an answered edit request.
 * - Preview (default): `Preview: <what>: N edits in M files; nothing written.`, what the edit
 *   would do to the errors of the files it changes and of those referencing what it changes (see
 *   `speculativeCheck`: the edit in the servers' view only; a `Warning:` line first when errors
 *   would rise; not for a moved file), and the unified diff; the files' hashes are kept in
 *   `previews` under the request.
 * - `apply: true`: the edit is computed again; with a preview of the same request on record, each
 *   file must still hash as it did then and the new edit must write exactly what the preview
 *   showed (`LSP_EDIT_CONFLICT` otherwise). Errors of the touched files are counted, the files
 *   written all or nothing (see `applyAtomically`), then verified: for a rename, the references
 *   of the new name must cover every renamed site; for every edit, the error count must not rise.
 *   Without a preview on record (a one-shot `agent-lsp rename --apply`) the answer includes the diff.
 * @throws LspToolError `LSP_EDIT_CONFLICT`, `LSP_EDIT_FAILED`, `LSP_INVALID_INPUT` (no such
 *   action), `LSP_UNSUPPORTED_OPERATION` (an action without an edit), and the plan's codes.
 */
export async function runEditFlow(outcome: Answered, context: EditFlowContext, described: EditDescription = editOf(outcome)): Promise<string> {
  const { edit: served, what, key, marker, moved } = described
  const root = outcome.result.resolvedWorkspaceRoot
  const request = outcome.request
  const rename = request.shape === 'rename' && outcome.subject.kind === 'cursor' ? { cursor: outcome.subject.cursor, oldName: outcome.subject.cursor.word ?? 'the symbol', newName: request.newName } : undefined
  let edit = served !== null && rename !== undefined ? await renameThroughAliases(context, served, rename.oldName, rename.newName) : served
  let check = edit === null || rename === undefined ? undefined : await checkRename(context, rename.cursor, edit)
  if (check !== undefined && check.missed.length > 0 && rename !== undefined) {
    // The cross-check opened the files the server had not seen: asked again, it may see them now.
    const again = await renameAgain(context, rename)
    if (again !== null) {
      const recheck = await checkRename(context, rename.cursor, again)
      if (recheck.missed.length < check.missed.length) ({ edit, check } = { edit: again, check: recheck })
    }
  }
  // After the re-ask above, which would drop what is merged here.
  const overrides = edit !== null && rename !== undefined ? await renameThroughOverrides(context, edit, rename.cursor, rename.oldName, rename.newName) : undefined
  if (overrides !== undefined) edit = overrides.edit
  // References in files no server reads (Go assembly's) are renamed as text; they, and a call through the interface the override rename carried along (Go), are missed no more.
  if (edit !== null && check !== undefined && rename !== undefined) ({ edit, check } = await renameUnserved(context.ctx.lsp.providers(), edit, check, rename.newName, context.workspaceRoot))
  const partial = [...noticeLines(outcome.result), ...partialLine(outcome.result.completeness)]
  const answer = (lines: readonly string[]): string => [...partial, ...lines].join('\n')
  if (edit === null) return answer([outcome.request.shape === 'format' ? `Nothing to change: ${what.replace(/^format /, '')} ${outcome.request.lines ? 'are' : 'is'} already formatted.` : `Nothing to change: ${what} changes no file.`])
  const plan = await planEdit(edit, root, marker)
  if (plan.files.length === 0) return answer([`Nothing to change: ${what} leaves every file as it is.`])
  const shown = shownFiles(plan)
  const counted = `${plan.editCount} ${plan.editCount === 1 ? 'edit' : 'edits'} in ${shown.length} ${shown.length === 1 ? 'file' : 'files'}`
  const roots = [root, context.workspaceRoot] as const
  const checkLines = check === undefined || rename === undefined ? [] : await renameCheckLines(check, rename.oldName, roots)
  const hierarchy = overrides !== undefined && rename !== undefined ? await overrideLines(overrides, rename.oldName, roots) : { warning: [], lines: [] }
  checkLines.push(...hierarchy.lines)
  const apply = 'apply' in request && request.apply
  const referencedAt = described.referencedAt ?? overrides?.container
  const binding = check !== undefined && rename !== undefined ? renameBinding(check, plan, rename) : undefined
  const { files: named, locations: references, note: referencingNote } = referencedAt === undefined ? { files: [], locations: [] } : await referencingFiles(context, referencedAt)
  // A symbol edit may change the type its users pass on (`const total = add(1, 2)`): their files
  // too; for a member's rename, the container's users (`run(o: Opts)` called with an object of the old shape).
  const own = referencedAt && { uri: URI.file(referencedAt.absolutePath).toString(), range: { start: referencedAt.position, end: referencedAt.position } }
  const dependents = referencedAt === undefined || own === undefined ? { files: [] } : await dependentFiles(context, references, own, referencedAt.name, [root, context.workspaceRoot])
  // Any edit that adds, removes or renames an export (an insertAfter of `export const NEVER`, the eleventh trial).
  const reexporting = await reexportersOf(plan, root, context)
  const referencing = [...named, ...dependents.files, ...(described.alsoCheck ?? []), ...reexporting.files]
  const notes = [referencingNote, dependents.note, reexporting.note].filter((note): note is string => note !== undefined)
  if (!apply) {
    context.previews.set(key, { baseHashes: new Map(plan.files.map((file) => [file.path, file.baseHash])), digest: plan.digest })
    const checked = moved === undefined && context.checkEdits !== false ? await speculativeCheck(context, plan, filesToCheck(plan, check, moved, referencing), root, binding) : undefined
    const speculative = checked === undefined ? [] : [...checked.lines, ...notes]
    const warning = speculative[0]?.startsWith('Warning:') ? speculative : []
    const words = writeFlagWords(context.writeFlags)
    const preview = `Preview: ${what}: ${counted}; nothing written. The same ${words.call} with ${words.apply} writes it.`
    const left = described.leaves ? await described.leaves() : undefined
    const first = left === undefined ? [] : [`Warning: if applied, ${left.phrase}.`]
    return answer([...first, ...hierarchy.warning, ...warning, ...(checked?.conflict?.lines ?? []), preview, ...(warning.length > 0 ? [] : speculative), ...checkLines, diffOf(plan)])
  }
  const recorded = context.previews.get(key)
  if (recorded) await assertUnchanged(recorded, plan)
  const force = writeFlagWords(context.writeFlags).force
  const left = described.leaves ? await described.leaves() : undefined
  const leftRefusal = left === undefined ? undefined : `${left.phrase}; nothing was written. Fix ${left.count === 1 ? 'it' : 'them'} by hand, or apply with ${force} to write it anyway`
  const refused = rename === undefined ? leftRefusal : ((check && refusal(check, rename.oldName, force, roots)) ?? (overrides && overrideRefusal(overrides, rename.oldName, force)))
  const forced = (request.shape === 'rename' || request.shape === 'moveFile') && request.force
  if (refused !== undefined && !forced) throw new LspToolError('LSP_EDIT_INCOMPLETE', `${what} was not applied: ${refused}`)
  const dispatch = overrides && rename && overrideConflict(overrides, rename.oldName)
  if (dispatch !== undefined && !forced) throw new LspToolError('LSP_EDIT_NAME_CONFLICT', `${what} was not applied: ${dispatch}; nothing was written. Choose another name, or apply with ${force} to write it anyway`)
  const checked = filesToCheck(plan, check, moved, referencing)
  let onDisk: ErrorCounts | undefined
  if (rename !== undefined && !forced && moved === undefined && context.checkEdits !== false) {
    // A rename that breaks the build is not what was asked (a name that is no identifier, a
    // same-named member of another type that the server renamed too): refused, as incomplete ones are.
    const speculative = await speculativeCheck(context, plan, checked, root, binding)
    onDisk = speculative.before
    const [first, ...rows] = speculative.lines
    if (first?.startsWith('Warning: ')) {
      const listed = rows.filter((row) => row.startsWith('  ')).slice(0, 3).map((row) => row.trim().replace(/\s+/g, ' '))
      throw new LspToolError('LSP_EDIT_ADDS_ERRORS', `${what} was not applied: ${first.slice('Warning: '.length).replace(/:$/, '')} ${listed.join('; ')}; nothing was written. Preview it to see them, or apply with ${force} to write it anyway`)
    }
    // A rename that type-checks can still bind a name to another symbol (a parameter of the new name).
    if (speculative.conflict !== undefined) {
      throw new LspToolError('LSP_EDIT_NAME_CONFLICT', `${what} was not applied: ${speculative.conflict.reason}; nothing was written. Choose another name, or apply with ${force} to write it anyway`)
    }
  }
  // The check's counts on disk are the counts before (asked moments ago, nothing written since).
  const before = onDisk ?? (await countErrors(context, checked))
  await applyAtomically(plan.files, context.fileSystem)
  context.previews.delete(key)
  const written = described.afterWrite ? await described.afterWrite() : []
  // Diagnostics first: tsserver drops the diagnostics it was computing when another request
  // arrives (its geterr is interruptible), so a references query right after the write would
  // leave nothing published for the new contents.
  const diagnosticsCheck = await verifyDiagnostics(context, before, moved, rename === undefined ? undefined : { old: rename.oldName, new: rename.newName })
  const checks = [diagnosticsCheck, ...notes, ...written]
  // Said below as `Not verified:` (or as the forced refusal's reason), not once more among checkLines.
  const incomplete = check !== undefined && rename !== undefined ? incompleteLines(check, rename.oldName) : []
  if (check !== undefined && rename !== undefined) {
    checks.unshift(...(await verifyReferences(context, binding, { old: rename.oldName, new: rename.newName }, root)))
    if (refused !== undefined) checks.push(`Not verified: written with force although ${refused.slice(0, refused.indexOf('; nothing was written'))}.`)
    if (!refusesIncomplete(check)) checks.push(...incomplete.map((line) => `Not verified: ${line[0]!.toLowerCase()}${line.slice(1)}`))
    if (check.references !== undefined && !check.crossChecked) checks.push(`Not cross-checked: places the server cannot see or resolve were not searched for ${rename.oldName}.`)
  }
  const warning = [...hierarchy.warning, ...checks.filter((line) => line.startsWith('Warning:'))]
  const lines = [
    ...warning,
    `Applied: ${what}: ${counted} written.`,
    ...shown.map((file) => `  ${file.displayPath}${file.movedFrom !== undefined ? ` (moved from ${file.movedFrom})` : file.before === null ? ' (created)' : file.after === null ? ' (deleted)' : ''}`),
    ...checks.filter((line) => !warning.includes(line)),
    ...checkLines.filter((line) => !incomplete.includes(line)),
  ]
  return answer(recorded ? lines : [...lines, diffOf(plan)])
}

/**
 * What the new name must refer to once `plan` is written: the old references at their renamed
 * places, asked at the cursor's (else the first); `undefined` when no reference was renamed.
 */
function renameBinding(check: RenameCheck, plan: EditPlan, rename: { readonly cursor: Cursor; readonly oldName: string; readonly newName: string }): RenameBinding | undefined {
  const expected = mappedReferences(check, plan.sites)
  const cursorUri = URI.file(rename.cursor.absolutePath).toString()
  const inCursorFile = (check.references ?? []).filter((reference) => reference.uri === cursorUri)
  // The reference under the cursor: another in its file may be a string (pyright's `__all__ = ["helper"]`), whose references are none.
  const underCursor = inCursorFile.filter((reference) => rangeHolds(reference.range, rename.cursor.position))
  const mapped = (references: readonly LspLocation[]) => mappedReferences({ ...check, references }, plan.sites)[0]
  const at = mapped(underCursor) ?? mapped(inCursorFile) ?? expected[0]
  if (at === undefined) return undefined
  return { at, expected, unlisted: mappedReferences({ ...check, references: check.added }, plan.sites), written: plan.sites, names: { old: rename.oldName, new: rename.newName } }
}

/** The rename asked once more (through re-export aliases), or `null` when it has no edit. */
async function renameAgain(context: EditFlowContext, rename: { readonly cursor: Cursor; readonly oldName: string; readonly newName: string }): Promise<LspWorkspaceEdit | null> {
  const query = { operation: 'rename', filePath: rename.cursor.absolutePath, position: rename.cursor.position, newName: rename.newName, workspaceRoot: context.workspaceRoot } as const
  const result = await untilAborted(context.ctx.lsp.query(query, context.signal), context.signal)
  return result.edit === null ? null : renameThroughAliases(context, result.edit, rename.oldName, rename.newName)
}

/** `Partial answer (reason): message` when the edit's own answer may be incomplete, as other answers start. */
function partialLine(completeness: LspCompleteness): string[] {
  return completeness.state === 'partial' ? [`Partial answer (${completeness.reason}): ${oneLine(completeness.message)}`] : []
}

/**
 * The files whose errors are compared before and after: every file the edit changes, and for a
 * rename every file that referenced the old name or names it where the server could not resolve it,
 * for a symbol edit every file `referencing` its declaration.
 */
function filesToCheck(plan: EditPlan, check: RenameCheck | undefined, moved: EditDescription['moved'], referencing: readonly string[]): string[] {
  const changed = plan.files.filter((file) => file.before !== null && file.after !== null).map((file) => file.path)
  const gone = new Set(plan.files.filter((file) => file.after === null).map((file) => file.path))
  const mentioned = [...(check?.references ?? []), ...(check?.candidates ?? []).map((candidate) => candidate.location)]
    .map((location) => URI.parse(location.uri))
    .filter((uri) => uri.scheme === 'file')
    .map((uri) => uri.fsPath)
  return [...new Set([...changed, ...mentioned, ...referencing])].filter((file) => !gone.has(file)).concat(moved === undefined ? [] : [moved.from]).sort()
}

/** Diff lines shown in one answer; the rest are counted (apply still writes all of it). */
export const MAX_DIFF_LINES = 400

/** The plan's unified diff, file by file, cut after {@link MAX_DIFF_LINES} lines with a count of the rest. */
function diffOf(plan: EditPlan): string {
  const before = (file: FileChange): string | null => (file.movedFrom === undefined ? file.before : (plan.files.find((source) => source.displayPath === file.movedFrom)?.before ?? file.before))
  const lines = shownFiles(plan).flatMap((file) => unifiedDiff(file.movedFrom ?? file.displayPath, file.displayPath, before(file), file.after).split('\n'))
  if (lines.length <= MAX_DIFF_LINES) return lines.join('\n')
  const shown = lines.slice(0, MAX_DIFF_LINES)
  const files = lines.slice(MAX_DIFF_LINES).filter((line) => line.startsWith('+++ ')).length
  const more = `… ${lines.length - MAX_DIFF_LINES} more diff lines${files > 0 ? `, ${files} more ${files === 1 ? 'file' : 'files'}` : ''} (not shown; apply writes all of it)`
  return [...shown, more].join('\n')
}

/** The plan's files as the answer lists them: a moved file once, at its new path (`movedFrom` names the old). */
function shownFiles(plan: EditPlan): FileChange[] {
  const movedAway = new Set(plan.files.flatMap((file) => (file.movedFrom === undefined ? [] : [file.movedFrom])))
  return plan.files.filter((file) => !(file.after === null && movedAway.has(file.displayPath)))
}

/** Refuse when a previewed file changed since, or the edit now writes something else. */
async function assertUnchanged(recorded: PreviewRecord, plan: EditPlan): Promise<void> {
  const planned = new Map(plan.files.map((file) => [file.path, file]))
  for (const [path, hash] of recorded.baseHashes) {
    const now = planned.get(path)?.baseHash ?? (await readRegularFile(path, { toEdit: true }).then(hashText, () => null))
    if (now !== hash) {
      const shown = planned.get(path)?.displayPath ?? path
      throw new LspToolError('LSP_EDIT_CONFLICT', `${shown} changed on disk since the preview; nothing was written. Preview the edit again`)
    }
  }
  if (recorded.digest !== plan.digest) {
    throw new LspToolError('LSP_EDIT_CONFLICT', 'the language server now computes another edit than the preview showed; nothing was written. Preview the edit again')
  }
}

/** The errors of each file before the edit (undefined where diagnostics are not complete or fail). */
async function countErrors(context: EditFlowContext, files: readonly string[]): Promise<ErrorCounts> {
  const counts = new Map<string, readonly LspDiagnostic[] | undefined>()
  await Promise.all(
    files.map(async (file) => {
      try {
        const result = await untilAborted(context.ctx.lsp.query({ operation: 'diagnostics', filePath: file, workspaceRoot: context.workspaceRoot }, context.signal), context.signal)
        counts.set(file, result.completeness.state === 'complete' ? result.diagnostics.filter((d) => d.severity === 'Error') : undefined)
      } catch (error) {
        if (context.signal.aborted) throw error
        counts.set(file, undefined)
      }
    }),
  )
  return counts
}
