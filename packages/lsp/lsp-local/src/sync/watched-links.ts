import { isDirectory, isInside, realpathOrNull } from './paths.js'
import type { IsWatched } from './tree-scan.js'
import { WatchedTree } from './watched-tree.js'

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
  readonly #trees = new Map<string, WatchedTree>()
  /** Links whose folder was too big to follow by events: not followed (a scan of it before every query would cost more than the root's). */
  readonly #tooBig = new Set<string>()

  constructor(
    private readonly root: string,
    private readonly isWatched: IsWatched,
    private readonly incremental: boolean,
  ) {}

  /** The trees followed now. */
  get trees(): Iterable<WatchedTree> {
    return this.#trees.values()
  }

  /** Follow those of `links` (symlinks inside the root) that lead to a folder outside it, and stop following the others. */
  follow(links: Iterable<string>): void {
    const wanted = new Set<string>()
    for (const link of links) {
      const target = realpathOrNull(link)
      if (target !== null && !isInside(target, this.root) && !isInside(this.root, target) && isDirectory(target)) wanted.add(link)
    }
    for (const [link, tree] of this.#trees) {
      if (this.incremental && !tree.incremental) this.#tooBig.add(link)
      if (wanted.has(link) && !this.#tooBig.has(link)) continue
      tree.dispose()
      this.#trees.delete(link)
    }
    for (const link of wanted) {
      if (this.#trees.has(link) || this.#tooBig.has(link) || this.#trees.size >= MAX_LINKED) continue
      // What is there now is what the server read; changes count from here.
      const tree = new WatchedTree(link, this.isWatched, this.incremental)
      if (this.incremental && !tree.incremental) {
        this.#tooBig.add(link)
        tree.dispose()
      } else this.#trees.set(link, tree)
    }
  }

  dispose(): void {
    for (const tree of this.#trees.values()) tree.dispose()
    this.#trees.clear()
  }
}
