import { readdirSync, readFileSync } from 'node:fs'

/**
 * The resident memory of process group `pgid` (a server and everything it started: tsserver, its
 * workers), in bytes: the sum of `VmRSS` over the processes whose group it is, read from `/proc`.
 * `null` where `/proc` is not there, or no process of the group is left.
 */
export function groupRssBytes(pgid: number): number | null {
  let total = 0
  let found = false
  let names: string[]
  try {
    names = readdirSync('/proc')
  } catch {
    return null
  }
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      // After the command's closing parenthesis: state, ppid, pgrp, …
      const group = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2])
      if (group !== pgid) continue
      const rss = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${name}/status`, 'utf8'))
      if (rss) total += Number(rss[1]) * 1024
      found = true
    } catch {
      // gone meanwhile
    }
  }
  return found ? total : null
}
