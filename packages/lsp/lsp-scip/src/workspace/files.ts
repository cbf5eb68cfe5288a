import { realpath, readFile, stat } from 'node:fs/promises'
import { isAbsolute, relative, resolve, sep } from 'node:path'
import { URI } from 'vscode-uri'
import { LspError, type LspPosition } from '@agent-lsp/lsp'
import { splitLines } from '@agent-lsp/text-lines'

/** The canonical `file:` URI of an absolute path (`vscode-uri`'s spelling, as lsp-local's). */
export function fileUri(path: string): string {
  return URI.file(path).toString()
}

/** Whether `path` is `root` or below it (both absolute and resolved). */
export function isInside(path: string, root: string): boolean {
  const rel = relative(root, path)
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel))
}

/** `path`'s realpath, or `undefined` when it does not exist. */
async function real(path: string): Promise<string | undefined> {
  try {
    return await realpath(path)
  } catch {
    return undefined
  }
}

/**
 * The realpath of a workspace root (the seam's `resolvedWorkspaceRoot`).
 * @throws LspError `LSP_FILE_NOT_FOUND` when it does not exist or is not a directory.
 */
export async function resolveRoot(workspaceRoot: string): Promise<string> {
  const root = await real(resolve(workspaceRoot))
  if (root === undefined || !(await stat(root)).isDirectory()) {
    throw new LspError('LSP_FILE_NOT_FOUND', `workspace root ${workspaceRoot} does not exist or is not a directory`)
  }
  return root
}

/**
 * The realpath of `filePath` (absolute, or relative to `workspaceRoot`): a file inside `root` once
 * symlinks are followed.
 * @throws LspError `LSP_FILE_NOT_FOUND` (missing, or a directory), `LSP_OUTSIDE_WORKSPACE`.
 */
export async function resolveFile(filePath: string, workspaceRoot: string, root: string): Promise<string> {
  const requested = resolve(workspaceRoot, filePath)
  const path = await real(requested)
  if (path === undefined) throw new LspError('LSP_FILE_NOT_FOUND', `file not found: ${filePath} (looked for ${requested})`)
  if (!isInside(path, root)) throw new LspError('LSP_OUTSIDE_WORKSPACE', `${filePath} resolves to ${path}, outside the workspace ${root}`)
  if (!(await stat(path)).isFile()) throw new LspError('LSP_FILE_NOT_FOUND', `${filePath} is not a file`)
  return path
}

/** The lines of a text as LSP splits them (`\n`, `\r\n`, `\r`), a leading byte order mark left out. */
export function linesOf(text: string): string[] {
  return splitLines(text.startsWith('\uFEFF') ? text.slice(1) : text)
}

/**
 * A file's text, decoded as UTF-8.
 * @throws LspError `LSP_NOT_TEXT` for a file with a NUL byte or a UTF-16 byte order mark.
 */
export async function readText(path: string): Promise<string> {
  const bytes = await readFile(path)
  const utf16 = bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
  if (utf16 || bytes.includes(0)) throw new LspError('LSP_NOT_TEXT', `${path} is not UTF-8 text (a NUL byte or a UTF-16 byte order mark)`)
  return bytes.toString('utf8')
}

/**
 * Check a position against a file's lines (characters in UTF-16 code units; a line's end is valid).
 * @throws LspError `LSP_INVALID_POSITION` past the last line or the line's end.
 */
export function checkPosition(lines: readonly string[], position: LspPosition, filePath: string): void {
  const line = lines[position.line]
  if (line === undefined) throw new LspError('LSP_INVALID_POSITION', `line ${position.line} is past the end of ${filePath} (${lines.length} lines, zero-based)`)
  if (position.character > line.length) {
    throw new LspError('LSP_INVALID_POSITION', `character ${position.character} is past the end of line ${position.line} of ${filePath} (${line.length} UTF-16 code units)`)
  }
}
