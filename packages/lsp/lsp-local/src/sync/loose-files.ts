import { dirname, join, relative, sep } from 'node:path'
import { compareCodeUnits, extensionOf } from '@agent-lsp/lsp'
import { nearestMarkedDirectory } from './projects.js'
import { BUILD_DIRECTORIES, DEPENDENCY_DIRECTORIES, walk } from './walk.js'

/** Bounds of one walk, as the other walks of a workspace. */
const MAX_SCANNED_DIRECTORIES = 5_000
const MAX_DEPTH = 10

/** The source files under a root that no project marker covers. */
export interface LooseFiles {
  /** The nearest of them to the anchor, at most the bound asked for (absolute paths). */
  readonly nearest: readonly string[]
  /** The nearest of those beyond the bound, if any. */
  readonly firstLeftOut: string | undefined
  /** How many there are in all (a lower bound when `counted` is false). */
  readonly total: number
  /** Whether the walk saw the whole tree (5,000 folders, 10 levels): else there may be more. */
  readonly counted: boolean
}

/**
 * The files with one of `extensions` under `root` that no project marker covers (no `markers`
 * file in their folder or any above it, to the filesystem root): what a server that searches only
 * its projects and the files it was given (tsserver) cannot see unless they are opened. Walks
 * breadth-first without following symlinks, skipping dependency and build folders and every
 * folder with a marker; none at all when `root` itself is covered. `nearest` holds the `max`
 * closest to the folder `anchor` (fewest folders up and down between them, then by path).
 */
export function looseFiles(root: string, markers: readonly string[], extensions: ReadonlySet<string>, anchor: string, max: number): LooseFiles {
  if (markers.length === 0 || nearestMarkedDirectory(join(root, 'file'), markers) !== undefined || max < 0) return { nearest: [], firstLeftOut: undefined, total: 0, counted: true }
  const found: string[] = []
  const skip = (name: string): boolean => DEPENDENCY_DIRECTORIES.has(name) || BUILD_DIRECTORIES.has(name)
  const counted = walk(root, { maxDirectories: MAX_SCANNED_DIRECTORIES, maxDepth: MAX_DEPTH, skip }, ({ path, names, files }) => {
    if (path !== root && names.some((name) => markers.includes(name))) return 'prune' // a project: the server loads it
    for (const name of files) if (extensions.has(extensionOf(name))) found.push(join(path, name))
  })
  // Folders up from the anchor to the common ancestor, then down to the file's folder.
  const distance = (file: string): number => relative(anchor, dirname(file)).split(sep).filter((step) => step !== '').length
  const ranked = found.map((file) => ({ file, distance: distance(file) })).sort((a, b) => a.distance - b.distance || compareCodeUnits(a.file, b.file))
  return { nearest: ranked.slice(0, max).map(({ file }) => file), firstLeftOut: ranked[max]?.file, total: found.length, counted }
}
