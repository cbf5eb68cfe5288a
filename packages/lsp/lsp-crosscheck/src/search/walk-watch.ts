import { watch, type FSWatcher } from 'node:fs'
import { acquireBarrier, countEvent, eventQueueLimit, eventsDelivered, type EventBarrier } from '@agent-lsp/file-events'
import type { WalkReading, WalkResult } from './walk.js'

/** What each kind of folder the walk reads holds for it (see `WalkReading`); `undefined`: any entry. */
const NAMES_READ: Readonly<Record<Parameters<WalkReading>[1], ReadonlySet<string> | undefined>> = {
  tree: undefined,
  parent: new Set(['.rgignore', '.ignore', '.gitignore', '.git', '.jj']),
  git: new Set(['info']),
  'git-info': new Set(['exclude']),
}

/**
 * The last walk of one search scope, and whether the disk could give another since. The walk tells
 * each folder it is about to read (see `WalkReading`), and each is watched (`fs.watch`, inotify)
 * before it is read: the folders it lists, for any entry; the root's parents, for their ignore
 * files; `.git` and `.git/info`, for `info/exclude`. A search first passes the barrier (every write
 * done before it has delivered its event), then reuses the walk if no event came since, without a
 * `stat` per file and folder (most of a warm search's time, 2026-12-02-in-process-search).
 * Every walk watches afresh and lets the last walk's watches go: a watch follows an inode, not a
 * path, so a folder deleted and made again (or another moved to its path, whatever inode number it
 * gets) is watched as the folder it is now. Without a barrier, with a watch refused (the system's
 * limit), or with so many events that the kernel's queue may have dropped some, every search
 * walks, as before.
 */
export class WalkWatch {
  readonly #barrier: EventBarrier | undefined = acquireBarrier()
  #watchers = new Map<string, FSWatcher>()
  #walk: WalkResult | undefined
  #changed = true
  #eventsSeen = 0
  #refused = false

  /**
   * The walk `walk` would give now: the last one when nothing it read changed since, else `walk()`'s.
   * @param reused - told whether the last walk was reused (for tests and the bench).
   */
  async current(walk: (reading: WalkReading) => WalkResult, reused?: (reused: boolean) => void): Promise<WalkResult> {
    const passed = this.#barrier !== undefined && (await this.#barrier.pass())
    const overflowed = eventsDelivered() - this.#eventsSeen >= eventQueueLimit() / 2
    if (passed && !this.#changed && !overflowed && !this.#refused && this.#walk !== undefined) {
      reused?.(true)
      return this.#walk
    }
    reused?.(false)
    // Cleared before the walk, which runs without a turn of the event loop: an event of a write
    // during it arrives after, and marks this walk changed.
    this.#changed = false
    this.#eventsSeen = eventsDelivered()
    const before = this.#watchers
    this.#watchers = new Map()
    const result = walk((folder, kind) => this.#watch(folder, NAMES_READ[kind]))
    for (const watcher of before.values()) watcher.close()
    if (result.kind !== 'files' || this.#barrier === undefined || this.#refused) this.#unwatchAll()
    this.#walk = result.kind === 'files' ? result : undefined
    return result
  }

  /** Stop watching (the scope is no longer searched). */
  dispose(): void {
    this.#unwatchAll()
    this.#barrier?.release()
  }

  #watch(folder: string, names: ReadonlySet<string> | undefined): void {
    if (this.#barrier === undefined || this.#refused || this.#watchers.has(folder)) return
    try {
      const watcher = watch(folder, (_, name) => {
        countEvent()
        if (names === undefined || name === null || names.has(String(name))) this.#changed = true
      })
      watcher.unref()
      watcher.on('error', () => {
        this.#changed = true
        watcher.close()
      })
      this.#watchers.set(folder, watcher)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      // Not there (a folder without `.git`): its parent's watch sees it appear. Anything else (ENOSPC, EMFILE): walk every time.
      if (code !== 'ENOENT' && code !== 'ENOTDIR') this.#refused = true
    }
  }

  #unwatchAll(): void {
    for (const watcher of this.#watchers.values()) watcher.close()
    this.#watchers.clear()
  }
}
