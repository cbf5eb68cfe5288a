import type { LspRange } from '@agent-lsp/lsp'
import { LspToolError } from '../errors.js'
import { codePointLength } from '../text/columns.js'
import { cursorAt, locateCursor, openWorkspaceFile, type Cursor, type OpenedFile } from './cursor.js'
import { pathForMessage } from './message-path.js'
import type { QueryFiles } from './query-files.js'

/** A range of one file from two 1-based code-point places, converted for the seam. */
export interface Selection {
  readonly start: Cursor
  readonly end: Cursor
  /** Zero-based lines, UTF-16 characters; `end` exclusive. */
  readonly range: LspRange
}

/** 1-based line, code-point column. */
type Place = { readonly line: number; readonly character: number }

/**
 * Locate the range from `start` to `end` (exclusive; absent: the start alone) in `filePath`:
 * codeActions' selection, and `edit`'s range (`noun: 'range'`, whose places past the end are bad
 * input: the message names the line's or the file's last place, so the next call can use it).
 * @throws LspToolError `LSP_INVALID_INPUT` (ends before it starts; for a range, a place past the
 *   end of its line or of the file), `LSP_INVALID_POSITION` (a selection's place past the end),
 *   and `openWorkspaceFile`'s codes.
 */
export async function locateSelection(filePath: string, start: Place, end: Place | undefined, files: QueryFiles, noun: 'selection' | 'range' = 'selection'): Promise<Selection> {
  let file: OpenedFile | undefined
  if (noun === 'range') {
    const opened = (file = await openWorkspaceFile(filePath, files))
    // A range may reach the file's very end: after a final line break, the start of the line
    // after the last (an editor's last, empty line), which a cursor never is.
    const endLine = opened.lines.length
    const fileEnd = `${endLine}:${codePointLength(opened.lines[endLine - 1] ?? '') + 1}`
    for (const [which, place] of [['start', start], ['end', end ?? start]] as const) {
      const at = `the range's ${which} ${place.line}:${place.character}`
      const shownPath = pathForMessage(opened.displayPath)
      const length = codePointLength(opened.lines[place.line - 1] ?? '')
      if (place.line > endLine || (place.line > opened.lineCount && place.character > length + 1)) {
        throw new LspToolError('LSP_INVALID_INPUT', `${at} is past the end of ${shownPath} (${opened.lineCount} ${opened.lineCount === 1 ? 'line' : 'lines'}), which ends at ${fileEnd}`)
      }
      if (place.character > length + 1) {
        throw new LspToolError('LSP_INVALID_INPUT', `${at} is past the end of line ${place.line} of ${shownPath}, which ends at ${place.line}:${length + 1}`)
      }
    }
  }
  const locate = (place: Place): Promise<Cursor> =>
    file !== undefined && place.line > file.lineCount ? Promise.resolve(cursorAt(file, { line: place.line - 1, character: 0 }, undefined)) : locateCursor(filePath, place.line, place.character, files)
  const cursor = await locate(start)
  const last = end === undefined ? cursor : await locate(end)
  const range = { start: cursor.position, end: last.position }
  const backwards = range.end.line < range.start.line || (range.end.line === range.start.line && range.end.character < range.start.character)
  if (backwards) throw new LspToolError('LSP_INVALID_INPUT', `the ${noun} ends (${last.label}) before it starts (${cursor.label})`)
  return { start: cursor, end: last, range }
}
