import { readdirSync, statSync, type Dirent } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { stampOf } from './disk-text.js'

/** Folders never scanned: VCS data. A server that wants them watches them itself. */
export const SKIPPED_DIRECTORIES: ReadonlySet<string> = new Set(['.git', '.hg', '.svn'])
/**
 * Folders of installed packages: only their packages are scanned (`<pkg>/package.json` and
 * `@scope/<pkg>/package.json`, one level), not what is inside them.
 */
export const PACKAGE_DIRECTORY = 'node_modules'
/** A bound on the watched files of one tree, so that a huge tree costs a bounded time. */
export const MAX_SCANNED_FILES = 50_000

/** Whether a server watches a file: its path relative to the root (`/`-separated) and absolute. */
export type IsWatched = (relativePath: string, path: string) => boolean

/**
 * Every watched file under `root` and its stamp ({@link stampOf}), depth-first, bounded at
 * {@link MAX_SCANNED_FILES}: VCS folders skipped, no symlink followed (`links` lists them, see
 * `throughLinks`), a `node_modules` folder read for its packages' `package.json` only (see
 * {@link packageManifests}).
 */
export function scanTree(root: string, isWatched: IsWatched): { files: Map<string, string>; links: Set<string> } {
  const files = new Map<string, string>()
  const links = new Set<string>()
  const pending = [root]
  while (pending.length > 0 && files.size < MAX_SCANNED_FILES) {
    const directory = pending.pop()!
    for (const entry of listEntries(directory)) {
      const path = join(directory, entry.name)
      if (entry.isDirectory() && entry.name === PACKAGE_DIRECTORY) {
        for (const manifest of packageManifests(path)) record(root, manifest, isWatched, files)
      } else if (entry.isDirectory()) {
        if (!SKIPPED_DIRECTORIES.has(entry.name)) pending.push(path)
      } else if (entry.isFile()) {
        record(root, path, isWatched, files)
      } else if (entry.isSymbolicLink()) {
        links.add(path)
      }
    }
  }
  return { files, links }
}

/** `path` relative to `root`, `/`-separated, as globs are written. */
export function relativeOf(root: string, path: string): string {
  return relative(root, path).split(sep).join('/')
}

/** Put `path`'s stamp in `files` if a watcher wants it and it exists. */
function record(root: string, path: string, isWatched: IsWatched, files: Map<string, string>): void {
  if (!isWatched(relativeOf(root, path), path)) return
  const stamp = stampOf(path)
  if (stamp !== undefined) files.set(path, stamp)
}

/**
 * The `package.json` paths of the packages in a `node_modules` folder: `<pkg>` and
 * `@scope/<pkg>`, folders or symlinks to them (pnpm); `.bin`, `.pnpm` and other dot entries left
 * out. One `readdir` for the folder and one per scope.
 */
export function packageManifests(nodeModules: string): string[] {
  const manifests: string[] = []
  for (const entry of listEntries(nodeModules)) {
    if (!isPackageEntry(entry)) continue
    if (!entry.name.startsWith('@')) {
      manifests.push(join(nodeModules, entry.name, 'package.json'))
      continue
    }
    for (const scoped of listEntries(join(nodeModules, entry.name))) {
      if (scoped.isDirectory() || scoped.isSymbolicLink()) manifests.push(join(nodeModules, entry.name, scoped.name, 'package.json'))
    }
  }
  return manifests
}

/** Whether a `node_modules` (or scope) entry is a package: a folder or a symlink, not a dot entry. */
export function isPackageEntry(entry: { readonly name: string; isDirectory(): boolean; isSymbolicLink(): boolean }): boolean {
  return !entry.name.startsWith('.') && (entry.isDirectory() || entry.isSymbolicLink())
}

/** A directory's entries; none when it is gone or not readable. */
export function listEntries(directory: string): Dirent[] {
  try {
    return readdirSync(directory, { withFileTypes: true })
  } catch {
    return []
  }
}
