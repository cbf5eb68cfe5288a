import { readdirSync, statSync, type Dirent } from 'node:fs'
import { join, relative, sep } from 'node:path'
import picomatch from 'picomatch'
import type { FileEvent, FileSystemWatcher, RelativePattern } from 'vscode-languageserver-protocol'
import { protocol } from '../protocol.js'
import { pathToUri, uriToPath } from '../normalize/uri.js'

const { FileChangeType } = protocol

/** Where the changes go: the server's connection, and its readiness (a reload makes it busy). */
export interface WatchedFilesSink {
  /** Send `workspace/didChangeWatchedFiles` with these changes. */
  readonly send: (changes: FileEvent[]) => Promise<void>
  /** The server will re-read its workspace (files were created or deleted): it is busy until it has. */
  readonly reloading: () => void
}

/** Folders never scanned: VCS data. A server that wants them watches them itself. */
const SKIPPED_DIRECTORIES = new Set(['.git', '.hg', '.svn'])
/**
 * Folders of installed packages: only their packages are scanned (`<pkg>/package.json` and
 * `@scope/<pkg>/package.json`, one level), not what is inside them.
 */
const PACKAGE_DIRECTORY = 'node_modules'
/** A bound on one scan, so that a huge tree costs a bounded time. */
const MAX_SCANNED_FILES = 50_000

interface Watcher {
  readonly matches: (relativePath: string, absolutePath: string) => boolean
  /** `WatchKind` bits: 1 create, 2 change, 4 delete. */
  readonly kind: number
}

/**
 * `workspace/didChangeWatchedFiles` (LSP 3.17 §DidChangeWatchedFiles) for the globs a server
 * registered: before each query the server root is scanned (bounded, VCS data skipped, no symlink
 * followed) and files created, changed or deleted since the last scan are reported, so a server
 * that does not watch the disk itself (pyright, tsserver with `useClientFileWatcher`) sees files
 * written by someone else. A `node_modules` folder is scanned for its packages only (each
 * package's `package.json`, scoped ones included, symlinked ones as pnpm makes them): a package
 * installed or removed during a session is reported, so tsserver resolves its import again.
 */
export class WatchedFiles {
  readonly #registrations = new Map<string, Watcher[]>()
  /** Path → `size:mtime` of the watched files at the last scan. */
  #snapshot = new Map<string, string>()
  /**
   * Path → whether some watcher matches it, kept until the registrations change: tsserver
   * registers dozens of globs, and matching each against every file was most of a scan's time.
   */
  readonly #watched = new Map<string, boolean>()

  constructor(
    private readonly sink: WatchedFilesSink,
    private readonly root: string,
    /** Whether a path is one of the server's own source files (by extension). */
    private readonly isServerFile: (path: string) => boolean,
  ) {}

  private isSource(path: string): boolean {
    const segments = relative(this.root, path).split(sep)
    return this.isServerFile(path) && !segments.some((segment) => segment.startsWith('.') || segment === '__pycache__')
  }

  /** Record a registration of `workspace/didChangeWatchedFiles` (its `watchers`). */
  register(id: string, watchers: readonly FileSystemWatcher[]): void {
    this.#registrations.set(id, watchers.map((watcher) => toWatcher(watcher, this.root)))
    this.#watched.clear()
    // What is on disk now is what the server found by itself; changes count from here.
    this.#snapshot = scan(this.root, (relativePath, path) => this.#isWatched(relativePath, path))
  }

  unregister(id: string): void {
    this.#registrations.delete(id)
    this.#watched.clear()
  }

  #isWatched(relativePath: string, path: string): boolean {
    let watched = this.#watched.get(path)
    if (watched === undefined) {
      watched = [...this.#registrations.values()].some((watchers) => watchers.some((watcher) => watcher.matches(relativePath, path)))
      if (this.#watched.size >= MAX_SCANNED_FILES) this.#watched.clear()
      this.#watched.set(path, watched)
    }
    return watched
  }

  /**
   * Report what changed on disk since the last scan. Callers that arrive before a scan has begun
   * share it (it starts on the next turn of the event loop), so a burst of concurrent queries
   * costs one scan, and each sees the disk as it was when it asked or later.
   */
  sync(): Promise<void> {
    this.#next ??= new Promise<void>((resolve, reject) => {
      setImmediate(() => {
        this.#next = undefined
        this.#scanAndReport().then(resolve, reject)
      })
    })
    return this.#next
  }

  /** The scan the next callers of {@link sync} share, while it has not begun. */
  #next: Promise<void> | undefined

  /**
   * How many scans so far reported a file created or deleted: what is known of the tree's files
   * (which of them lie where) holds while this stays the same. Never changes for a server that
   * registered no watchers.
   */
  get generation(): number {
    return this.#generation
  }

  #generation = 0

  /**
   * How many scans so far reported a package installed or removed: a `node_modules` package's
   * `package.json` created or deleted, or any file under a `site-packages` folder (pip writes there).
   */
  get packageGeneration(): number {
    return this.#packageGeneration
  }

  #packageGeneration = 0

  async #scanAndReport(): Promise<void> {
    const watchers = [...this.#registrations.values()].flat()
    if (watchers.length === 0) return
    const current = scan(this.root, (relativePath, path) => this.#isWatched(relativePath, path))
    const previous = this.#snapshot
    this.#snapshot = current
    const changes: FileEvent[] = []
    const wants = (path: string, bit: number): boolean =>
      watchers.some((watcher) => (watcher.kind & bit) !== 0 && watcher.matches(relative(this.root, path).split(sep).join('/'), path))
    for (const [path, stamp] of current) {
      const before = previous.get(path)
      if (before === undefined && wants(path, 1)) changes.push({ uri: pathToUri(path), type: FileChangeType.Created })
      else if (before !== undefined && before !== stamp && wants(path, 2)) changes.push({ uri: pathToUri(path), type: FileChangeType.Changed })
    }
    for (const path of previous.keys()) {
      if (!current.has(path) && wants(path, 4)) changes.push({ uri: pathToUri(path), type: FileChangeType.Deleted })
    }
    if (changes.length === 0) return
    if (changes.some((change) => change.type !== FileChangeType.Changed)) this.#generation++
    if (changes.some((change) => (change.type !== FileChangeType.Changed && isPackageManifest(change.uri)) || isInstalledModule(change.uri))) this.#packageGeneration++
    // A source file created or deleted makes a server re-read its workspace (pyright logs "Found N
    // source files" again); files it excludes by default (dot folders, caches) or of other languages do not.
    const reloads = changes.some(
      (change) => change.type !== FileChangeType.Changed && this.isSource(uriToPath(change.uri) ?? ''),
    )
    if (reloads) this.sink.reloading()
    await this.sink.send(changes)
  }
}

function toWatcher(watcher: FileSystemWatcher, root: string): Watcher {
  const kind = watcher.kind ?? 7
  const glob: unknown = watcher.globPattern
  if (typeof glob !== 'string' && !(typeof glob === 'object' && glob !== null && 'pattern' in glob && typeof glob.pattern === 'string')) {
    return { kind, matches: () => false } // not a glob this client understands: watch nothing for it
  }
  if (typeof glob === 'string') {
    const match = picomatch(glob, { dot: true })
    return { kind, matches: (relativePath, absolutePath) => match(relativePath) || match(absolutePath) }
  }
  const relativePattern = glob as RelativePattern
  const base = typeof relativePattern.baseUri === 'string' ? relativePattern.baseUri : relativePattern.baseUri?.uri ?? ''
  const basePath = uriToPath(base) ?? root
  const match = picomatch(relativePattern.pattern, { dot: true })
  return {
    kind,
    matches: (_, absolutePath) => {
      const inside = relative(basePath, absolutePath)
      return !inside.startsWith('..') && match(inside.split(sep).join('/'))
    },
  }
}

function scan(root: string, isWatched: (relativePath: string, path: string) => boolean): Map<string, string> {
  const files = new Map<string, string>()
  const pending = [root]
  while (pending.length > 0 && files.size < MAX_SCANNED_FILES) {
    const directory = pending.pop()!
    let entries
    try {
      entries = readdirSync(directory, { withFileTypes: true })
    } catch {
      continue
    }
    for (const entry of entries) {
      const path = join(directory, entry.name)
      if (entry.isDirectory() && entry.name === PACKAGE_DIRECTORY) {
        for (const manifest of packageManifests(path)) record(root, manifest, isWatched, files)
      } else if (entry.isDirectory()) {
        if (!SKIPPED_DIRECTORIES.has(entry.name)) pending.push(path)
      } else if (entry.isFile()) {
        record(root, path, isWatched, files)
      }
    }
  }
  return files
}

/** Whether `uri` is `…/node_modules/<pkg>/package.json` or `…/node_modules/@scope/<pkg>/package.json`. */
function isPackageManifest(uri: string): boolean {
  const segments = (uriToPath(uri) ?? '').split(sep)
  const at = segments.lastIndexOf(PACKAGE_DIRECTORY)
  if (at < 0 || segments[segments.length - 1] !== 'package.json') return false
  const inside = segments.length - at - 2 // folders between node_modules and package.json
  return inside === 1 || (inside === 2 && segments[at + 1]?.startsWith('@') === true)
}

/** Whether `uri` lies under a `site-packages` folder (a Python environment's installed packages). */
function isInstalledModule(uri: string): boolean {
  return (uriToPath(uri) ?? '').split(sep).includes('site-packages')
}

/** Put `path`'s `size:mtime` (symlinks followed) in `files` if a watcher wants it and it exists. */
function record(root: string, path: string, isWatched: (relativePath: string, path: string) => boolean, files: Map<string, string>): void {
  const relativePath = relative(root, path).split(sep).join('/')
  if (!isWatched(relativePath, path)) return
  try {
    const stats = statSync(path)
    if (stats.isFile()) files.set(path, `${stats.size}:${stats.mtimeMs}`)
  } catch {
    // gone between readdir and stat, or a package without a package.json: not there
  }
}

/**
 * The `package.json` paths of the packages in a `node_modules` folder: `<pkg>` and
 * `@scope/<pkg>`, folders or symlinks to them (pnpm); `.bin`, `.pnpm` and other dot entries left
 * out. One `readdir` for the folder and one per scope.
 */
function packageManifests(nodeModules: string): string[] {
  const manifests: string[] = []
  for (const entry of listEntries(nodeModules)) {
    if (entry.name.startsWith('.') || !(entry.isDirectory() || entry.isSymbolicLink())) continue
    if (!entry.name.startsWith('@')) {
      manifests.push(join(nodeModules, entry.name, 'package.json'))
      continue
    }
    for (const scoped of listEntries(join(nodeModules, entry.name))) {
      if (scoped.isDirectory() || scoped.isSymbolicLink()) manifests.push(join(nodeModules, entry.name, scoped.name, 'package.json'))
    }
  }
  return manifests
}

function listEntries(directory: string): Dirent[] {
  try {
    return readdirSync(directory, { withFileTypes: true })
  } catch {
    return []
  }
}
