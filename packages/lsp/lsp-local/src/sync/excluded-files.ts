import { join, relative, sep } from 'node:path'
import { extensionOf } from '@agent-lsp/lsp'
import { BUILD_DIRECTORIES, DEPENDENCY_DIRECTORIES, walk } from './walk.js'

/** Bounds of one count: directories listed and levels, as the other walks of a workspace. */
const MAX_SCANNED_DIRECTORIES = 5_000
const MAX_DEPTH = 10

/** Files a server leaves out of its workspace: how many, and the nearest (relative, `/`-separated). */
export interface ExcludedFiles {
  readonly count: number
  readonly first: string | undefined
}

/**
 * The files with one of `extensions` under `root` that lie below a folder whose name matches
 * `excluded` (pyright leaves out `**∕.*`): breadth-first, following no symlink, dependency and
 * build folders (`.venv`, `.git`, `.tox`, `.cache`…) and virtualenvs left out, as nobody expects
 * those searched. Bounded (5,000 directories, 10 levels): what lies beyond is not counted.
 */
export function filesUnderExcludedFolders(root: string, excluded: RegExp, extensions: ReadonlySet<string>): ExcludedFiles {
  let count = 0
  let first: string | undefined
  const skip = (name: string): boolean => DEPENDENCY_DIRECTORIES.has(name) || BUILD_DIRECTORIES.has(name)
  walk(root, { maxDirectories: MAX_SCANNED_DIRECTORIES, maxDepth: MAX_DEPTH, skip }, ({ path, files }) => {
    const segments = path === root ? [] : relative(root, path).split(sep)
    if (!segments.some((segment) => excluded.test(segment))) return
    for (const name of files) {
      if (!extensions.has(extensionOf(name))) continue
      count++
      first ??= [...segments, name].join('/')
    }
  })
  return { count, first }
}
