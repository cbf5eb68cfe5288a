import { readdirSync, realpathSync, statSync, type Dirent } from 'node:fs'
import { join } from 'node:path'
import { compareCodeUnits } from '@agent-lsp/lsp'
import { grouped } from '@agent-lsp/wording'

/**
 * Folders that hold what a project depends on rather than its own sources: VCS data, installed
 * packages, virtualenvs, tool caches. No walk of ours enters them (a server that wants them
 * watches them itself); a folder holding `pyvenv.cfg` is a virtualenv whatever its name.
 */
export const DEPENDENCY_DIRECTORIES: ReadonlySet<string> = new Set([
  '.git',
  '.hg',
  '.svn',
  'node_modules',
  'bower_components',
  '.yarn',
  '.pnpm-store',
  '.venv',
  'venv',
  '__pycache__',
  '.tox',
  '.nox',
  '.eggs',
  '.mypy_cache',
  '.pytest_cache',
  '.ruff_cache',
])

/** Folders of build output and tool state, skipped where a project's own sources are wanted. */
export const BUILD_DIRECTORIES: ReadonlySet<string> = new Set(['dist', 'build', 'out', 'coverage', '.turbo', '.next', '.nuxt', '.svelte-kit', '.cache', '.parcel-cache'])

/**
 * Bounds of a walk over a project's own sources: dependency, build and dot folders skipped, 5,000
 * folders and 32 levels at most, so a huge tree costs a bounded time (the folders bound it; a deep chain
 * of folders alone, 11 levels, made a search for any Python file give up). Symlinked folders are
 * followed, as tsc follows them (`src -> /elsewhere/src` is the project's sources), each real folder once.
 */
export const SOURCES_WALK: WalkBounds & { readonly skip: (name: string) => boolean } = {
  maxDirectories: 5_000,
  maxDepth: 32,
  followLinks: true,
  skip: (name) => DEPENDENCY_DIRECTORIES.has(name) || BUILD_DIRECTORIES.has(name) || name.startsWith('.'),
}

/** {@link SOURCES_WALK}'s bounds as an answer names them: `5,000 folders, 32 levels`. */
export const SOURCES_WALK_BOUNDS = `${grouped(SOURCES_WALK.maxDirectories)} folders, ${SOURCES_WALK.maxDepth} levels`

/** What a walk saw of one directory: its regular files and the folders it will enter, by name, sorted. */
export interface WalkedDirectory {
  readonly path: string
  /** 0 for the walk's root. */
  readonly depth: number
  /** Every entry's name (files, folders, links), sorted: markers are looked up here. */
  readonly names: readonly string[]
  /** Regular files (not symlinks), sorted. */
  readonly files: readonly string[]
  /** Folders the walk may enter next (real ones, and symlinked ones when it follows them), skipped ones left out, sorted. */
  readonly directories: readonly string[]
}

/** Bounds of a {@link walk}: directories listed, and levels below the root. */
export interface WalkBounds {
  readonly maxDirectories: number
  readonly maxDepth: number
  /** Whether a folder (by name) is left out; default {@link DEPENDENCY_DIRECTORIES}. */
  readonly skip?: (name: string) => boolean
  /** Whether symlinks to folders are entered too (each real folder once: a loop is entered no further); default not. */
  readonly followLinks?: boolean
}

/** What `visit` tells the walk: go on, do not enter this directory's folders, or stop. */
export type WalkStep = 'continue' | 'prune' | 'stop'

/**
 * A breadth-first walk under `root` that follows no symlink (a link to a folder, `src/loop -> ..`,
 * is neither entered nor listed as a file), so each real file is seen once and a loop costs
 * nothing; folders `skip` names and virtualenvs (`pyvenv.cfg`) are not entered. With
 * `followLinks`, a link to a folder is entered under its own path unless its real folder was
 * (a loop, or a second way to one folder), so each real file is still seen once.
 * @returns `true` when it ended within its bounds (or `visit` stopped it), `false` when a bound
 *   cut it short.
 */
export function walk(root: string, bounds: WalkBounds, visit: (directory: WalkedDirectory) => WalkStep | void): boolean {
  const skip = bounds.skip ?? ((name: string) => DEPENDENCY_DIRECTORIES.has(name))
  const follow = bounds.followLinks === true
  // With `followLinks`: the real folders entered (a real child's real path is its parent's joined with its name).
  const entered = new Set<string>()
  let listed = 0
  let level: { readonly path: string; readonly real: string | undefined }[] = [{ path: root, real: follow ? realpathOrUndefined(root) : undefined }]
  for (let depth = 0; level.length > 0; depth++) {
    if (depth > bounds.maxDepth) return false
    const next: typeof level = []
    for (const { path, real } of level) {
      if (follow && (real === undefined || entered.has(real))) continue
      if (real !== undefined) entered.add(real)
      if (++listed > bounds.maxDirectories) return false
      const directory = list(path, depth, skip, follow)
      if (directory === undefined) continue
      const step = visit(directory)
      if (step === 'stop') return true
      if (step !== 'prune') for (const { name, link } of directory.entered) next.push({ path: join(path, name), real: !follow ? undefined : link ? realpathOrUndefined(join(path, name)) : real && join(real, name) })
    }
    level = next
  }
  return true
}

function realpathOrUndefined(path: string): string | undefined {
  try {
    return realpathSync(path)
  } catch {
    return undefined
  }
}

/** Whether `entry` (in `folder`) is a symlink to a folder. */
function linksToFolder(folder: string, entry: Dirent): boolean {
  try {
    return entry.isSymbolicLink() && statSync(join(folder, entry.name)).isDirectory()
  } catch {
    return false // dangling
  }
}

function list(path: string, depth: number, skip: (name: string) => boolean, follow: boolean): (WalkedDirectory & { readonly entered: readonly { readonly name: string; readonly link: boolean }[] }) | undefined {
  let entries
  try {
    entries = readdirSync(path, { withFileTypes: true })
  } catch {
    return undefined // gone, or not readable: nothing to see
  }
  entries.sort((a, b) => compareCodeUnits(a.name, b.name))
  const names = entries.map((entry) => entry.name)
  // A virtualenv below the root is a dependency: not entered.
  if (depth > 0 && names.includes('pyvenv.cfg')) return { path, depth, names, files: [], directories: [], entered: [] }
  const entered = entries.flatMap((entry) => (skip(entry.name) ? [] : entry.isDirectory() ? [{ name: entry.name, link: false }] : follow && linksToFolder(path, entry) ? [{ name: entry.name, link: true }] : []))
  return {
    path,
    depth,
    names,
    files: entries.filter((entry) => entry.isFile()).map((entry) => entry.name),
    directories: entered.map((entry) => entry.name),
    entered,
  }
}
