import { realpath } from 'node:fs/promises'
import { splitLines } from '../text/lines.js'
import { readRegularFile } from './regular-file.js'
import { relativeInside } from './workspace-path.js'

/** Reads files as LSP lines, once each per answer. */
export type LineReader = (absolutePath: string) => Promise<readonly string[] | undefined>

/**
 * A reader for the files an answer shows. A file that cannot be read (deleted since the server
 * answered, no permission, or not a regular file: a FIFO would block, a device never end; see
 * `readRegularFile`) yields `undefined`: its rows lose the column and code, not the answer. With
 * `workspaceRoot`, so does a file whose real path lies outside the root's real path (a symlink
 * inside the workspace leading out): nothing outside the workspace is read into an answer.
 */
export function createLineReader(workspaceRoot?: string): LineReader {
  const cache = new Map<string, Promise<readonly string[] | undefined>>()
  const realRoot = workspaceRoot === undefined ? undefined : realpath(workspaceRoot).catch(() => workspaceRoot)
  const inside = async (absolutePath: string): Promise<boolean> => {
    if (realRoot === undefined) return true
    const real = await realpath(absolutePath).catch(() => undefined)
    return real !== undefined && (real === (await realRoot) || relativeInside(await realRoot, real) !== undefined)
  }
  return (absolutePath) => {
    let lines = cache.get(absolutePath)
    if (!lines) {
      lines = inside(absolutePath).then((ok) => (ok ? readRegularFile(absolutePath).then(splitLines, () => undefined) : undefined))
      cache.set(absolutePath, lines)
    }
    return lines
  }
}
