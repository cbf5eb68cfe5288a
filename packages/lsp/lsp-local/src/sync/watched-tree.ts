import { readdirSync, watch, type FSWatcher } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { acquireBarrier, countEvent, eventQueueLimit, eventsDelivered, type EventBarrier } from '@agent-lsp/file-events'
import { stampOf } from './disk-text.js'
import { throughLinks } from './symlink-aliases.js'
import { MAX_SCANNED_FILES, relativeOf, scanTree, type IsWatched } from './tree-scan.js'
import { TreeChanges, type TreeChange } from './tree-changes.js'
import { eventsTellAll, folderKind, identityOf, listNames, lstatOf, manifestOrFile, type Entry, type FolderKind } from './tree-rules.js'

/** A bound on the folders one tree watches (one inotify watch each; the user's limit is shared by every process). */
const MAX_WATCHED_DIRECTORIES = 10_000
/** A bound on the files one tree knows by name, watched or not (so that new globs need no walk). */
const MAX_KNOWN_FILES = 200_000

interface Folder {
  readonly kind: FolderKind
  readonly watcher: FSWatcher
  /** The names of its entries the view holds: its files (watched or not) and the folders it watches. */
  readonly children: Set<string>
}

/**
 * The watched files under a root and their stamps, kept current by events instead of a scan per
 * look: every folder of the tree (as {@link scanTree} walks it) has an `fs.watch` (inotify), an
 * event marks its entry, and {@link changes} first passes the {@link EventBarrier} (so every write
 * done before the call has been delivered), then looks again at the marked entries only — a
 * `lstat` each, a folder walked when it appeared. What it cannot follow so it scans in full, as
 * before: a root on a remote or FUSE file system (others' writes send no event here), more than
 * {@link MAX_WATCHED_DIRECTORIES} folders or {@link MAX_SCANNED_FILES} files, a watch the system
 * refuses, a barrier not passed in time, or so many events since the last look that the kernel's
 * queue may have dropped some ({@link eventQueueLimit}).
 */
export class WatchedTree {
  #files = new Map<string, string>()
  /** The symlinks among the tree's entries, not followed: changes are reported through them too (see `throughLinks`). */
  #links = new Set<string>()
  readonly #folders = new Map<string, Folder>()
  /** Entries an event named since the last look. */
  #marked = new Set<string>()
  /** Folders an event without a name was about: listed again. */
  #unnamed = new Set<string>()
  readonly #changes = new TreeChanges()
  #recording = false
  /** Entries of {@link Folder.children} that are files. */
  #knownFiles = 0
  #eventsSeen = eventsDelivered()
  /** The root's {@link identityOf} when it was entered: a root moved away or replaced sends no event of its own. */
  #rootIdentity: string | undefined
  #barrier: EventBarrier | undefined
  #disposed = false

  constructor(
    private readonly root: string,
    private readonly isWatched: IsWatched,
    /** Whether to follow events; `false` scans in full on every look. */
    incremental = true,
  ) {
    this.#barrier = incremental && eventsTellAll(root) ? acquireBarrier() : undefined
    if (this.#barrier !== undefined) this.#enterRoot()
    if (this.#barrier === undefined) this.#files = this.#scan()
  }

  /** Whether events are followed (else each look is a full scan). */
  get incremental(): boolean {
    return this.#barrier !== undefined
  }

  /** Whether no event has come since the last look (and events are followed): a look now would likely find nothing. */
  get quiet(): boolean {
    return this.#barrier !== undefined && this.#marked.size === 0 && this.#unnamed.size === 0 && this.#changes.size === 0
  }

  /** The watched files and their stamps, as of the last look. */
  get files(): ReadonlyMap<string, string> {
    return this.#files
  }

  /** The symlinks among the tree's entries (files or folders), as of the last look; not followed. */
  get links(): ReadonlySet<string> { return this.#links } // prettier-ignore

  /** The watched files created, changed or deleted since the last look (or the baseline). */
  async changes(): Promise<TreeChange[]> {
    const passed = this.#barrier === undefined ? false : await this.#barrier.pass()
    if (this.#disposed) return []
    if (this.#barrier === undefined) this.#rescan()
    else if (!passed || identityOf(this.root) !== this.#rootIdentity || eventsDelivered() - this.#eventsSeen >= eventQueueLimit() / 2) this.#reenter()
    else this.#lookAgain()
    this.#eventsSeen = eventsDelivered()
    return throughLinks(this.#changes.take(), this.#links, this.root, this.isWatched)
  }

  /**
   * Take in the events delivered so far (the whole disk, when scanning in full), their changes kept
   * for the next look: called before the globs change (see {@link rebase}), so that a change made
   * while the old ones held is still reported.
   */
  takeIn(): void {
    if (this.#barrier === undefined) this.#rescan()
    else this.#lookAgain()
  }

  /**
   * The globs changed: which files are watched is decided again over the files the view knows (no
   * walk; a stat for each file watched only now, its baseline). Changes recorded before stay for the
   * next look: {@link takeIn} first, under the old globs.
   */
  rebase(): void {
    for (const [path, folder] of this.#barrier === undefined ? [] : this.#folders) {
      for (const name of folder.children) {
        const child = join(path, name)
        if (this.#folders.has(child)) continue
        const file = manifestOrFile(folder.kind, child)
        const stamp = this.isWatched(relativeOf(this.root, file), file) ? this.#files.get(file) ?? stampOf(file) : undefined
        if (stamp === undefined) this.#files.delete(file)
        else this.#files.set(file, stamp)
      }
    }
    if (this.#files.size > MAX_SCANNED_FILES) this.#giveUp()
    if (this.#barrier === undefined) this.#files = this.#scan()
  }

  /** Stop following events. */
  dispose(): void {
    this.#disposed = true
    this.#unwatchAll()
    this.#barrier?.release()
    this.#barrier = undefined
  }

  #enterRoot(): void {
    this.#rootIdentity = identityOf(this.root)
    this.#enter(this.root, 'tree')
  }

  #lookAgain(): void {
    const marked = this.#marked
    const unnamed = this.#unnamed
    this.#marked = new Set()
    this.#unnamed = new Set()
    this.#recording = true
    for (const path of unnamed) {
      const folder = this.#folders.get(path)
      if (folder === undefined) continue
      for (const name of new Set([...folder.children, ...listNames(path)])) marked.add(join(path, name))
    }
    for (const path of marked) {
      const parent = this.#folders.get(dirname(path))
      if (parent !== undefined && this.#barrier !== undefined) this.#look(dirname(path), parent, basename(path), lstatOf(path), true)
    }
    this.#recording = false
    if (this.#barrier === undefined) this.#rescan() // a bound was crossed on the way: the rest by a scan
  }

  /** Every folder watched again from scratch, then compared with the view before. */
  #reenter(): void {
    const before = this.#files
    this.#unwatchAll()
    this.#files = new Map()
    this.#marked.clear()
    this.#unnamed.clear()
    this.#enterRoot()
    if (this.#barrier === undefined) this.#files = before
    this.#compare(before, this.#barrier === undefined ? this.#scan() : this.#files)
  }

  /** A full scan, compared with the view before. */
  #rescan(): void {
    this.#compare(this.#files, this.#scan())
  }

  /** A full scan's files; its links are the view's from now. */
  #scan(): Map<string, string> {
    const { files, links } = scanTree(this.root, this.isWatched)
    this.#links = links
    return files
  }

  #compare(before: ReadonlyMap<string, string>, after: Map<string, string>): void {
    for (const [path, stamp] of after) if (before.get(path) !== stamp) this.#changes.record(path, before.get(path), stamp)
    for (const [path, stamp] of before) if (!after.has(path)) this.#changes.record(path, stamp, undefined)
    this.#files = after
  }

  /** Give up following events: scans in full from now (the next look compares one with the view). */
  #giveUp(): void {
    this.#unwatchAll()
    this.#barrier?.release()
    this.#barrier = undefined
  }

  #unwatchAll(): void {
    for (const folder of this.#folders.values()) folder.watcher.close()
    this.#folders.clear()
    this.#links.clear()
    this.#knownFiles = 0
  }

  /** Watch a folder and take in its entries. */
  #enter(path: string, kind: FolderKind): Folder | undefined {
    if (this.#barrier === undefined) return undefined
    let watcher: FSWatcher
    try {
      watcher = watch(path, (_, name) => {
        countEvent()
        // Past half the kernel's queue the next look enters everything again: no need to remember more.
        if (eventsDelivered() - this.#eventsSeen >= eventQueueLimit() / 2) return
        if (typeof name === 'string') this.#marked.add(join(path, name))
        else this.#unnamed.add(path)
      })
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code !== 'ENOENT' && code !== 'ENOTDIR') this.#giveUp() // ENOSPC (the watch limit), EMFILE
      return undefined
    }
    watcher.unref()
    watcher.on('error', () => this.#giveUp())
    const folder: Folder = { kind, watcher, children: new Set() }
    this.#folders.set(path, folder)
    if (this.#folders.size > MAX_WATCHED_DIRECTORIES) {
      this.#giveUp()
      return undefined
    }
    if (kind === 'package') {
      this.#look(path, folder, 'package.json', undefined)
      return folder
    }
    let entries
    try {
      entries = readdirSync(path, { withFileTypes: true })
    } catch {
      return folder
    }
    for (const entry of entries) {
      if (this.#barrier === undefined) return undefined
      this.#look(path, folder, entry.name, entry)
    }
    return folder
  }

  /**
   * Bring the view of `parentPath/name` in line with the disk (`entry`: its listing or `lstat`,
   * `undefined` when gone): a folder entered or left, a file's stamp taken. A folder an event named
   * is left and entered again (it may have been replaced, and a watch follows an inode, not a path).
   */
  #look(parentPath: string, parent: Folder, name: string, entry: Entry | undefined, touched = false): void {
    const path = join(parentPath, name)
    if (parent.kind === 'tree' && entry?.isSymbolicLink() === true) this.#links.add(path)
    else this.#links.delete(path)
    const known = this.#folders.get(path)
    if (known !== undefined) this.#leave(path, known)
    else if (parent.children.has(name)) this.#knownFiles-- // a file, which may be a folder now
    parent.children.delete(name)
    const kind = folderKind(parent.kind, name, entry)
    if (kind === 'tree' || kind === 'modules') this.#setFile(path, undefined) // a file replaced by a folder
    if (kind !== undefined && this.#enter(path, kind) !== undefined) parent.children.add(name)
    else if (kind === 'package') this.#lookAtFile(parentPath, parent, name, true) // not watchable: its manifest still counts
    else this.#lookAtFile(parentPath, parent, name, parent.kind === 'tree' ? entry?.isFile() === true : parent.kind === 'package' && name === 'package.json', touched)
  }

  /** Take `name`'s stamp (for a package, its `package.json`'s) if it is a watched file, else drop it. */
  #lookAtFile(parentPath: string, parent: Folder, name: string, file: boolean, touched = false): void {
    const path = manifestOrFile(parent.kind, join(parentPath, name))
    const stamp = file && this.isWatched(relativeOf(this.root, path), path) ? stampOf(path) : undefined
    if (file !== parent.children.has(name)) {
      if (file) parent.children.add(name)
      else parent.children.delete(name)
      this.#knownFiles += file ? 1 : -1
      if (this.#knownFiles > MAX_KNOWN_FILES) this.#giveUp()
    }
    this.#setFile(path, stamp, touched)
  }

  /** Stop watching a folder and everything below it; its files are gone from the view. */
  #leave(path: string, folder: Folder): void {
    folder.watcher.close()
    this.#folders.delete(path)
    for (const link of this.#links) if (dirname(link) === path) this.#links.delete(link)
    for (const name of folder.children) {
      const child = join(path, name)
      const below = this.#folders.get(child)
      if (below !== undefined) this.#leave(child, below)
      else {
        this.#knownFiles--
        this.#setFile(manifestOrFile(folder.kind, child), undefined)
      }
    }
  }

  #setFile(path: string, stamp: string | undefined, touched = false): void {
    const before = this.#files.get(path)
    if (before === stamp) {
      if (touched && this.#recording) this.#changes.record(path, before, stamp, true)
      return
    }
    if (stamp === undefined) this.#files.delete(path)
    else this.#files.set(path, stamp)
    if (this.#recording) this.#changes.record(path, before, stamp, touched)
    if (this.#files.size > MAX_SCANNED_FILES) this.#giveUp()
  }
}
