import { createHash } from 'node:crypto'
import path from 'node:path'
import { compareCodeUnits, LspError, type LspPosition, type LspRange, type LspTextEdit, type LspWorkspaceEdit } from '@agent-lsp/lsp'
import { lineEnd, lineStarts } from '@agent-lsp/text-lines'
import { URI } from 'vscode-uri'
import { NotRegularFileError, NotTextError, readRegularFile } from '../input/regular-file.js'
import { onRealFiles } from './real-files.js'
import { assertUndisputedLines } from './disputed-lines.js'

/**
 * One file as a workspace edit leaves it: its content `before` and `after` (`null`: the file does
 * not exist on that side: created, or deleted / moved away), and its display path.
 */
export interface FileChange {
  /** Absolute path. */
  readonly path: string
  /** Relative to the workspace root, forward slashes. */
  readonly displayPath: string
  readonly before: string | null
  readonly after: string | null
  /** sha256 of `before` (`null` when it did not exist): what apply checks the disk against. */
  readonly baseHash: string | null
  /** Where a moved file came from (display path), for the diff header. */
  readonly movedFrom?: string
}

/** A workspace edit worked out on the files' current contents, nothing written. */
export interface EditPlan {
  /** Every file the edit touches, sorted by path. */
  readonly files: readonly FileChange[]
  /** Text edits applied, for the answer's count. */
  readonly editCount: number
  /**
   * Where each inserted `marker` lands in the new contents (zero-based UTF-16), per file, with the
   * range of the old contents its edit replaced: the renamed name's sites, for verification.
   * Empty without a marker.
   */
  readonly sites: readonly RenamedSite[]
  /** sha256 over every file's path and resulting content: two plans with one digest write the same. */
  readonly digest: string
}

/** Where an inserted marker (the new name) lands, and the old range its edit replaced. */
export interface RenamedSite {
  readonly path: string
  readonly position: LspPosition
  readonly replaced: LspRange
}

/** sha256 of a text, hex. */
export function hashText(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

/**
 * Work out what `edit` does to the files (LSP 3.17 §WorkspaceEdit, steps in order), reading each
 * file once. Text edits of one step refer to the content before that step. A text edit goes to the
 * file its path reaches through symlinks (see `onRealFiles`): a link is written through, never
 * replaced.
 * @param marker - text whose occurrences in inserted text are recorded as `sites` (the new name).
 * @throws LspError `LSP_OUTSIDE_WORKSPACE` (a file outside `workspaceRoot`, or not `file:`),
 *   `LSP_FILE_NOT_FOUND` (an edit of a missing file), `LSP_NOT_TEXT` (an edit of a file that is
 *   not UTF-8 text, see `readRegularFile`), LspToolError `LSP_EDIT_LINE_BREAKS` (a text edit of a
 *   file whose line breaks servers count otherwise, see `assertUndisputedLines`), `LSP_UNSUPPORTED_OPERATION` (editing or deleting a
 *   directory, editing a FIFO or device), `LSP_MALFORMED_RESPONSE` (an edit past the end of its file, a create over an
 *   existing file without `overwrite`/`ignoreIfExists`).
 */
export async function planEdit(edit: LspWorkspaceEdit, workspaceRoot: string, marker?: string): Promise<EditPlan> {
  const state = new Map<string, { before: string | null; after: string | null; movedFrom?: string }>()
  const pathOf = (uri: string): string => {
    const parsed = URI.parse(uri)
    const file = parsed.scheme === 'file' ? parsed.fsPath : undefined
    const inside = file !== undefined && !path.relative(workspaceRoot, file).startsWith('..') && !path.isAbsolute(path.relative(workspaceRoot, file))
    if (!inside) throw new LspError('LSP_OUTSIDE_WORKSPACE', `the edit changes ${uri}, outside the workspace ${workspaceRoot}; nothing was changed`)
    return file
  }
  const rel = (file: string): string => path.relative(workspaceRoot, file).split(path.sep).join('/')
  const entry = async (file: string) => {
    let current = state.get(file)
    if (!current) {
      // Read as the tool reads what it shows: a FIFO is never opened, and a file that is not UTF-8 text (a Latin-1 byte
      // included: decoded, it is U+FFFD) is never rewritten as if it were.
      const before = await readRegularFile(file, { toEdit: true }).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        if (error instanceof NotRegularFileError) {
          if (error.isDirectory) throw new LspError('LSP_UNSUPPORTED_OPERATION', `the edit changes the directory ${file}; only files are edited`)
          throw new LspError('LSP_UNSUPPORTED_OPERATION', `the edit changes ${rel(file)}, which is not a regular file; nothing was changed`)
        }
        if (error instanceof NotTextError) {
          throw new LspError('LSP_NOT_TEXT', `the edit changes ${rel(file)}, which is not a text file: ${error.why}; nothing was changed`)
        }
        throw error
      })
      current = { before, after: before }
      state.set(file, current)
    }
    return current
  }
  let editCount = 0
  const sites: RenamedSite[] = []
  for (const change of onRealFiles(edit.changes)) {
    switch (change.kind) {
      case 'edit': {
        const file = pathOf(change.uri)
        const current = await entry(file)
        if (current.after === null) throw new LspError('LSP_FILE_NOT_FOUND', `the edit changes ${rel(file)}, which does not exist`)
        if (current.before !== null) assertUndisputedLines(current.before, rel(file))
        const applied = applyTextEdits(current.after, change.edits, rel(file), marker)
        current.after = applied.text
        editCount += change.edits.length
        sites.push(...applied.sites.map((site) => ({ path: file, ...site })))
        break
      }
      case 'create': {
        const current = await entry(pathOf(change.uri))
        if (current.after !== null && !change.overwrite) {
          if (change.ignoreIfExists) break
          throw new LspError('LSP_MALFORMED_RESPONSE', `the edit creates ${rel(pathOf(change.uri))}, which exists`)
        }
        current.after = ''
        break
      }
      case 'rename': {
        const from = await entry(pathOf(change.oldUri))
        const to = await entry(pathOf(change.newUri))
        if (from.after === null) throw new LspError('LSP_FILE_NOT_FOUND', `the edit moves ${rel(pathOf(change.oldUri))}, which does not exist`)
        if (to.after !== null && !change.overwrite) {
          if (change.ignoreIfExists) break
          throw new LspError('LSP_MALFORMED_RESPONSE', `the edit moves a file onto ${rel(pathOf(change.newUri))}, which exists`)
        }
        to.after = from.after
        to.movedFrom = rel(pathOf(change.oldUri))
        from.after = null
        break
      }
      case 'delete': {
        const current = await entry(pathOf(change.uri))
        if (current.after === null && !change.ignoreIfNotExists) {
          throw new LspError('LSP_FILE_NOT_FOUND', `the edit deletes ${rel(pathOf(change.uri))}, which does not exist`)
        }
        current.after = null
        break
      }
    }
  }
  const files = [...state.entries()]
    .filter(([, { before, after }]) => before !== after)
    .sort(([a], [b]) => compareCodeUnits(a, b))
    .map(([file, { before, after, movedFrom }]): FileChange => ({
      path: file,
      displayPath: rel(file),
      before,
      after,
      baseHash: before === null ? null : hashText(before),
      ...(movedFrom === undefined ? {} : { movedFrom }),
    }))
  const digest = createHash('sha256')
  for (const file of files) digest.update(`${file.path}\0${file.after ?? '\0deleted'}\0`)
  return { files, editCount, sites, digest: digest.digest('hex') }
}

/**
 * Apply non-overlapping text edits (sorted by start) to `text`; positions are zero-based UTF-16
 * on LSP lines (`\r\n`, `\n`, `\r`), after a leading byte order mark (kept). Also returns where each
 * `marker` in inserted text lands.
 */
export function applyTextEdits(
  text: string,
  edits: readonly LspTextEdit[],
  displayPath: string,
  marker?: string,
): { text: string; sites: { position: LspPosition; replaced: LspRange }[] } {
  // A leading byte order mark is not text the positions count (docs/lsp.md, "Coordinates"): kept.
  if (text.startsWith('\ufeff')) {
    const applied = applyTextEdits(text.slice(1), edits, displayPath, marker)
    return { ...applied, text: `\ufeff${applied.text}` }
  }
  const starts = lineStarts(text)
  const offsetOf = (position: LspPosition): number => {
    const start = starts[position.line]
    if (start === undefined) throw new LspError('LSP_MALFORMED_RESPONSE', `the edit reaches line ${position.line + 1} of ${displayPath}, past its end`)
    return start + Math.min(position.character, lineEnd(text, starts, position.line) - start)
  }
  let result = ''
  let cursor = 0
  const markerOffsets: { offset: number; replaced: LspRange }[] = []
  for (const edit of edits) {
    const from = offsetOf(edit.range.start)
    const to = offsetOf(edit.range.end)
    result += text.slice(cursor, from)
    const at = marker === undefined ? -1 : edit.newText.indexOf(marker)
    if (at >= 0) markerOffsets.push({ offset: result.length + at, replaced: edit.range })
    result += edit.newText
    cursor = Math.max(cursor, to)
  }
  result += text.slice(cursor)
  const newStarts = lineStarts(result)
  const sites = markerOffsets.map(({ offset, replaced }) => {
    let line = 0
    while (line + 1 < newStarts.length && newStarts[line + 1]! <= offset) line++
    return { position: { line, character: offset - newStarts[line]! }, replaced }
  })
  return { text: result, sites }
}
