import { watch, type FSWatcher } from 'node:fs'
import { join } from 'node:path'
import { acquireBarrier, countEvent, eventQueueLimit, eventsDelivered, type EventBarrier } from '@agent-lsp/file-events'
import type { WalkResult } from './walk.js'

type Walked = Extract<WalkResult, { kind: 'files' }>

/** What a parent of the root holds that the walk reads: its ignore files (see `IGNORE_FILES`), and `.jj`. */
const PARENT_NAMES: ReadonlySet<string> = new Set(['.rgignore', '.ignore', '.gitignore', '.git', '.jj'])

/**
 * The last walk of one search scope, and whether the disk could give another since. Every folder
 * the walk read is watched (`fs.watch`, inotify): the folders it listed, for any entry; the root's
 * parents, for their ignore files; each one's `.git` and `.git/info`, for `info/exclude`. A search
 * first passes the barrier (every write done before it has delivered its event), then reuses the
 * walk if no event came since, without a `stat` per file and folder (most of a warm search's time,
 * 2026-12-02-in-process-search). A folder watched only after it was listed may have changed in
 * between, so a walk that added watches is walked again next time. Without a barrier, with a
 * watch refused (the system's limit), or with so many events that the kernel's queue may have
 * dropped some, every search walks, as before.
 */
export class WalkWatch {
  readonly #barrier: EventBarrier | undefined = acquireBarrier()
  readonly #watchers = new Map<string, FSWatcher>()
  #walk: Walked | undefined
  #changed = true
  #eventsSeen = 0
  #refused = false

  /**
   * The walk `walk` would give now: the last one when nothing it read changed since, else `walk()`'s.
   * @param reused - told whether the last walk was reused (for tests and the bench).
   */
  async current(walk: () => WalkResult, reused?: (reused: boolean) => void): Promise<WalkResult> {
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
    const result = walk()
    this.#walk = result.kind === 'files' ? result : undefined
    if (result.kind === 'files' && this.#barrier !== undefined && !this.#refused) this.#watchAll(result)
    else this.#unwatchAll()
    return result
  }

  /** Stop watching (the scope is no longer searched). */
  dispose(): void {
    this.#unwatchAll()
    this.#barrier?.release()
  }

  #watchAll(walked: Walked): void {
    const wanted = new Map<string, ReadonlySet<string> | undefined>()
    for (const folder of walked.folders) wanted.set(folder, undefined)
    for (const folder of walked.parents) wanted.set(folder, PARENT_NAMES)
    for (const folder of [...walked.withGit, ...walked.parents]) {
      wanted.set(join(folder, '.git'), new Set(['info']))
      wanted.set(join(folder, '.git/info'), new Set(['exclude']))
    }
    for (const [folder, watcher] of this.#watchers) {
      if (wanted.has(folder)) continue
      watcher.close()
      this.#watchers.delete(folder)
    }
    let added = false
    for (const [folder, names] of wanted) {
      if (this.#watchers.has(folder)) continue
      const watcher = this.#watch(folder, names)
      if (watcher === undefined) continue
      this.#watchers.set(folder, watcher)
      added = true
    }
    if (added) this.#changed = true
    if (this.#refused) this.#unwatchAll()
  }

  #watch(folder: string, names: ReadonlySet<string> | undefined): FSWatcher | undefined {
    try {
      const watcher = watch(folder, (_, name) => {
        countEvent()
        if (names === undefined || name === null || names.has(String(name))) this.#changed = true
      })
      watcher.unref()
      watcher.on('error', () => {
        this.#changed = true
        watcher.close()
        this.#watchers.delete(folder)
      })
      return watcher
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      // Not there (a folder without `.git`): its parent's watch sees it appear. Anything else (ENOSPC, EMFILE): walk every time.
      if (code !== 'ENOENT' && code !== 'ENOTDIR') this.#refused = true
      return undefined
    }
  }

  #unwatchAll(): void {
    for (const watcher of this.#watchers.values()) watcher.close()
    this.#watchers.clear()
  }
}
