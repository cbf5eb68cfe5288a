import { LspToolError } from '../errors.js'
import { pathForMessage } from './message-path.js'
import { NotRegularFileError, NotTextError } from './regular-file.js'

/** Why a file cannot be read, by `fs` error code, as the end of `cannot read <path>: …`. */
const reasons: Readonly<Record<string, string>> = {
  ELOOP: 'too many symbolic links',
  ENAMETOOLONG: 'name too long',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOTDIR: 'part of the path is not a directory',
  ERR_FS_FILE_TOO_LARGE: 'file too large',
  ERR_STRING_TOO_LONG: 'file too large',
}

// A cursor written into the path, `src/a.ts:12` or `src/a.ts:12:5`, as many tools print positions.
const cursorSuffix = /:\d+(?::\d+)?$/

/**
 * The error for a failure to read the file a model asked about: `LSP_NOT_TEXT` for a file that is
 * not UTF-8 text (binary, or UTF-16; see `NotTextError`), else `LSP_FILE_NOT_FOUND`: missing, a
 * directory, not a regular file (see `readRegularFile`), or one of the `fs` codes above.
 * Paths are shown with `pathForMessage`; the resolved path only where it differs from the given
 * one. A missing path that ends in `:line[:col]` or is a `file:` URI says how to ask instead.
 * @param given - the path as the model gave it; `absolutePath` - as resolved.
 * @returns the error, or `undefined` for any other failure (the caller rethrows it).
 */
export function fileReadError(error: unknown, given: string, absolutePath: string): LspToolError | undefined {
  const shownGiven = pathForMessage(given)
  const resolved = absolutePath === given ? '' : ` (resolved to ${pathForMessage(absolutePath)})`
  const make = (message: string) => new LspToolError('LSP_FILE_NOT_FOUND', message, { cause: error })
  if (error instanceof NotRegularFileError) {
    return make(error.isDirectory ? `${shownGiven} is a directory, not a file${resolved}` : `${shownGiven} is not a regular file${resolved}`)
  }
  if (error instanceof NotTextError) {
    return new LspToolError('LSP_NOT_TEXT', `${shownGiven} is not a text file: ${error.why}${resolved}`, { cause: error })
  }
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code !== 'string') return undefined
  if (code === 'ENOENT') return make(`file not found: ${shownGiven}${resolved}${missingHint(given)}`)
  if (code === 'EISDIR') return make(`${shownGiven} is a directory, not a file${resolved}`)
  const reason = Object.hasOwn(reasons, code) ? reasons[code] : undefined
  return reason === undefined ? undefined : make(`cannot read ${shownGiven}: ${reason}`)
}

/** How to ask for a missing path that is not meant as a path. */
function missingHint(given: string): string {
  if (/^file:/i.test(given)) return '; give a path (relative to the workspace root, or absolute), not a file: URI'
  if (cursorSuffix.test(given)) return '; give the line and character as their own fields, not in filePath'
  return ''
}
