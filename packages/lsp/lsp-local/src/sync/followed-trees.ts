import type { IsWatched } from './tree-scan.js'
import { WatchedTree } from './watched-tree.js'

/**
 * Folders beside a server's root, each followed by a {@link WatchedTree} of its own (`WatchedBases`,
 * `WatchedLinks`): at most `max`, the first wanted ones, each taking what is on disk when it is
 * first followed as its baseline.
 */
export class FollowedTrees {
  readonly #trees = new Map<string, WatchedTree>()

  constructor(
    private readonly isWatched: IsWatched,
    private readonly incremental: boolean,
    private readonly max: number,
  ) {}

  /** The trees followed now. */
  get trees(): Iterable<WatchedTree> {
    return this.#trees.values()
  }

  /** The folders followed now whose tree gave up following events and scans in full instead (see `WatchedTree.incremental`); none when scanning was asked for. */
  gaveUp(): string[] {
    return this.incremental ? [...this.#trees].flatMap(([folder, tree]) => (tree.incremental ? [] : [folder])) : []
  }

  /** Follow each of `wanted` (the first `max`), and stop following the others. */
  follow(wanted: ReadonlySet<string>): void {
    for (const [folder, tree] of this.#trees) {
      if (wanted.has(folder)) continue
      tree.dispose()
      this.#trees.delete(folder)
    }
    for (const folder of wanted) {
      if (this.#trees.has(folder) || this.#trees.size >= this.max) continue
      // What is on disk now is what the server read; changes count from here.
      this.#trees.set(folder, new WatchedTree(folder, this.isWatched, this.incremental))
    }
  }

  dispose(): void {
    for (const tree of this.#trees.values()) tree.dispose()
    this.#trees.clear()
  }
}
