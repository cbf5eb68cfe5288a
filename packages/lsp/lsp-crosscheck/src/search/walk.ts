import { lstatSync, readdirSync, statSync, type BigIntStats } from 'node:fs'
import { dirname } from 'node:path'
import { identityOf, NO_IDENTITY, sameIdentity, type Identity } from './identity.js'
import { folderRules, IGNORE_FILES, type FolderRules } from './ignore-files.js'

/** One file of the search: its absolute path and its `stat` (bigint). */
export interface WalkedFile {
  readonly path: string
  readonly stats: BigIntStats
}

/** Where the walk stops counting: past either bound the tree is left to ripgrep. */
export interface WalkLimits {
  readonly maxFiles: number
  readonly maxBytes: number
}

/**
 * The files, in ripgrep's `--sort path` order, or why the walk gave up. `large`: the files it would
 * search but for their size (over `maxFileSize`), in the same order; `unreadable`: the folders that
 * could not be listed (`EACCES`, `EPERM`, `EIO`…; not those gone meanwhile), absolute paths.
 */
export type WalkResult =
  | { readonly kind: 'files'; readonly files: readonly WalkedFile[]; readonly large: readonly WalkedFile[]; readonly unreadable: readonly string[] }
  | { readonly kind: 'declined'; readonly reason: 'large' | 'unmodelled' }

/**
 * What the walk is about to read, each told before it is read (see `WalkWatch`): a folder of the
 * tree (listed), a parent of the root (its ignore files and `.jj`), a `.git` folder (for its
 * `info`), a `.git/info` folder (for its `exclude`).
 */
export type WalkReading = (folder: string, kind: 'tree' | 'parent' | 'git' | 'git-info') => void

/** What the walk needs of ripgrep's flags (see `ripgrep.ts`). */
export interface WalkScope {
  readonly root: string
  /** File name endings searched (`-g '*.ts'`): a match is searched whatever the ignore files say. */
  readonly extensions: readonly string[]
  /** Folder names never entered (`-g '!node_modules'`). */
  readonly excluded: readonly string[]
  /** Bytes; larger files are skipped (`--max-filesize`). */
  readonly maxFileSize: number
}

interface Entry {
  readonly name: string
  readonly kind: 'file' | 'folder' | 'other'
}

const listings = new Map<string, { readonly identity: Identity; readonly entries: readonly Entry[]; readonly names: ReadonlySet<string> }>()

/**
 * The files ripgrep searches under `root` with the cross-check's flags (`--hidden --no-require-git
 * --no-follow --sort path`, the globs of `scope`): folders entered unless a glob excludes them or
 * the ignore files say so (the nearest rule wins per file kind; `.rgignore` over `.ignore` over
 * `.gitignore` over `.git/info/exclude`; those of the root's parents too, up to `/`); regular files
 * whose name ends with an extension (symlinks never), up to `maxFileSize` bytes. Each folder is
 * listed again only when its identity changed.
 */
export function walkAsRipgrep(scope: WalkScope, limits: WalkLimits, reading: WalkReading = () => {}): WalkResult {
  const stack: { readonly folder: string; readonly rules: FolderRules }[] = []
  const readingGit = (folder: string): void => {
    reading(`${folder}/.git`, 'git')
    reading(`${folder}/.git/info`, 'git-info')
  }
  try {
    for (let parent = dirname(scope.root), child = scope.root; parent !== child; child = parent, parent = dirname(parent)) {
      reading(parent, 'parent')
      readingGit(parent)
      if (statSync(`${parent}/.jj`, { throwIfNoEntry: false })) return { kind: 'declined', reason: 'unmodelled' }
      stack.unshift({ folder: parent, rules: folderRules(parent, () => true) })
    }
  } catch {
    return { kind: 'declined', reason: 'unmodelled' } // a parent that cannot be looked at, or a pattern not modelled
  }
  const files: WalkedFile[] = []
  const large: WalkedFile[] = []
  const unreadable: string[] = []
  let bytes = 0
  let declined: WalkResult | undefined
  const verdict = (path: string, kind: number): 'ignore' | 'whitelist' | undefined => {
    // Nearest folder first among the walked ones, then the root's parents nearest first.
    for (let k = stack.length - 1; k >= 0; k--) {
      const level = stack[k]!
      const found = level.rules[kind]?.verdict(path.slice(level.folder === '/' ? 1 : level.folder.length + 1), true)
      if (found !== undefined) return found
    }
    return undefined
  }
  const ignored = (path: string): boolean => {
    for (let kind = 0; kind < IGNORE_FILES.length; kind++) {
      const found = verdict(path, kind)
      if (found !== undefined) return found === 'ignore'
    }
    return false
  }
  const visit = (folder: string): void => {
    reading(folder, 'tree')
    const listed = listing(folder)
    if (listed === 'unreadable') unreadable.push(folder)
    if (listed === undefined || listed === 'unreadable') return
    const { entries, names } = listed
    if (names.has('.git')) readingGit(folder)
    if (names.has('.jj')) {
      declined = { kind: 'declined', reason: 'unmodelled' }
      return
    }
    stack.push({ folder, rules: folderRules(folder, (file) => names.has(file.split('/')[0]!)) })
    for (const entry of entries) {
      if (declined) return
      const path = `${folder}/${entry.name}`
      const searched = scope.extensions.some((extension) => entry.name.endsWith(extension))
      if (entry.kind === 'file' && searched) {
        const stats = statSync(path, { bigint: true, throwIfNoEntry: false })
        if (stats === undefined || !stats.isFile()) continue
        if (stats.size > BigInt(scope.maxFileSize)) {
          large.push({ path, stats })
          continue
        }
        files.push({ path, stats })
        bytes += Number(stats.size)
        if (files.length > limits.maxFiles || bytes > limits.maxBytes) declined = { kind: 'declined', reason: 'large' }
      } else if (entry.kind === 'folder' && (searched || (!scope.excluded.includes(entry.name) && !ignored(path)))) {
        visit(path)
      }
    }
    stack.pop()
  }
  try {
    visit(scope.root)
  } catch {
    return { kind: 'declined', reason: 'unmodelled' } // a pattern the glob translation does not model
  }
  return declined ?? { kind: 'files', files, large, unreadable }
}

/**
 * A folder's entries in ripgrep's order (by name, byte-wise), kept while its identity holds;
 * `undefined` when it is gone, `'unreadable'` when it cannot be looked at or listed.
 */
function listing(folder: string): { readonly entries: readonly Entry[]; readonly names: ReadonlySet<string> } | 'unreadable' | undefined {
  let stats: BigIntStats
  try {
    stats = statSync(folder, { bigint: true })
  } catch (error) {
    return gone(error) ? undefined : 'unreadable'
  }
  const cached = listings.get(folder)
  if (cached && sameIdentity(cached.identity, stats)) return cached
  let entries: Entry[]
  try {
    entries = readdirSync(folder, { withFileTypes: true }).map((dirent) => {
      let kind: Entry['kind'] = dirent.isFile() ? 'file' : dirent.isDirectory() ? 'folder' : 'other'
      if (!dirent.isFile() && !dirent.isDirectory() && !dirent.isSymbolicLink() && !dirent.isFIFO() && !dirent.isSocket() && !dirent.isBlockDevice() && !dirent.isCharacterDevice()) {
        const real = lstatSync(`${folder}/${dirent.name}`, { throwIfNoEntry: false })
        kind = real?.isFile() ? 'file' : real?.isDirectory() ? 'folder' : 'other'
      }
      return { name: dirent.name, kind }
    })
  } catch (error) {
    return gone(error) ? undefined : 'unreadable'
  }
  entries.sort((a, b) => byteOrder(a.name, b.name))
  const listed = { identity: identityOf(stats), entries, names: new Set(entries.map((entry) => entry.name)) }
  if (listed.identity === NO_IDENTITY) listings.delete(folder)
  else listings.set(folder, listed)
  return listed
}

/** Whether a failed look at a path found nothing there (removed meanwhile, or no longer a folder). */
function gone(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code
  return code === 'ENOENT' || code === 'ENOTDIR'
}

/** Names compared as their UTF-8 bytes (code point order), as ripgrep sorts them. */
function byteOrder(a: string, b: string): number {
  if (/^[\x00-\x7f]*$/.test(a + b)) return a < b ? -1 : a > b ? 1 : 0
  return Buffer.compare(Buffer.from(a), Buffer.from(b))
}
