import { isDirectory, isInside, realpathOrNull } from './paths.js'
import type { IsWatched } from './tree-scan.js'
import { FollowedTrees } from './followed-trees.js'
import type { WatchedTree } from './watched-tree.js'

/** A bound on the folders outside its root that one server's watched files follow through symlinks. */
const MAX_LINKED = 16

/**
 * The folders outside the root that symlinks inside it lead to (`src/ext -> ../../vendor/ext`),
 * each followed by a {@link WatchedTree} rooted at its link: a change there is reported under the
 * link's path, the one the server read the file by. The root's own tree follows no symlink, so an
 * edit there went unseen while the server answered from the file as it first read it. A link to a
 * folder inside the root (reported through the link already, see `throughLinks`) or holding it (a
 * loop) is left out, as is a folder too big to follow by events (see `WatchedTree`); links inside a
 * followed folder are not followed again (one link deep).
 */
export class WatchedLinks {
  readonly #followed: FollowedTrees
  /** Links whose folder was too big to follow by events: not followed (a scan of it before every query would cost more than the root's). */
  readonly #tooBig = new Set<string>()

  constructor(
    private readonly root: string,
    isWatched: IsWatched,
    incremental: boolean,
  ) {
    this.#followed = new FollowedTrees(isWatched, incremental, MAX_LINKED)
  }

  /** The trees followed now. */
  get trees(): Iterable<WatchedTree> {
    return this.#followed.trees
  }

  /** Follow those of `links` (symlinks inside the root) that lead to a folder outside it, and stop following the others. */
  follow(links: Iterable<string>): void {
    const outside = [...links].filter((link) => {
      const target = realpathOrNull(link)
      return target !== null && !isInside(target, this.root) && !isInside(this.root, target) && isDirectory(target)
    })
    const followable = (): Set<string> => new Set(outside.filter((link) => !this.#tooBig.has(link)))
    for (const link of this.#followed.gaveUp()) this.#tooBig.add(link)
    this.#followed.follow(followable())
    // A folder past the bounds at its first walk gives up at once: let it go now too.
    const gaveUp = this.#followed.gaveUp()
    if (gaveUp.length === 0) return
    for (const link of gaveUp) this.#tooBig.add(link)
    this.#followed.follow(followable())
  }

  dispose(): void {
    this.#followed.dispose()
  }
}
