import { readdirSync, readFileSync } from 'node:fs'

/**
 * The resident memory of process group `pgid` (a server and everything it started: tsserver, its
 * workers), in bytes: the sum of `VmRSS` over the processes whose group it is, read from `/proc`.
 * `null` where `/proc` is not there, or no process of the group is left.
 */
export function groupRssBytes(pgid: number): number | null {
  return groupsRssBytes(new Set([pgid])).get(pgid) ?? null
}

/**
 * {@link groupRssBytes} of several groups in one pass over `/proc`: bytes by group id, only for the
 * groups that still have a process (none where `/proc` is not there).
 */
export function groupsRssBytes(pgids: ReadonlySet<number>): Map<number, number> {
  const totals = new Map<number, number>()
  let names: string[]
  try {
    names = readdirSync('/proc')
  } catch {
    return totals
  }
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      // After the command's closing parenthesis: state, ppid, pgrp, …
      const group = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2])
      if (!pgids.has(group)) continue
      const rss = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${name}/status`, 'utf8'))
      totals.set(group, (totals.get(group) ?? 0) + (rss ? Number(rss[1]) * 1024 : 0))
    } catch {
      // gone meanwhile
    }
  }
  return totals
}
