import { realpathSync } from 'node:fs'
import { sep } from 'node:path'
import { isInside } from './paths.js'
import type { TreeChange } from './tree-changes.js'
import { relativeOf, type IsWatched } from './tree-scan.js'

/**
 * `changes` and, for each under what a symlink inside `root` points to (a file, or a folder), the
 * same change through the link: tsserver names a file of a symlinked folder by the first path it met
 * (`linked/a.ts`, not `real/a.ts`), and answers from its old text unless told under that name. A
 * link pointing outside the root, or to a folder holding the link (a loop), adds nothing; aliases
 * are not expanded again (one link deep). Links are resolved now (a `realpath` each): they are few.
 */
export function throughLinks(changes: TreeChange[], links: ReadonlySet<string>, root: string, isWatched: IsWatched): TreeChange[] {
  if (changes.length === 0 || links.size === 0) return changes
  const targets: Array<[link: string, target: string]> = []
  for (const link of links) {
    let target: string
    try {
      target = realpathSync.native(link)
    } catch {
      continue // dangling
    }
    if (isInside(target, root) && !isInside(link, target)) targets.push([link, target])
  }
  const aliases: TreeChange[] = []
  for (const change of changes) {
    for (const [link, target] of targets) {
      const below = change.path === target ? '' : change.path.startsWith(`${target}${sep}`) ? change.path.slice(target.length) : undefined
      const path = below === undefined ? undefined : `${link}${below}`
      if (path !== undefined && isWatched(relativeOf(root, path), path)) aliases.push({ ...change, path })
    }
  }
  return aliases.length === 0 ? changes : [...changes, ...aliases]
}
