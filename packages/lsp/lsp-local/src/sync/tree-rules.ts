import { lstatSync, readdirSync, statfsSync, type Stats } from 'node:fs'
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

/**
 * `statfs` types (linux/magic.h) of file systems whose files others change where this kernel sends
 * no inotify event: NFS, SMB/CIFS, FUSE (sshfs, virtiofs, Docker Desktop's shares), 9p (WSL's
 * Windows drives), Ceph, AFS.
 */
const REMOTE_FILE_SYSTEMS: ReadonlySet<number> = new Set([0x6969, 0x517b, 0xff534d42, 0xfe534d42, 0x65735546, 0x01021997, 0x00c36400, 0x5346414f, 0x6b414653])

/** Whether file-system events tell of every change under `path`: not on a remote or FUSE file system (nor one `statfs` cannot name). */
export function eventsTellAll(path: string): boolean {
  try {
    return !REMOTE_FILE_SYSTEMS.has(Number(statfsSync(path).type))
  } catch {
    return false
  }
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

/**
 * `inode:birth time` of `path` (not followed), `undefined` when it is gone: a folder deleted and
 * made again often gets the same inode number (ext4), never the same birth time.
 */
export function identityOf(path: string): string | undefined {
  const stats = lstatOf(path)
  return stats === undefined ? undefined : `${stats.ino}:${stats.birthtimeMs}`
}

export function listNames(path: string): string[] {
  try {
    return readdirSync(path)
  } catch {
    return []
  }
}
