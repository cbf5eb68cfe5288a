import { statSync } from 'node:fs'
import { dirname, extname, join, resolve } from 'node:path'
import { readText } from '../sync/read-text.js'
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
    const stamp = changedAtMs(path)
    return stamp === undefined || stamp >= threshold // gone since the listing: a change
  }
  let changed = false
  const complete = walk(root, WALK_BOUNDS, (directory) => {
    changed = changedAt(directory.path) || directory.files.some((name) => extensions.has(extname(name).toLowerCase()) && changedAt(join(directory.path, name)))
    return changed ? 'stop' : 'continue'
  })
  return changed || !complete
}

/** At most this many files named by directives are followed from one document (each `stat`ed, and read for the names in it). */
const MAX_NAMED_FILES = 64

/**
 * Whether a file that `text` (the document at `path`) names through one of `directives` (regular
 * expressions whose first group is a file name, see `LocalDiagnosticsRules.dependencyDirectives`),
 * or one those files name in turn, was written, replaced or touched at or after `sinceMs` (ms since
 * the Unix epoch). A name is looked for in the naming file's folder, then under `root`; a name
 * holding a variable (`$dir/lib`) or found in neither is passed over (nothing to tell), and so are
 * names past {@link MAX_NAMED_FILES}. Costs a `stat` per name and a read per file found.
 */
export function namedFileChangedSince(text: string, path: string, root: string, directives: readonly RegExp[], sinceMs: number): boolean {
  const threshold = sinceMs - CLOCK_SLACK_MS
  const seen = new Set<string>([path])
  const queue: { readonly text: string; readonly folder: string }[] = [{ text, folder: dirname(path) }]
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const directive of directives) {
      for (const match of next.text.matchAll(new RegExp(directive.source, 'gm'))) {
        const name = match[1]
        if (name === undefined || name.includes('$') || seen.size > MAX_NAMED_FILES) continue
        const candidates = [resolve(next.folder, name), resolve(root, name)]
        if (candidates.some((candidate) => seen.has(candidate))) continue
        const found = candidates.map((file) => ({ file, stamp: changedAtMs(file) })).find(({ stamp }) => stamp !== undefined)
        if (found === undefined) continue
        const { file, stamp = 0 } = found
        seen.add(file)
        if (stamp >= threshold) return true
        const named = readText(file)
        if (named !== undefined) queue.push({ text: named, folder: dirname(file) })
      }
    }
  }
  return false
}

/** The later of a file's (or folder's) change and modification times (ms since the Unix epoch); `undefined` when it is not there. */
function changedAtMs(path: string): number | undefined {
  try {
    const stats = statSync(path)
    return Math.max(stats.ctimeMs, stats.mtimeMs)
  } catch {
    return undefined
  }
}
