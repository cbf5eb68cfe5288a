import { readFile } from 'node:fs/promises'
import { splitLines } from './lines.js'

/** Reads files as LSP lines, once each per answer. */
export type LineReader = (absolutePath: string) => Promise<readonly string[] | undefined>

/**
 * A reader for the files an answer shows. A file that cannot be read (deleted since the server
 * answered, not text, no permission) yields `undefined`: its rows lose the code, not the answer.
 */
export function createLineReader(): LineReader {
  const cache = new Map<string, Promise<readonly string[] | undefined>>()
  return (absolutePath) => {
    let lines = cache.get(absolutePath)
    if (!lines) {
      lines = readFile(absolutePath, 'utf8').then(splitLines, () => undefined)
      cache.set(absolutePath, lines)
    }
    return lines
  }
}
