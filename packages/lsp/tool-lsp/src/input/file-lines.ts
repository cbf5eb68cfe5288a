import { createQueryFiles, type QueryFiles } from './query-files.js'
import { NotRegularFileError, NotTextError } from './regular-file.js'

/** Reads files as LSP lines, once each per answer. */
export interface LineReader {
  (absolutePath: string): Promise<readonly string[] | undefined>
  /**
   * Why `absolutePath` yielded no lines, for rows that show none: `no such file: deleted since the
   * server answered`, `not read: its real path is outside the workspace`, … Absent: not said.
   */
  readonly whyUnread?: (absolutePath: string) => Promise<string>
}

/**
 * A reader for the files an answer shows, over the files of one query (see `createQueryFiles`;
 * a workspace root alone gets files of its own, none kept across calls). A file that cannot be
 * read (deleted since the server answered, no permission, or not a regular file: a FIFO would
 * block, a device never end; see `readRegularFile`) yields `undefined`: its rows lose the column
 * and code, not the answer, and say why (`whyUnread`). So does a file whose real path lies outside
 * the root's real path (a symlink inside the workspace leading out): nothing outside the
 * workspace is read into an answer. `rootName` names the root in that reason.
 */
export function createLineReader(files: QueryFiles | string, rootName = 'the workspace'): LineReader {
  const query = typeof files === 'string' ? createQueryFiles(files) : files
  const read = (absolutePath: string): Promise<readonly string[] | undefined> =>
    query.placed(absolutePath).then(
      (placed) => (placed.insideAs === undefined ? undefined : placed.text.lines),
      () => undefined,
    )
  const whyUnread = (absolutePath: string): Promise<string> =>
    query.placed(absolutePath).then((placed) => (placed.insideAs === undefined ? `not read: its real path is outside ${rootName}` : 'cannot be read'), unreadReason)
  return Object.assign(read, { whyUnread })
}

/** What a failed read means to the model, in a few words. */
function unreadReason(error: unknown): string {
  if (error instanceof NotTextError) return 'not UTF-8 text: its code is not shown'
  if (error instanceof NotRegularFileError) return 'not a regular file'
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'ENOENT' || code === 'ENOTDIR') return 'no such file: deleted since the server answered'
  if (code === 'EACCES' || code === 'EPERM') return 'cannot be read: permission denied'
  return `cannot be read${code === undefined ? '' : `: ${code}`}`
}
