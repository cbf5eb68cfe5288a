import { join } from 'node:path'
import { extensionOf } from '@agent-lsp/lsp'
import { stampOf } from './disk-text.js'
import { BUILD_DIRECTORIES, DEPENDENCY_DIRECTORIES, walk } from './walk.js'

/**
 * Bounds of one scan (directories listed, levels, files stat'ed). Folders skipped: dependency and
 * build output (CMake's `CMakeFiles` among them: it holds `CMakeCCompilerId.c` of every build)
 * and dot folders, which hold tool state (clangd writes its index to `.cache/clangd` as it works).
 */
const MAX_DIRECTORIES = 5_000
const MAX_DEPTH = 32
const MAX_FILES = 50_000
const skip = (name: string): boolean => name.startsWith('.') || name === 'CMakeFiles' || DEPENDENCY_DIRECTORIES.has(name) || BUILD_DIRECTORIES.has(name)

/** One scan of the source files under a root, against what was taken in before it. */
export interface SourceScan {
  /** Every file found (absolute path → its `stampOf`: size, mtime, ctime, inode), breadth-first: the nearest to the root first. */
  readonly files: ReadonlyMap<string, string>
  /** Files created or changed since they were last {@link SourceFiles.accept}ed (or since the baseline). */
  readonly changed: readonly string[]
  /** Files gone since. */
  readonly deleted: readonly string[]
  /** Whether the scan saw the whole tree (else it stopped at a bound: 5,000 folders, 32 levels, 50,000 files). */
  readonly complete: boolean
}

/**
 * The files with a server's extensions under its root, as they are on disk, for a server that
 * reads no change of a file it does not have open (see `LocalServerConfig.openChangedFiles`): what
 * it was last given of each (its state when the server started, then what the host sent it), and
 * what changed since. A change counts once the host has given it to the server ({@link accept}), so
 * a file the server had not taken in when a query ended is sent again before the next one.
 */
export class SourceFiles {
  /** Path → stamp of what the server has of each file. */
  readonly #given = new Map<string, string>()

  constructor(
    private readonly root: string,
    private readonly extensions: ReadonlySet<string>,
  ) {
    // What is on disk when the server starts is what it reads itself.
    for (const [path, stamp] of listFiles(root, extensions).files) this.#given.set(path, stamp)
  }

  /** Scan the tree now (bounded). Nothing counts as given until {@link accept}. */
  scan(): SourceScan {
    const { files, complete } = listFiles(this.root, this.extensions)
    const changed = [...files].filter(([path, stamp]) => this.#given.get(path) !== stamp).map(([path]) => path)
    // A file beyond the bounds is not known to be gone.
    const deleted = complete ? [...this.#given.keys()].filter((path) => !files.has(path)) : []
    return { files, changed, deleted, complete }
  }

  /** Note that the server has taken in `paths` as `scan` saw them (a file it did not see as gone). */
  accept(scan: SourceScan, paths: Iterable<string>): void {
    for (const path of paths) {
      const stamp = scan.files.get(path)
      if (stamp === undefined) this.#given.delete(path)
      else this.#given.set(path, stamp)
    }
  }
}

/** The files with `extensions` under `root` and their stamps, breadth-first, bounded (see {@link MAX_DIRECTORIES}). */
function listFiles(root: string, extensions: ReadonlySet<string>): { files: Map<string, string>; complete: boolean } {
  const files = new Map<string, string>()
  let full = false
  const walked = walk(root, { maxDirectories: MAX_DIRECTORIES, maxDepth: MAX_DEPTH, skip }, ({ path, files: names }) => {
    for (const name of names) {
      if (!extensions.has(extensionOf(name))) continue
      if (files.size >= MAX_FILES) {
        full = true
        return 'stop'
      }
      const file = join(path, name)
      // Not there: gone since the listing (or not a file).
      const stamp = stampOf(file)
      if (stamp !== undefined) files.set(file, stamp)
    }
    return 'continue'
  })
  return { files, complete: walked && !full }
}
