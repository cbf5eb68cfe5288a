import { sep } from 'node:path'
import { PACKAGE_DIRECTORY, type IsWatched } from './tree-scan.js'
import { isInside } from './paths.js'
import { FollowedTrees } from './followed-trees.js'
import type { WatchedTree } from './watched-tree.js'

/** A bound on the folders outside its root one server's watched files follow. */
const MAX_BASES = 16

/**
 * The folders a server registered globs for (a `RelativePattern`'s base) that lie outside its root
 * but inside a workspace root a query came from, each followed by a {@link WatchedTree} of its own:
 * pyright's `extraPaths`, a sibling folder of the monorepo a project imports, is such a base, and a
 * change there must reach the server as one under its root does. Bases outside every workspace (the
 * standard library), installed packages (see `installed`) and a base holding the root are left to the server.
 * Folders the project itself names as its sources (`linked`: a go.mod's `replace … => ../sys`) are
 * followed wherever they lie, as the server registers none for them (gopls watches its modules only).
 */
export class WatchedBases {
  readonly #followed: FollowedTrees
  readonly #workspaces = new Set<string>()

  constructor(
    private readonly root: string,
    isWatched: IsWatched,
    incremental: boolean,
  ) {
    this.#followed = new FollowedTrees(isWatched, incremental, MAX_BASES)
  }

  /** The trees followed now. */
  get trees(): Iterable<WatchedTree> {
    return this.#followed.trees
  }

  /** Count `workspaceRoot` as the user's; `true` when it was not yet (the bases are then to be followed again). */
  include(workspaceRoot: string): boolean {
    if (this.#workspaces.has(workspaceRoot)) return false
    this.#workspaces.add(workspaceRoot)
    return true
  }

  /** Follow the registered `bases` and the `linked` folders that qualify (see the class), the linked ones first, and stop following the others. */
  follow(bases: Iterable<string>, linked: Iterable<string>): void {
    const wanted = new Set<string>()
    for (const folder of linked) if (this.#qualifies(folder)) wanted.add(folder)
    for (const base of bases) {
      if (this.#qualifies(base) && [...this.#workspaces].some((workspace) => isInside(base, workspace))) wanted.add(base)
    }
    this.#followed.follow(wanted)
  }

  /**
   * Those of `linked` that are not followed, or would not be once given to {@link follow}: installed
   * packages, one holding the root (its other files), or past the bound of 16 (the linked ones come first).
   */
  unfollowedOf(linked: readonly string[]): string[] {
    const outside = linked.filter((folder) => !isInside(folder, this.root))
    const followed = new Set(outside.filter((folder) => this.#qualifies(folder)).slice(0, MAX_BASES))
    return outside.filter((folder) => !followed.has(folder))
  }

  #qualifies(folder: string): boolean {
    return !isInside(folder, this.root) && !isInside(this.root, folder) && !installed(folder)
  }

  dispose(): void {
    this.#followed.dispose()
  }
}

/**
 * Whether `base` holds installed packages (a virtualenv's `site-packages`, a Python's `lib/python3.11`,
 * `node_modules`): thousands of folders, past the bounds a tree follows by events, and not the user's to edit.
 */
function installed(base: string): boolean {
  const segments = base.split(sep)
  return segments.some((segment, i) => INSTALLED_FOLDERS.has(segment) || (/^python\d/.test(segment) && segments[i - 1] === 'lib'))
}

const INSTALLED_FOLDERS: ReadonlySet<string> = new Set(['site-packages', 'dist-packages', PACKAGE_DIRECTORY])
