import { statSync } from 'node:fs'
import { extname, join } from 'node:path'
import { DEPENDENCY_DIRECTORIES, walk } from '../sync/walk.js'

/**
 * How far before the moment a file was sent a change on disk still counts as after it, in ms: a
 * file's times come from the kernel's coarse clock, which lags the real time by up to a tick
 * (4-10 ms). A change just before the send is taken as after it: one reopen too many, never one
 * too few.
 */
const CLOCK_SLACK_MS = 20

/**
 * Bounds of the walk; a tree past them counts as changed (the file is checked again). Dot folders
 * are not entered: they hold tool state (clangd writes its index to `.cache/clangd` as it works).
 */
const WALK_BOUNDS = { maxDirectories: 5_000, maxDepth: 32, skip: (name: string) => name.startsWith('.') || DEPENDENCY_DIRECTORIES.has(name) }

/**
 * Whether a file with one of `extensions` (lowercase, leading dot) under `root` was written,
 * replaced or touched at or after `sinceMs` (ms since the Unix epoch), or a folder's entries
 * changed then (a file created, renamed or deleted): by change time or modification time,
 * whichever is later, so a copy that keeps an old modification time counts too. A tree past the
 * walk's bounds counts as changed.
 */
export function changedOnDiskSince(root: string, extensions: ReadonlySet<string>, sinceMs: number): boolean {
  const threshold = sinceMs - CLOCK_SLACK_MS
  const changedAt = (path: string): boolean => {
    try {
      const stats = statSync(path)
      return Math.max(stats.ctimeMs, stats.mtimeMs) >= threshold
    } catch {
      return true // gone since the listing: a change
    }
  }
  let changed = false
  const complete = walk(root, WALK_BOUNDS, (directory) => {
    changed = changedAt(directory.path) || directory.files.some((name) => extensions.has(extname(name).toLowerCase()) && changedAt(join(directory.path, name)))
    return changed ? 'stop' : 'continue'
  })
  return changed || !complete
}
