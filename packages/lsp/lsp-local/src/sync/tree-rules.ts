import { lstatSync, readdirSync, type Stats } from 'node:fs'
import { join } from 'node:path'
import { PACKAGE_DIRECTORY, SKIPPED_DIRECTORIES } from './tree-scan.js'

/** What a watched folder is: of the tree, a `node_modules`, a `@scope` in one, or a package. */
export type FolderKind = 'tree' | 'modules' | 'scope' | 'package'

/** An entry as a listing or `lstat` tells it. */
export type Entry = Pick<Stats, 'isFile' | 'isDirectory' | 'isSymbolicLink'>

/** The file an entry of a folder of `kind` stands for: a package's `package.json` in `node_modules` or a scope, else itself. */
export function manifestOrFile(kind: FolderKind, path: string): string {
  return kind === 'modules' || kind === 'scope' ? join(path, 'package.json') : path
}

/** What folder `name` in a folder of `parentKind` is watched as, if any (the rules `scanTree` walks by). */
export function folderKind(parentKind: FolderKind, name: string, entry: Entry | undefined): FolderKind | undefined {
  if (entry === undefined) return undefined
  switch (parentKind) {
    case 'tree':
      if (!entry.isDirectory() || SKIPPED_DIRECTORIES.has(name)) return undefined
      return name === PACKAGE_DIRECTORY ? 'modules' : 'tree'
    case 'modules':
      if (name.startsWith('.') || !(entry.isDirectory() || entry.isSymbolicLink())) return undefined
      return name.startsWith('@') ? 'scope' : 'package'
    case 'scope':
      return entry.isDirectory() || entry.isSymbolicLink() ? 'package' : undefined
    case 'package':
      return undefined
  }
}

export function lstatOf(path: string): Stats | undefined {
  try {
    return lstatSync(path)
  } catch {
    return undefined
  }
}

export function listNames(path: string): string[] {
  try {
    return readdirSync(path)
  } catch {
    return []
  }
}
