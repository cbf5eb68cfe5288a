import path from 'node:path'
import { providerOf, type LspDiagnostic, type LspLocation, type LspOverlay, type LspPosition } from '@agent-lsp/lsp'
import { URI } from 'vscode-uri'
import { untilAborted } from '@agent-lsp/abort'
import { diagnosticRow } from '../render/render-diagnostics.js'
import { createLineReader } from '../input/file-lines.js'
import { oneLine } from '../text/one-line.js'
import { wordRegExp } from '../text/word.js'
import type { EditFlowContext } from './edit-context.js'
import type { EditPlan } from './edit-plan.js'
import { splitLines } from '@agent-lsp/text-lines'
import type { FileLines } from '../render/location-row.js'
import { confirmedShadowing, conflictLines, conflictReason, definitionProbes, hasConflict, nameConflict, type ProbedDefinition, type RenameBinding } from './name-conflict.js'
import { definitionsWithEdit } from './definitions-with-edit.js'

/** New errors listed in a preview; the rest are counted. */
const MAX_NEW_ERRORS = 10

/** One checked file: its errors on disk and with the edit (`undefined` where they could not be counted completely). */
interface CheckedFile {
  readonly path: string
  readonly before: readonly LspDiagnostic[] | undefined
  readonly after: readonly LspDiagnostic[] | undefined
  /** The file's lines with the edit, for the columns of its rows. */
  readonly lines: readonly string[] | undefined
  /** Served by a provider the edit changes no file of: its server does not see the edit. */
  readonly blind?: boolean
}

/** The errors of each file path before an edit; `undefined` where they could not be counted. */
export type ErrorCounts = ReadonlyMap<string, readonly LspDiagnostic[] | undefined>

/** What {@link speculativeCheck} found: the preview's lines, and the errors on disk it counted. */
export interface SpeculativeCheck {
  readonly lines: string[]
  /**
   * How a rename would change what names refer to (see `NameConflict`): the preview's warning lines
   * and apply's reason to refuse. Absent when none was found, or no binding was asked.
   */
  readonly conflict?: { readonly lines: readonly string[]; readonly reason: string } | undefined
  /**
   * Each file's errors on disk, asked before the overlay (`undefined` where they could not be
   * counted completely, or the file has no server); absent when the check asked none. An apply
   * compares against these after writing instead of asking every file again.
   */
  readonly before?: ErrorCounts | undefined
}

/**
 * What an edit would do to the errors of `files` (absolute paths: the files it changes and those
 * that reference what it changes), asked before anything is written: their diagnostics as they are
 * (`diagnostics`), then with the edit in the servers' view only (`overlayDiagnostics`, one query per
 * provider, each overlay the new text of a file the edit changes in place; the provider restores
 * the disk text). Every file is checked, however many: lsp-local keeps each query's documents open
 * until it is answered, past its bound of open documents. Failures are reported, never thrown,
 * unless the call was aborted.
 * For a rename (`binding`), the new name's references are asked in the same overlay, at the
 * renamed cursor, and the definitions at the renamed references (`definitionProbes`), and held
 * against the renamed references (see `nameConflict`).
 * @returns the preview's lines: `Warning: errors 0 → 2 if applied …` and one row per new error
 *   (`path:line:col  error  code  message`, as `diagnostics` shows them) when errors rise, else
 *   `Errors 0 → 0 if applied …`; or `Not checked before writing: …`; the counts on disk; and the
 *   rename's name conflict, if any.
 */
export async function speculativeCheck(context: EditFlowContext, plan: EditPlan, files: readonly string[], root: string, binding?: RenameBinding): Promise<SpeculativeCheck> {
  const inPlace = plan.files.filter((file) => file.before !== null && file.after !== null && file.movedFrom === undefined)
  if (inPlace.length === 0) return { lines: ['Not checked before writing: the edit only creates, deletes or moves files.'] }
  const afterText = new Map(inPlace.map((file) => [file.path, file.after!]))
  const owners = context.ctx.lsp.providers()
  const ownerOf = (file: string): string | undefined => providerOf(owners, file)?.id
  const checked = files.filter((file) => ownerOf(file) !== undefined)
  const readLines = createLineReader(context.workspaceRoot)
  let counted: ErrorCounts | undefined
  let found: readonly LspLocation[] | undefined
  const probed: ProbedDefinition[] = []
  const overlaysOf = new Map<string, LspOverlay[]>()
  try {
    const before = await Promise.all(checked.map((file) => errorsOf(context, file)))
    counted = new Map(files.map((file) => [file, before[checked.indexOf(file)]]))
    const after = new Map<string, readonly LspDiagnostic[] | undefined>()
    const blind = new Set<string>()
    for (const provider of new Set(checked.map(ownerOf))) {
      const overlays: LspOverlay[] = inPlace.filter((file) => ownerOf(file.path) === provider).map((file) => ({ filePath: file.path, text: file.after! }))
      if (provider !== undefined) overlaysOf.set(provider, overlays)
      const asked = checked.filter((file) => ownerOf(file) === provider)
      if (overlays.length === 0) {
        // The edit changes none of this provider's files, so its server sees none of the changes
        // (a .vue file's server reading the .ts module the edit changes from disk): not counted.
        for (const file of asked) blind.add(file)
        continue
      }
      const references = binding !== undefined && ownerOf(binding.at.path) === provider ? { filePath: binding.at.path, position: binding.at.position } : undefined
      const probes = binding === undefined ? [] : definitionProbes(binding).filter((site) => ownerOf(site.path) === provider)
      const definitions = probes.length === 0 ? {} : { definitions: probes.map((site) => ({ filePath: site.path, position: site.position })) }
      const request = { operation: 'overlayDiagnostics', filePath: overlays[0]!.filePath, overlays, files: asked, ...(references === undefined ? {} : { references }), ...definitions, workspaceRoot: context.workspaceRoot } as const
      const result = await untilAborted(context.ctx.lsp.query(request, context.signal), context.signal)
      if (references !== undefined) found = result.references
      for (const [index, site] of probes.entries()) probed.push({ site, found: result.definitions?.[index] ?? [] })
      for (const [index, answer] of result.files.entries()) {
        after.set(asked[index]!, answer.completeness.state === 'complete' ? errorsIn(answer.diagnostics) : undefined)
        // Checked against an edited file as on disk (clangd 14 and an edited header): the server does not see the edit there.
        if (answer.completeness.state === 'partial' && answer.completeness.reason === 'stale') blind.add(asked[index]!)
      }
    }
    const rows: CheckedFile[] = await Promise.all(
      checked.map(async (file, index) => {
        const text = afterText.get(file)
        return { path: file, before: before[index], after: after.get(file), lines: text === undefined ? await readLines(file) : splitLines(text), blind: blind.has(file) }
      }),
    )
    // Each file's lines with the edit, read once.
    const lines = new Map<string, Promise<FileLines | undefined>>(rows.map((row) => [row.path, Promise.resolve(row.lines)]))
    const linesWithEdit = (file: string): Promise<FileLines | undefined> => {
      if (!lines.has(file)) lines.set(file, afterText.has(file) ? Promise.resolve(splitLines(afterText.get(file)!)) : readLines(file))
      return lines.get(file)!
    }
    const everywhere = binding === undefined || found === undefined ? undefined : await nameConflict(binding, found, linesWithEdit, probed)
    // Where the server does not see the edit, its references there are of the old text; a file no
    // server reads (Go assembly, an X-macro's `.def` table a source includes) is in no overlay: none.
    const seen = (site: { readonly path: string }): boolean => !blind.has(site.path) && ownerOf(site.path) !== undefined
    const shadowing = everywhere?.shadowing.filter(seen) ?? []
    // A place that still leads to its own symbol too is not shadowed (a type and a value of one name).
    const confirmed = shadowing.length === 0 ? shadowing : confirmedShadowing(binding!, shadowing, await definitionsWithEdit(context, overlaysOf, ownerOf, shadowing))
    const conflict = everywhere && { captured: everywhere.captured.filter(seen), shadowing: confirmed }
    const unread = files.filter((file) => ownerOf(file) === undefined)
    if (conflict === undefined || !hasConflict(conflict)) return { lines: checkLines(rows, unread, root, binding?.names), before: counted }
    const read = new Map(await Promise.all([...conflict.captured, ...conflict.shadowing].map(async (site) => [site.path, await linesWithEdit(site.path)] as const)))
    const linesOf = (file: string): FileLines | undefined => read.get(file)
    const roots = [root, context.workspaceRoot] as const
    return { lines: checkLines(rows, unread, root, binding?.names), before: counted, conflict: { lines: conflictLines(conflict, binding!, linesOf, roots), reason: conflictReason(conflict, binding!, linesOf, root) } }
  } catch (error) {
    if (context.signal.aborted) throw error
    return { lines: [`Not checked before writing: ${oneLine(error instanceof Error ? error.message : String(error))}.`], before: counted }
  }
}

/** The errors of `file` as it is on disk, or `undefined` when its diagnostics are not complete or fail. */
async function errorsOf(context: EditFlowContext, file: string): Promise<readonly LspDiagnostic[] | undefined> {
  try {
    const request = { operation: 'diagnostics', filePath: file, workspaceRoot: context.workspaceRoot } as const
    const result = await untilAborted(context.ctx.lsp.query(request, context.signal), context.signal)
    return result.completeness.state === 'complete' ? errorsIn(result.diagnostics) : undefined
  } catch (error) {
    if (context.signal.aborted) throw error
    return undefined
  }
}

function errorsIn(diagnostics: readonly LspDiagnostic[]): LspDiagnostic[] {
  return diagnostics.filter((diagnostic) => diagnostic.severity === 'Error')
}

/** The preview's lines for the checked files (see {@link speculativeCheck}), and the files no server reads (`unread`). */
function checkLines(rows: readonly CheckedFile[], unread: readonly string[], root: string, renamed: RenameBinding['names'] | undefined): string[] {
  const display = (file: string): string => path.relative(root, file).split(path.sep).join('/')
  const counted = rows.filter((row): row is CheckedFile & { before: readonly LspDiagnostic[]; after: readonly LspDiagnostic[] } => row.before !== undefined && row.after !== undefined)
  const unchecked = rows.filter((row) => !row.blind && (row.before === undefined || row.after === undefined)).map((row) => display(row.path))
  const blind = rows.filter((row) => row.blind).map((row) => display(row.path))
  const tail =
    (unchecked.length > 0 ? ` Not checked (no complete diagnostics): ${unchecked.join(', ')}.` : '') +
    (blind.length > 0 ? ` Not checked (their server does not see the edit): ${blind.join(', ')}.` : '') +
    (unread.length > 0 ? ` Not checked (no server reads ${unread.length === 1 ? 'it' : 'them'}): ${unread.map(display).join(', ')}.` : '')
  if (counted.length === 0) return [`Not checked before writing: no complete diagnostics for the ${rows.length === 1 ? 'file' : `${rows.length} files`} the edit touches.${tail}`]
  const was = counted.reduce((sum, row) => sum + row.before.length, 0)
  const now = counted.reduce((sum, row) => sum + row.after.length, 0)
  const where = `in the ${counted.length} checked ${counted.length === 1 ? 'file' : 'files'}`
  const fresh = counted.flatMap((row) => newErrors(row.before, row.after, renamed).map((diagnostic) => `${display(row.path)}:${diagnosticRow(diagnostic, row.lines)}`))
  if (fresh.length === 0) return [`Errors ${was} → ${now} if applied (${where}).${tail}`]
  const more = fresh.length > MAX_NEW_ERRORS ? [`… ${fresh.length - MAX_NEW_ERRORS} more`] : []
  const count = `${fresh.length} new ${fresh.length === 1 ? 'error' : 'errors'}`
  // What was not checked follows the new errors' list, not between the count and its rows.
  return [`Warning: errors ${was} → ${now} if applied (${where}), ${count}:`, ...fresh.slice(0, MAX_NEW_ERRORS).map((row) => `  ${row}`), ...more, ...(tail === '' ? [] : [tail.trimStart()])]
}

/**
 * The errors of `after` that `before` does not have: each error on disk is matched to one with the
 * edit of the same code and message (for a rename, `renamed`'s old and new name read the same), at
 * the same place if there is one (an edit moves the lines below it), and what is left unmatched is
 * new. In document order.
 */
export function newErrors(before: readonly LspDiagnostic[], after: readonly LspDiagnostic[], renamed?: RenameBinding['names']): LspDiagnostic[] {
  // A rename renames the symbol in the messages that name it too (`… on type 'Bar'` → `'Baz'`).
  const names = renamed === undefined ? [] : [wordRegExp(renamed.old, 'g'), wordRegExp(renamed.new, 'g')]
  const message = (text: string): string => names.reduce((folded, name) => folded.replace(name, '\u0001'), text)
  const key = (diagnostic: LspDiagnostic): string => `${String(diagnostic.code)}\u0000${message(diagnostic.message)}`
  const at = (position: LspPosition): string => `${position.line}:${position.character}`
  const left = new Set(after)
  for (const old of before) {
    const candidates = [...left].filter((diagnostic) => key(diagnostic) === key(old))
    const match = candidates.find((diagnostic) => at(diagnostic.range.start) === at(old.range.start)) ?? candidates[0]
    if (match !== undefined) left.delete(match)
  }
  return [...left].sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character)
}

/** The files referencing a symbol, and a line when they may not be all of them. */
export interface ReferencingFiles {
  readonly files: string[]
  /** The references the files come from (the server's and the cross-check's). */
  readonly locations: readonly LspLocation[]
  /** `The references of f may be incomplete (reason): …` or `… could not be asked (…)`; absent when complete. */
  readonly note?: string
}

/**
 * The files that reference the symbol `name` declared at `at` (its `findReferences`, cross-checked
 * when `ctx.lsp` is, and the places it could not resolve), for a symbol edit's check, and a note
 * when the answer was partial or failed (the check then misses files). Throws only when the call
 * was aborted.
 */
export async function referencingFiles(context: EditFlowContext, at: { readonly absolutePath: string; readonly position: LspPosition; readonly name: string }): Promise<ReferencingFiles> {
  try {
    const request = { operation: 'findReferences', filePath: at.absolutePath, position: at.position, workspaceRoot: context.workspaceRoot } as const
    const result = await untilAborted(context.ctx.lsp.query(request, context.signal), context.signal)
    const places = [...result.locations, ...(result.crossCheck?.candidates ?? []).map((candidate) => candidate.location)]
    const files = places.map((location) => URI.parse(location.uri)).filter((uri) => uri.scheme === 'file').map((uri) => uri.fsPath)
    const { completeness } = result
    if (completeness.state === 'complete') return { files, locations: places }
    return { files, locations: places, note: `The references of ${at.name} may be incomplete (${completeness.reason}): ${oneLine(completeness.message)}; a file they miss is not checked.` }
  } catch (error) {
    if (context.signal.aborted) throw error
    return { files: [], locations: [], note: `The references of ${at.name} could not be asked (${oneLine(error instanceof Error ? error.message : String(error))}); the files that reference it are not checked.` }
  }
}
