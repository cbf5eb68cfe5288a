// Other processes' liveness, for tests that prove no language server outlives its host. The OS
// announces the death of a process only to its parent, so a test that did not spawn a process
// (a server's own children, a server started by a host in another process) has to look.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync } from 'node:fs'

/** How often {@link waitUntilGone} looks again, in ms. */
export const PROCESS_POLL_INTERVAL_MS = 20

/** Whether this system has Linux's `/proc` (else `ps` and `kill(pid, 0)` stand in). */
const hasProc = (): boolean => existsSync('/proc/self/stat')

/** The fields of `/proc/<pid>/stat` after the command name (which may hold spaces and `)`). */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  } catch {
    return undefined // no such process (or it went meanwhile)
  }
}

/**
 * Whether `pid` is running: it exists and is not a zombie (dead, waiting for its parent to reap
 * it). Reads `/proc/<pid>/stat` on Linux; elsewhere `kill(pid, 0)`, which cannot tell a zombie.
 */
export function isAlive(pid: number): boolean {
  if (!hasProc()) {
    try {
      process.kill(pid, 0)
      return true
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'EPERM' // exists, someone else's
    }
  }
  const state = statFields(pid)?.[0]
  return state !== undefined && state !== 'Z'
}

/** Parent pid → child pids (ascending), of every process now. */
function childrenByParent(): Map<number, number[]> {
  const pairs: [pid: number, ppid: number][] = []
  if (hasProc()) {
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue
      const ppid = statFields(Number(name))?.[1]
      if (ppid !== undefined) pairs.push([Number(name), Number(ppid)])
    }
  } else {
    // Spawned directly, no shell. `pid=` and `ppid=` print no header.
    for (const line of execFileSync('ps', ['-A', '-o', 'pid=,ppid='], { encoding: 'utf8' }).split('\n')) {
      const [pid, ppid] = line.trim().split(/\s+/).map(Number)
      if (pid !== undefined && ppid !== undefined && Number.isInteger(pid) && Number.isInteger(ppid)) pairs.push([pid, ppid])
    }
  }
  const children = new Map<number, number[]>()
  for (const [pid, ppid] of pairs.sort(([a], [b]) => a - b)) children.set(ppid, [...(children.get(ppid) ?? []), pid])
  return children
}

/**
 * Pids of the processes below `pid` (children, their children, ...), each child followed by its
 * own descendants, children in ascending order; zombies included. One snapshot of the process
 * table (`/proc`, else `ps`): a process started or reparented after it is not seen.
 */
export function descendantPids(pid: number): number[] {
  const children = childrenByParent()
  const below = (parent: number): number[] => (children.get(parent) ?? []).flatMap((child) => [child, ...below(child)])
  return below(pid)
}

/**
 * Wait until none of `pids` is running ({@link isAlive}), looking every
 * {@link PROCESS_POLL_INTERVAL_MS} ms for at most `timeoutMs`, and resolve with those still
 * running then (`[]`: all gone). A bounded poll, because no event announces the death of a
 * process that is not one's child; a killed process takes a moment to go.
 */
export async function waitUntilGone(pids: readonly number[], timeoutMs: number): Promise<number[]> {
  const deadline = Date.now() + timeoutMs
  while (pids.some(isAlive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, PROCESS_POLL_INTERVAL_MS))
  return pids.filter(isAlive)
}
