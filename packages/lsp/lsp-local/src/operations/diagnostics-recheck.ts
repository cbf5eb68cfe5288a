import { statSync } from 'node:fs'
import { dirname, extname, join, resolve } from 'node:path'
import { stampOf } from '../sync/disk-text.js'
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

/** At most this many files named by directives are followed from one document (each `stat`ed, and read for the names in it when changed); past it, said (see {@link NamedFilesCheck}). */
export const MAX_NAMED_FILES = 64

/** What {@link namedFilesChangedSince} found. */
export interface NamedFilesCheck {
  /** A named file was written, replaced or touched at or after the time asked. */
  readonly changed: boolean
  /** Names of files (distinct, as resolved from the naming file's folder) met past {@link MAX_NAMED_FILES} followed: not looked at. */
  readonly unchecked: number
}

/** Files read for their names at most; past it the oldest read is forgotten (read again when next met). */
const MAX_REMEMBERED_FILES = 4_096

/** The names each followed file holds (per set of directives), with the stamp (`stampOf`) it had when read. */
const namesByFile = new Map<string, { readonly stamp: string; readonly directives: string; readonly names: readonly string[] }>()

/**
 * Whether a file that `text` (the document at `path`) names through one of `directives` (regular
 * expressions whose first group is a file name, see `LocalDiagnosticsRules.dependencyDirectives`),
 * or one those files name in turn, was written, replaced or touched at or after `sinceMs` (ms since
 * the Unix epoch). A name is looked for in the naming file's folder, then under `root`; a name
 * holding a variable (`$dir/lib`) or found in neither is passed over (nothing to tell). Costs a
 * `stat` per name; a file is read for the names in it only when its stamp (`stampOf`: size, times,
 * inode) differs from the last read. Past {@link MAX_NAMED_FILES} files followed, the names met are
 * counted in `unchecked`, not looked at.
 */
export function namedFilesChangedSince(text: string, path: string, root: string, directives: readonly RegExp[], sinceMs: number): NamedFilesCheck {
  const threshold = sinceMs - CLOCK_SLACK_MS
  const seen = new Set<string>([path])
  const unchecked = new Set<string>()
  const queue: { readonly names: readonly string[]; readonly folder: string }[] = [{ names: namesIn(text, directives), folder: dirname(path) }]
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const name of next.names) {
      const candidates = [resolve(next.folder, name), resolve(root, name)]
      if (candidates.some((candidate) => seen.has(candidate))) continue
      if (seen.size > MAX_NAMED_FILES) {
        unchecked.add(candidates[0]!)
        continue
      }
      const found = candidates.map((file) => ({ file, stamp: stampOf(file) })).find(({ stamp }) => stamp !== undefined)
      if (found === undefined) continue
      const { file, stamp } = found as { file: string; stamp: string }
      seen.add(file)
      if (changedAtOf(stamp) >= threshold) return { changed: true, unchecked: 0 }
      const names = namesOf(file, stamp, directives)
      if (names !== undefined) queue.push({ names, folder: dirname(file) })
    }
  }
  return { changed: false, unchecked: unchecked.size }
}

/** The file names `text` holds through `directives` (their first group), in order; those holding a variable (`$dir/lib`) left out. */
function namesIn(text: string, directives: readonly RegExp[]): string[] {
  return directives.flatMap((directive) => [...text.matchAll(new RegExp(directive.source, 'gm'))].map((match) => match[1]).filter((name): name is string => name !== undefined && !name.includes('$')))
}

/** {@link namesIn} of the file at `path` whose stamp is `stamp`: remembered from the last read while the stamp is the same; `undefined` when it cannot be read. */
function namesOf(path: string, stamp: string, directives: readonly RegExp[]): readonly string[] | undefined {
  const key = directives.map((directive) => directive.source).join('\n')
  const known = namesByFile.get(path)
  if (known !== undefined && known.stamp === stamp && known.directives === key) return known.names
  const text = readText(path)
  if (text === undefined) return undefined
  const names = namesIn(text, directives)
  namesByFile.delete(path)
  namesByFile.set(path, { stamp, directives: key, names })
  if (namesByFile.size > MAX_REMEMBERED_FILES) namesByFile.delete(namesByFile.keys().next().value!)
  return names
}

/** The later of the change and modification times a `stampOf` stamp (`size:mtime:ctime:inode`) records, ms since the Unix epoch. */
function changedAtOf(stamp: string): number {
  const [, mtime, ctime] = stamp.split(':')
  return Math.max(Number(mtime), Number(ctime))
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
