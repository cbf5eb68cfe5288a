import { closeSync, mkdtempSync, openSync, readFileSync, renameSync, rmSync, watch, type FSWatcher } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** How long {@link EventBarrier.pass} waits for its own event before it gives up, in ms. */
export const BARRIER_TIMEOUT_MS = 2_000

/**
 * Events the kernel queues for one inotify instance before it drops the rest
 * (`/proc/sys/fs/inotify/max_queued_events`; 16,384 by default). libuv drops the overflow event
 * unseen, so a tree that received half as many events since its last look re-reads itself.
 */
export function eventQueueLimit(): number {
  queueLimit ??= readQueueLimit()
  return queueLimit
}

let queueLimit: number | undefined

let delivered = 0

/** Count one event delivered to a watcher of a tree (all trees of the process share the kernel's queue). */
export function countEvent(): void {
  delivered++
}

/** Events delivered to the watchers of every tree so far. */
export function eventsDelivered(): number {
  return delivered
}

/**
 * A point after which every file-system event queued before it has been delivered. Node's
 * `fs.watch` handles of one event loop share one inotify instance (libuv), whose queue is first in,
 * first out, and the kernel queues an event before the write that caused it returns: so once the
 * event of a file this barrier renames (in a private temporary folder) has arrived, so has every
 * event of a write done before {@link pass} was called, by this process or any other.
 */
export interface EventBarrier {
  /** Resolves `true` once the events queued before the call are delivered; `false` if that could not be known in {@link BARRIER_TIMEOUT_MS}. */
  pass(): Promise<boolean>
  /** Done with it: the last user's release closes the watcher and removes the folder (which the process's exit removes otherwise). */
  release(): void
}

interface Shared {
  readonly directory: string
  readonly watcher: FSWatcher
  /** Round name → what its event settles (`false`: the barrier closed first). */
  readonly waiting: Map<string, (passed: boolean) => void>
  /** The name the folder's one file has now: each round renames it to the round's name (one syscall, one event named for the round). */
  current: string
  users: number
  /** Removes the folder; also run as the process exits. */
  readonly removeAtExit: () => void
}

let shared: Shared | undefined
let round = 0

/** The process's barrier, for one more user; `undefined` when no folder can be made or watched (then trees scan in full). */
export function acquireBarrier(): EventBarrier | undefined {
  shared ??= openShared()
  const barrier = shared
  if (barrier === undefined) return undefined
  barrier.users++
  let released = false
  return {
    pass: () =>
      new Promise<boolean>((resolve) => {
        const name = String(++round)
        const done = (passed: boolean): void => {
          clearTimeout(timer)
          barrier.waiting.delete(name)
          resolve(passed)
        }
        const timer = setTimeout(() => done(false), BARRIER_TIMEOUT_MS)
        barrier.waiting.set(name, done)
        try {
          renameSync(join(barrier.directory, barrier.current), join(barrier.directory, name))
          barrier.current = name
        } catch {
          done(false)
        }
      }),
    release: () => {
      if (released) return
      released = true
      if (--barrier.users > 0 || shared !== barrier) return
      shared = undefined
      for (const done of [...barrier.waiting.values()]) done(false)
      barrier.watcher.close()
      process.removeListener('exit', barrier.removeAtExit)
      barrier.removeAtExit()
    },
  }
}

function openShared(): Shared | undefined {
  let directory: string | undefined
  try {
    directory = mkdtempSync(join(tmpdir(), 'agent-lsp-events-'))
    closeSync(openSync(join(directory, '0'), 'w'))
    const waiting = new Map<string, (passed: boolean) => void>()
    const watcher = watch(directory, (_, name) => waiting.get(String(name))?.(true))
    watcher.unref()
    watcher.on('error', () => {})
    // A user that lives as long as its process (a command's cross-check) never releases it.
    const made = directory
    const removeAtExit = (): void => rmSync(made, { recursive: true, force: true })
    process.once('exit', removeAtExit)
    return { directory, watcher, waiting, current: '0', users: 0, removeAtExit }
  } catch {
    if (directory !== undefined) rmSync(directory, { recursive: true, force: true })
    return undefined
  }
}

function readQueueLimit(): number {
  try {
    const limit = Number(readFileSync('/proc/sys/fs/inotify/max_queued_events', 'utf8').trim())
    return Number.isInteger(limit) && limit > 0 ? limit : 1_024
  } catch {
    return 1_024
  }
}
