import { stampOf, statNow } from './disk-text.js'
import type { DocumentServer } from './document-server.js'

/**
 * The stamps of the open documents' files (see `stampOf`), and which of them the server's watched
 * files vouch for: a file no look reported changed since its stamp was taken (see
 * `WatchedFiles.onLook`) is, right after a look, in a view with no event pending, current without
 * a `stat` (`WatchedFiles.quietFile`). With 64 documents open a query cost 64 stats and ~110 KB of
 * garbage before.
 */
export class DocumentStamps {
  /** Files taken as unchanged since their last stamp, until a look reports them. */
  readonly #unchanged = new Set<string>()

  constructor(private readonly watchedFiles: DocumentServer['watchedFiles']) {
    watchedFiles?.onLook((changes) => {
      if (changes === undefined) this.#unchanged.clear()
      else for (const { path } of changes) this.#unchanged.delete(path)
    })
  }

  /**
   * The stamp of `path`'s file now (`undefined`: gone): `known` (its last) when the caller passed a
   * look since its query began (`looked`) that left it unreported in a quiet view, else {@link take}.
   */
  current(path: string, known: string, looked: boolean): string | undefined {
    if (looked && known !== '' && this.#unchanged.has(path) && this.watchedFiles?.quietFile(path) === true) return known
    return this.take(path)
  }

  /**
   * A `stat`'s stamp of `path`, which counts as unchanged from now until a look reports it (in the
   * same turn: a look reporting a write made after the stat comes later). Not a file with other
   * hard links: a write through one in another folder sends no event to this one's.
   */
  take(path: string): string | undefined {
    const stats = statNow(path)
    if (stats?.nlink === 1n) this.#unchanged.add(path)
    else this.#unchanged.delete(path)
    return stats && stampOf(stats)
  }

  /** The document of `path` was closed. */
  forget(path: string): void {
    this.#unchanged.delete(path)
  }
}
