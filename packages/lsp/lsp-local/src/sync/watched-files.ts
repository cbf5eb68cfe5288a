import { join, relative, sep } from 'node:path'
import type { FileEvent, FileSystemWatcher } from 'vscode-languageserver-protocol'
import { protocol } from '../protocol.js'
import { pathToUri, uriToPath } from '../normalize/uri.js'
import { MAX_SCANNED_FILES, PACKAGE_DIRECTORY, relativeOf } from './tree-scan.js'
import { isInside, realpathOrNull } from './paths.js'
import { WatchedTree } from './watched-tree.js'
import { WatchedBases } from './watched-bases.js'
import { WatchedLinks } from './watched-links.js'
import type { TreeChange } from './tree-changes.js'
import type { LinkedFolders } from './go-linked-folders.js'
import { toWatcher, type Watcher } from './watcher-globs.js'

const { FileChangeType } = protocol

/** Where the changes go: the server's connection, and its readiness (a reload makes it busy). */
export interface WatchedFilesSink {
  /** Send `workspace/didChangeWatchedFiles` with these changes. */
  readonly send: (changes: FileEvent[]) => Promise<void>
  /** The server will re-read its workspace (files were created or deleted): it is busy until it has. */
  readonly reloading: () => void
}

/** Told after each look which watched files it found created, changed or deleted (see {@link WatchedFiles.onLook}). */
export type LookListener = (changes: readonly TreeChange[]) => void

/**
 * `workspace/didChangeWatchedFiles` (LSP 3.17 §DidChangeWatchedFiles) for the globs a server
 * registered: before each query, files created, changed or deleted under the server root since
 * the last query are reported, so a server that does not watch the disk itself (pyright, tsserver
 * with `useClientFileWatcher`) sees files written by someone else. The view is a
 * {@link WatchedTree}: taken in full when the globs are registered (bounded, VCS data skipped, no
 * symlink followed), then kept current by file-system events, each query first waiting until the
 * events of every write done before it have arrived — so a query costs the same on a 50,000-file
 * tree as on a 6-file one, and sees a file written just before it. A `node_modules` folder is
 * followed for its packages only (each package's `package.json`, scoped ones included, symlinked
 * ones as pnpm makes them): a package installed, updated or removed during a session is reported, so
 * tsserver resolves its import again.
 */
export class WatchedFiles {
  readonly #registrations = new Map<string, Watcher[]>()
  /**
   * Registrations the server withdrew since its last registration: events are still judged by
   * their globs until the next one (nothing is sent for them: see `wants`). typescript-language-server
   * replaces its watchers by an unregistration then a registration; an event delivered in between,
   * judged under no globs, was lost (a file made) or read as a deletion (a file changed).
   */
  readonly #withdrawn = new Map<string, Watcher[]>()
  /** The watched files as of the last look, kept current by events (see {@link WatchedTree}). */
  #tree: WatchedTree | undefined
  /**
   * Path → whether some watcher matches it, kept until the registrations change: tsserver
   * registers dozens of globs, and matching each against every file was most of a scan's time.
   */
  readonly #watched = new Map<string, boolean>()
  readonly #lookListeners = new Set<LookListener>()
  /** Registered folders outside the root, inside the workspace (see {@link include}). */
  readonly #bases: WatchedBases
  /** Folders outside the root that symlinks inside it lead to (see `WatchedLinks`). */
  readonly #linked: WatchedLinks
  /** Folders the project names as its sources, as last read (see `linkedFolders`). */
  #sources: LinkedFolders = { folders: [], namedBy: [] }

  constructor(
    private readonly sink: WatchedFilesSink,
    private readonly root: string,
    /** Whether a path is one of the server's own source files (by extension). */
    private readonly isServerFile: (path: string) => boolean,
    /** Whether the view follows file-system events (else it scans the root in full before each query). */
    private readonly incremental = true,
    /**
     * The folders outside the root the project under it names as its own sources (`goLinkedFolders`),
     * followed as registered bases are, and judged by the same globs: read when the server registers
     * its globs, and again when a look finds one of the files that named them changed.
     */
    private readonly linkedFolders?: (root: string) => LinkedFolders,
  ) {
    this.#bases = new WatchedBases(root, (relativePath, path) => this.#isWatched(relativePath, path), incremental)
    this.#linked = new WatchedLinks(root, (relativePath, path) => this.#isWatched(relativePath, path), incremental)
    // Read now too: a query may be answered before the server registers its globs.
    if (linkedFolders !== undefined) this.#sources = linkedFolders(root)
  }

  private isSource(path: string): boolean {
    const segments = relative(this.root, path).split(sep)
    return this.isServerFile(path) && !segments.some((segment) => segment.startsWith('.') || segment === '__pycache__')
  }

  /** Record a registration of `workspace/didChangeWatchedFiles` (its `watchers`). */
  register(id: string, watchers: readonly FileSystemWatcher[]): void {
    // What changed under the globs so far is still the server's to hear of, at the next look.
    for (const tree of this.#trees()) tree.takeIn()
    this.#withdrawn.clear()
    this.#registrations.set(id, watchers.map((watcher) => toWatcher(watcher, this.root)))
    this.#watched.clear()
    // Files watched only from now: what is on disk is what the server found by itself; their changes count from here.
    if (this.#tree === undefined) this.#tree = new WatchedTree(this.root, (relativePath, path) => this.#isWatched(relativePath, path), this.incremental)
    else for (const tree of this.#trees()) tree.rebase()
    if (this.linkedFolders !== undefined) this.#sources = this.linkedFolders(this.root)
    this.#bases.follow(this.#registeredBases(), this.#sources.folders)
    this.#linked.follow(this.#tree.links)
  }

  /**
   * Count `workspaceRoot` (a query's) as the user's: the folders the server registered inside it
   * and outside the root (pyright's `extraPaths`) are followed too (see `WatchedBases`).
   */
  include(workspaceRoot: string): void {
    if (this.#bases.include(workspaceRoot)) this.#bases.follow(this.#registeredBases(), this.#sources.folders)
  }

  /**
   * For a file under a linked folder (see `linkedFolders`), the path it would have under the root: the
   * server's globs are for its own module (later gopls registers `{ baseUri: root, pattern: '**∕*.{go,…}' }`),
   * and the linked folder is another of the same kind. `undefined` for any other file.
   */
  #judgedAs(path: string): string | undefined {
    if (isInside(path, this.root)) return undefined
    const folder = this.#sources.folders.find((linked) => isInside(path, linked))
    return folder === undefined ? undefined : join(this.root, relative(folder, path))
  }

  /** Folders the project names as its sources (see `linkedFolders`) whose changes the server is not told of (see `WatchedBases.unfollowed`). */
  get unwatchedSources(): readonly string[] {
    return this.#bases.unfollowedOf(this.#sources.folders)
  }

  #registeredBases(): Set<string> {
    return new Set([...this.#registrations.values()].flat().flatMap((watcher) => (watcher.base === undefined ? [] : [watcher.base])))
  }

  /** The root's tree, then those of the bases outside it and of the folders its links lead out to. */
  #trees(): WatchedTree[] {
    return this.#tree === undefined ? [] : [this.#tree, ...this.#bases.trees, ...this.#linked.trees]
  }

  /** Stop following the tree's events (the server is gone). */
  dispose(): void {
    this.#tree?.dispose()
    this.#tree = undefined
    this.#bases.dispose()
    this.#linked.dispose()
  }

  /**
   * The paths through the watched trees' symlinks that lead to `path` (a real path), as of the last
   * look: a link to it, or `path` below a linked folder (`src/shared/util.ts` through `src/shared
   * -> ../shared`). A server that reads the disk keeps each as a file of its own (tsserver resolves
   * a relative import of `./alias` to the link, not its target), so an overlay of `path` must be one of them too.
   */
  linksTo(path: string): string[] {
    return this.#trees().flatMap((tree) =>
      [...tree.links].flatMap((link) => {
        const target = realpathOrNull(link)
        if (target === path) return [link]
        return target !== null && target !== path && isInside(path, target) ? [join(link, relative(target, path))] : []
      }),
    )
  }

  /** Have `listener` told, after every look from now on, which watched files it found changed. */
  onLook(listener: LookListener): void {
    this.#lookListeners.add(listener)
  }

  /** Record an unregistration: its globs still judge events until the next registration (see {@link #withdrawn}). */
  unregister(id: string): void {
    const watchers = this.#registrations.get(id)
    if (watchers === undefined) return
    this.#registrations.delete(id)
    this.#withdrawn.set(id, watchers)
  }

  #isWatched(relativePath: string, path: string): boolean {
    let watched = this.#watched.get(path)
    if (watched === undefined) {
      const judged = this.#judgedAs(path)
      watched = [...this.#registrations.values(), ...this.#withdrawn.values()].some((watchers) =>
        watchers.some((watcher) => watcher.matches(relativePath, path) || (judged !== undefined && watcher.matches(relativeOf(this.root, judged), judged))),
      )
      if (this.#watched.size >= MAX_SCANNED_FILES) this.#watched.clear()
      this.#watched.set(path, watched)
    }
    return watched
  }

  /**
   * Report what changed on disk since the last look. Callers that arrive before a scan has begun
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

  /**
   * Whether {@link sync} would likely report nothing: no registration, or a view that had no event
   * since its last look. A hint only: an event still in the kernel's queue is not counted.
   */
  get quiet(): boolean {
    return this.#registrations.size === 0 || this.#trees().every((tree) => tree.quiet)
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
   * How many scans so far reported a package installed, updated or removed: a `node_modules`
   * package's `package.json` created, changed or deleted (a reinstall at a new version, or an
   * `rm -rf` and a copy between two looks, is a change), any file under a `site-packages` folder
   * (pip writes there), or any file under a folder the server registered outside its root (see
   * `WatchedBases`): pyright takes those as library files too, which it reads again only ~5 s later.
   */
  get packageGeneration(): number {
    return this.#packageGeneration
  }

  #packageGeneration = 0

  async #scanAndReport(): Promise<void> {
    const watchers = [...this.#registrations.values()].flat()
    if (watchers.length === 0 || this.#tree === undefined) return
    const wants = (path: string, bit: number): boolean => {
      const judged = this.#judgedAs(path)
      return watchers.some((watcher) => (watcher.kind & bit) !== 0 && (watcher.matches(relativeOf(this.root, path), path) || (judged !== undefined && watcher.matches(relativeOf(this.root, judged), judged))))
    }
    const found = (await Promise.all(this.#trees().map((tree) => tree.changes()))).flat()
    // Links made or removed by this look are followed from now, and folders a changed go.mod names.
    this.#linked.follow(this.#tree?.links ?? [])
    if (this.linkedFolders !== undefined && found.some(({ path }) => this.#sources.namedBy.includes(path))) {
      this.#sources = this.linkedFolders(this.root)
      this.#bases.follow(this.#registeredBases(), this.#sources.folders)
    }
    if (found.length > 0) for (const listener of this.#lookListeners) listener(found)
    const changes: FileEvent[] = []
    for (const { path, before, after } of found) {
      // `WatchKind` bits: 1 create, 2 change, 4 delete.
      const [type, bit] = before === undefined ? [FileChangeType.Created, 1] as const : after === undefined ? [FileChangeType.Deleted, 4] as const : [FileChangeType.Changed, 2] as const
      if (wants(path, bit)) changes.push({ uri: pathToUri(path), type })
    }
    if (changes.length === 0) return
    if (changes.some((change) => change.type !== FileChangeType.Changed)) this.#generation++
    const library = (uri: string): boolean => isPackageManifest(uri) || isInstalledModule(uri) || !isInside(uriToPath(uri) ?? this.root, this.root)
    if (changes.some((change) => library(change.uri))) this.#packageGeneration++
    // A source file created or deleted makes a server re-read its workspace (pyright logs "Found N
    // source files" again); files it excludes by default (dot folders, caches) or of other languages do not.
    const reloads = changes.some(
      (change) => change.type !== FileChangeType.Changed && this.isSource(uriToPath(change.uri) ?? ''),
    )
    if (reloads) this.sink.reloading()
    await this.sink.send(changes)
  }
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
