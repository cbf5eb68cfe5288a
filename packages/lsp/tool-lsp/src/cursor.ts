import { readFile, realpath } from 'node:fs/promises'
import path from 'node:path'
import type { LspPosition } from '@agent-lsp/lsp'
import { codePointColumnToUtf16, codePointLength } from './columns.js'
import { LspToolError } from './errors.js'
import type { LspToolInput } from './input.js'
import { splitLines, visibleLineCount } from './lines.js'
import { relativeInside } from './workspace-path.js'
import { wordAt } from './word.js'

/** A model's 1-based, code-point cursor, checked against the file and converted for the seam. */
export interface Cursor {
  /** The file, resolved against the workspace root. */
  readonly absolutePath: string
  /** The file relative to the workspace root, forward slashes, for messages. */
  readonly displayPath: string
  /** Zero-based line, zero-based UTF-16 character. */
  readonly position: LspPosition
  /** The identifier at the cursor, if any (see {@link wordAt}). */
  readonly word: string | undefined
  /** `path:line:character` as the model gave it, for messages. */
  readonly label: string
}

/**
 * Resolve `input.filePath` inside `workspaceRoot`, read it, and convert the cursor.
 * @throws LspToolError `LSP_OUTSIDE_WORKSPACE`, `LSP_FILE_NOT_FOUND`, `LSP_INVALID_POSITION`.
 */
export async function locateCursor(input: LspToolInput, workspaceRoot: string): Promise<Cursor> {
  const absolutePath = path.resolve(workspaceRoot, input.filePath)
  // A symlinked root is also reachable through its real path, which is what providers report.
  const displayPath =
    relativeInside(workspaceRoot, absolutePath) ??
    relativeInside(await realpath(workspaceRoot).catch(() => workspaceRoot), absolutePath)
  if (displayPath === undefined) {
    throw new LspToolError(
      'LSP_OUTSIDE_WORKSPACE',
      `${input.filePath} resolves to ${absolutePath}, outside the workspace root ${workspaceRoot}; give a path inside it`,
    )
  }
  const text = await readText(input.filePath, absolutePath)
  const lines = splitLines(text)
  const lineCount = visibleLineCount(text)
  const lineText = lines[input.line - 1]
  if (input.line > lineCount || lineText === undefined) {
    throw new LspToolError(
      'LSP_INVALID_POSITION',
      `line ${input.line} is past the end of ${displayPath} (${lineCount} ${lineCount === 1 ? 'line' : 'lines'})`,
    )
  }
  const length = codePointLength(lineText)
  if (input.character > length + 1) {
    throw new LspToolError(
      'LSP_INVALID_POSITION',
      `character ${input.character} is past the end of line ${input.line} of ${displayPath} ` +
        `(${length} code points; ${length + 1} is the end of the line)`,
    )
  }
  return {
    absolutePath,
    displayPath,
    position: { line: input.line - 1, character: codePointColumnToUtf16(lineText, input.character) },
    word: wordAt(lineText, input.character),
    label: `${displayPath}:${input.line}:${input.character}`,
  }
}

async function readText(given: string, absolutePath: string): Promise<string> {
  try {
    return await readFile(absolutePath, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw new LspToolError('LSP_FILE_NOT_FOUND', `file not found: ${given} (resolved to ${absolutePath})`, { cause: error })
    }
    if (code === 'EISDIR') {
      throw new LspToolError('LSP_FILE_NOT_FOUND', `${given} is a directory, not a file (resolved to ${absolutePath})`, {
        cause: error,
      })
    }
    throw error
  }
}
