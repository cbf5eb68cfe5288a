import path from 'node:path'
import { languageOfExtension } from '@agent-lsp/keywords'
import type { LspPosition } from '@agent-lsp/lsp'
import { codePointColumnToUtf16, codePointLength, utf16ToCodePointColumn } from '../text/columns.js'
import { LspToolError } from '../errors.js'
import { fileReadError } from './file-errors.js'
import { splitLines, visibleLineCount } from '@agent-lsp/text-lines'
import { relativeInside } from '@agent-lsp/wording'
import { pathForMessage } from './message-path.js'
import type { QueryFiles } from './query-files.js'
import { readRegularFile } from './regular-file.js'
import { resolveWorkspaceFile } from './workspace-file.js'
import { symbolWordAt } from '../text/word.js'

/** A file a model named, placed in the workspace and read. */
export interface OpenedFile {
  /** The file, resolved against the workspace root (symlinks kept): what is sent. */
  readonly absolutePath: string
  /** The file relative to the workspace root, forward slashes, for messages. */
  readonly displayPath: string
  /** Its LSP lines (see `splitLines`). */
  readonly lines: readonly string[]
  /** How many lines a reader sees (see `visibleLineCount`). */
  readonly lineCount: number
}

/** A model's 1-based, code-point cursor, checked against the file and converted for the seam. */
export interface Cursor {
  /** The file, resolved against the workspace root (symlinks kept). */
  readonly absolutePath: string
  /** The file relative to the workspace root, forward slashes, for messages. */
  readonly displayPath: string
  /** Zero-based line, zero-based UTF-16 character. */
  readonly position: LspPosition
  /** The identifier at the cursor, if any and not a keyword (see {@link symbolWordAt}). */
  readonly word: string | undefined
  /** `path:line:character` as the model gave it (or as a symbol resolved), 1-based, for messages. */
  readonly label: string
}

/**
 * Resolve `filePath` inside `workspaceRoot` (see `resolveWorkspaceFile`) and read it if it is a
 * regular file, through the query's `files` (kept texts reused while unchanged).
 * @throws LspToolError `LSP_OUTSIDE_WORKSPACE`, `LSP_FILE_NOT_FOUND` (missing, a directory, not a
 *   regular file, or unreadable: see `fileReadError`), `LSP_NOT_TEXT`.
 */
export async function openWorkspaceFile(filePath: string, files: QueryFiles): Promise<OpenedFile> {
  const { workspaceRoot } = files
  const absolutePath = path.resolve(workspaceRoot, filePath)
  const placed = await files.placed(absolutePath).catch(() => undefined)
  if (placed?.insideAs !== undefined) {
    const { lines, lineCount } = placed.text
    return { absolutePath, displayPath: relativeInside(workspaceRoot, absolutePath) ?? placed.insideAs, lines, lineCount }
  }
  // Outside, or not readable: the checks below, in their order, say which and how.
  const resolved = await resolveWorkspaceFile(filePath, workspaceRoot)
  const text = await readRegularFile(resolved.absolutePath).catch((error: unknown) => {
    throw fileReadError(error, filePath, resolved.absolutePath) ?? error
  })
  const lines = splitLines(text)
  return { absolutePath: resolved.absolutePath, displayPath: resolved.displayPath, lines, lineCount: visibleLineCount(lines) }
}

/**
 * Open `filePath` (see {@link openWorkspaceFile}) and convert the 1-based code-point cursor.
 * @throws LspToolError `LSP_OUTSIDE_WORKSPACE`, `LSP_FILE_NOT_FOUND`, `LSP_INVALID_POSITION`.
 */
export async function locateCursor(filePath: string, line: number, character: number, files: QueryFiles): Promise<Cursor> {
  const file = await openWorkspaceFile(filePath, files)
  const { lines, lineCount, displayPath } = file
  const lineText = lines[line - 1]
  const shownPath = pathForMessage(displayPath)
  if (line > lineCount || lineText === undefined) {
    throw new LspToolError(
      'LSP_INVALID_POSITION',
      `line ${line} is past the end of ${shownPath} (${lineCount} ${lineCount === 1 ? 'line' : 'lines'})`,
    )
  }
  const length = codePointLength(lineText)
  if (character > length + 1) {
    throw new LspToolError(
      'LSP_INVALID_POSITION',
      `character ${character} is past the end of line ${line} of ${shownPath} ` +
        `(${length} code points; ${length + 1} is the end of the line)`,
    )
  }
  return {
    absolutePath: file.absolutePath,
    displayPath,
    position: { line: line - 1, character: codePointColumnToUtf16(lineText, character) },
    word: symbolWordAt(lineText, character, languageOfExtension(path.extname(file.absolutePath).toLowerCase())),
    label: `${displayPath}:${line}:${character}`,
  }
}

/** The cursor at a zero-based UTF-16 `position` of an opened file (a resolved symbol's name). */
export function cursorAt(file: OpenedFile, position: LspPosition, word: string | undefined): Cursor {
  const lineText = file.lines[position.line] ?? ''
  const column = utf16ToCodePointColumn(lineText, position.character)
  return {
    absolutePath: file.absolutePath,
    displayPath: file.displayPath,
    position,
    word,
    label: `${file.displayPath}:${position.line + 1}:${column}`,
  }
}
