import { splitLines } from './lines.js'
import { readRegularFile } from './regular-file.js'

/** Reads files as LSP lines, once each per answer. */
export type LineReader = (absolutePath: string) => Promise<readonly string[] | undefined>

/**
 * A reader for the files an answer shows. A file that cannot be read (deleted since the server
 * answered, no permission, or not a regular file: a FIFO would block, a device never end; see
 * `readRegularFile`) yields `undefined`: its rows lose the column and code, not the answer.
 */
export function createLineReader(): LineReader {
  const cache = new Map<string, Promise<readonly string[] | undefined>>()
  return (absolutePath) => {
    let lines = cache.get(absolutePath)
    if (!lines) {
      lines = readRegularFile(absolutePath).then(splitLines, () => undefined)
      cache.set(absolutePath, lines)
    }
    return lines
  }
}
