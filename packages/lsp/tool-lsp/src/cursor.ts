import type { LspPosition } from '@agent-lsp/lsp'
import { codePointColumnToUtf16, codePointLength } from './columns.js'
import { LspToolError } from './errors.js'
import { fileReadError } from './file-errors.js'
import type { LspToolInput } from './input.js'
import { splitLines, visibleLineCount } from './lines.js'
import { pathForMessage } from './message-path.js'
import { readRegularFile } from './regular-file.js'
import { resolveWorkspaceFile } from './workspace-file.js'
import { symbolWordAt } from './word.js'

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
  /** `path:line:character` as the model gave it, for messages. */
  readonly label: string
}

/**
 * Resolve `input.filePath` inside `workspaceRoot` (see `resolveWorkspaceFile`), read it if it is
 * a regular file, and convert the cursor.
 * @throws LspToolError `LSP_OUTSIDE_WORKSPACE`, `LSP_FILE_NOT_FOUND` (missing, a directory, not a
 *   regular file, or unreadable: see `fileReadError`), `LSP_INVALID_POSITION`.
 */
export async function locateCursor(input: LspToolInput, workspaceRoot: string): Promise<Cursor> {
  const { absolutePath, displayPath } = await resolveWorkspaceFile(input.filePath, workspaceRoot)
  const text = await readRegularFile(absolutePath).catch((error: unknown) => {
    throw fileReadError(error, input.filePath, absolutePath) ?? error
  })
  const lines = splitLines(text)
  const lineCount = visibleLineCount(text)
  const lineText = lines[input.line - 1]
  const shownPath = pathForMessage(displayPath)
  if (input.line > lineCount || lineText === undefined) {
    throw new LspToolError(
      'LSP_INVALID_POSITION',
      `line ${input.line} is past the end of ${shownPath} (${lineCount} ${lineCount === 1 ? 'line' : 'lines'})`,
    )
  }
  const length = codePointLength(lineText)
  if (input.character > length + 1) {
    throw new LspToolError(
      'LSP_INVALID_POSITION',
      `character ${input.character} is past the end of line ${input.line} of ${shownPath} ` +
        `(${length} code points; ${length + 1} is the end of the line)`,
    )
  }
  return {
    absolutePath,
    displayPath,
    position: { line: input.line - 1, character: codePointColumnToUtf16(lineText, input.character) },
    word: symbolWordAt(lineText, input.character),
    label: `${displayPath}:${input.line}:${input.character}`,
  }
}
