// Test support (not exported): the processes a command started, and waiting for them to go.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

/** Pids of the processes below `pid`, recursively (as orphans.test.ts finds them). */
export function descendants(pid: number): number[] {
  let children: number[]
  try {
    children = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).trim().split('\n').filter(Boolean).map(Number)
  } catch {
    return [] // pgrep exits 1 when there are none
  }
  return children.flatMap((child) => [child, ...descendants(child)])
}

/** Running: it exists and is not a zombie. */
export function alive(pid: number): boolean {
  try {
    const state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0]
    return state !== undefined && state !== 'Z'
  } catch {
    return false
  }
}

/**
 * Those of `pids` still running after a bound of 5 s (the issue's, as in orphans.test.ts): a killed
 * process takes a moment to go, and there is no event for a process that is not our child.
 */
export async function survivors(pids: readonly number[]): Promise<number[]> {
  const deadline = Date.now() + 5_000
  while (pids.some(alive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
  return pids.filter(alive)
}
