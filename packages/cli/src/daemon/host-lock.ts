import { LspError } from '@agent-lsp/lsp'
import { closeSync, existsSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'

/** How long a second starter waits for the first to finish starting (ms). */
export const LOCK_WAIT_MS = 10_000
/** Between two looks at a lock another process holds (ms). */
const LOCK_POLL_MS = 25

/**
 * Take the start lock: create `file` exclusively with our pid in it. Held only while a host
 * checks for a live one and binds the socket (milliseconds), so two commands racing to start a
 * host start one. A lock whose holder is gone (killed while starting) is taken over.
 * @returns the release function (idempotent).
 * @throws LspError `LSP_HOST_UNAVAILABLE` after {@link LOCK_WAIT_MS} held by a live process.
 */
export async function takeLock(file: string): Promise<() => void> {
  const deadline = Date.now() + LOCK_WAIT_MS
  for (;;) {
    try {
      const fd = openSync(file, 'wx', 0o600)
      writeSync(fd, String(process.pid))
      closeSync(fd)
      let held = true
      return () => {
        if (held) removeQuietly(file)
        held = false
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const holder = pidIn(file)
    if (holder !== undefined && !isAlive(holder)) removeQuietly(file)
    else if (Date.now() > deadline) throw new LspError('LSP_HOST_UNAVAILABLE', `the agent-lsp host start lock ${file} is held by process ${holder ?? '?'}`)
    else await sleep(LOCK_POLL_MS)
  }
}

/** The pid written in `file` (a lock, or `host.pid`), or `undefined` when it is gone or holds none yet. */
export function pidIn(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8'))
    return Number.isInteger(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined // gone meanwhile, or written a moment from now
  }
}

/**
 * Whether process `pid` runs: it exists (signal 0 checks without sending anything) and, where
 * `/proc` tells, is not a zombie (a killed process nobody has reaped yet holds no socket or lock).
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
  try {
    // The state follows the command name in parentheses, which may itself hold spaces or ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z'
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ENOENT' || existsSync('/proc/self') === false
  }
}

function removeQuietly(file: string): void {
  try {
    unlinkSync(file)
  } catch {
    // already gone
  }
}
