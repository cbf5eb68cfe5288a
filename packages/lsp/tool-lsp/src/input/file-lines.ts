import { createQueryFiles, type QueryFiles } from './query-files.js'

/** Reads files as LSP lines, once each per answer. */
export type LineReader = (absolutePath: string) => Promise<readonly string[] | undefined>

/**
 * A reader for the files an answer shows, over the files of one query (see `createQueryFiles`;
 * a workspace root alone gets files of its own, none kept across calls). A file that cannot be
 * read (deleted since the server answered, no permission, or not a regular file: a FIFO would
 * block, a device never end; see `readRegularFile`) yields `undefined`: its rows lose the column
 * and code, not the answer. So does a file whose real path lies outside the root's real path (a
 * symlink inside the workspace leading out): nothing outside the workspace is read into an answer.
 */
export function createLineReader(files: QueryFiles | string): LineReader {
  const query = typeof files === 'string' ? createQueryFiles(files) : files
  return (absolutePath) =>
    query.placed(absolutePath).then(
      (placed) => (placed.insideAs === undefined ? undefined : placed.text.lines),
      () => undefined,
    )
}
