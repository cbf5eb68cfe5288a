import { readdirSync, type Dirent } from 'node:fs'
import { join } from 'node:path'
import { compareCodeUnits } from '@agent-lsp/lsp'

/** Folders a manifest lists at most; past them, the nearest to the root (breadth first) are listed. */
const MAX_LISTED_FOLDERS = 5_000

/** Each folder holding one of `files` (relative, `/`-separated), and each above it up to the root (`''`), sorted. */
export function foldersOf(files: Iterable<string>): string[] {
  const folders = new Set<string>([''])
  for (const file of files) {
    for (let slash = file.lastIndexOf('/'); slash > 0; slash = file.lastIndexOf('/', slash - 1)) {
      const folder = file.slice(0, slash)
      if (folders.has(folder)) break
      folders.add(folder)
    }
  }
  return [...folders].sort(compareCodeUnits)
}

/** The names of the entries of the folder at `absolute`, sorted; none when it cannot be read. */
export function entriesOf(absolute: string): string[] {
  try {
    return readdirSync(absolute).sort(compareCodeUnits)
  } catch {
    return []
  }
}

/**
 * The entries of each folder under `root` (relative, `/`-separated, `''` the root; the names
 * sorted), folders in order: breadth first, at most {@link MAX_LISTED_FOLDERS}, with the folders
 * holding one of `files` and those above them always among them; folders `skipFolder` names
 * (installed packages, virtualenvs, build output) and dot folders are not entered, symlinks not
 * followed. A folder that held no indexed file at the build (`tools/` with a README) is listed too,
 * so that a source file added there is told. Each folder is read once. The folders met past the
 * bound are `unwatched` (a file added in or under them is not told: answers say so).
 */
export function folderListings(root: string, files: Iterable<string>, skipFolder: (name: string) => boolean): FolderListings {
  const listings = new Map<string, string[]>()
  const unwatched: string[] = []
  const queue = ['']
  const seen = new Set<string>([''])
  while (queue.length > 0) {
    const folder = queue.shift()!
    let entries: Dirent[]
    try {
      entries = readdirSync(join(root, folder), { withFileTypes: true })
    } catch {
      entries = []
    }
    listings.set(folder, entries.map((entry) => entry.name).sort(compareCodeUnits))
    for (const entry of entries) {
      if (!entry.isDirectory() || entry.name.startsWith('.') || skipFolder(entry.name)) continue
      const path = folder === '' ? entry.name : `${folder}/${entry.name}`
      if (seen.has(path)) continue
      if (seen.size >= MAX_LISTED_FOLDERS) {
        unwatched.push(path)
        continue
      }
      seen.add(path)
      queue.push(path)
    }
  }
  for (const folder of foldersOf(files)) if (!listings.has(folder)) listings.set(folder, entriesOf(join(root, folder)))
  const left = unwatched.filter((folder) => !listings.has(folder))
  return {
    folders: Object.fromEntries([...listings].sort(([a], [b]) => compareCodeUnits(a, b))),
    ...(left.length > 0 ? { unwatched: { count: left.length, first: left.slice(0, UNWATCHED_NAMED) } } : {}),
  }
}

/** How many of the folders past the bound a manifest names (nearest first). */
const UNWATCHED_NAMED = 3

/** What {@link folderListings} gives: the listings, and the folders past the bound (not listed, nor what is under them). */
export interface FolderListings {
  readonly folders: Record<string, readonly string[]>
  readonly unwatched?: UnwatchedFolders
}

/** Folders a manifest does not list for want of room: how many were met past the bound (those under them not counted), the nearest few. */
export interface UnwatchedFolders {
  readonly count: number
  readonly first: readonly string[]
}
