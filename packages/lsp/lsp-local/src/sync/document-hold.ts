/**
 * The documents one query in flight synced (see `OpenDocuments.sync`): none of them is closed for
 * room until {@link release}, so the query never asks the server about a document another query's
 * sync closed meanwhile (a closed document has no pushed diagnostics; tsserver drops the project of
 * a file none of whose files is open). Held documents may leave more than the bound open; the next
 * sync after the release closes them down to it.
 */
export class DocumentHold {
  readonly #paths = new Set<string>()

  /** @param counts holds per realpath, shared by every hold of one `OpenDocuments`. */
  constructor(private readonly counts: Map<string, number>) {}

  /** Hold `path` (a realpath) until {@link release}; once per path. */
  add(path: string): void {
    if (this.#paths.has(path)) return
    this.#paths.add(path)
    this.counts.set(path, (this.counts.get(path) ?? 0) + 1)
  }

  /** Let every document of this hold be closed for room again; a second call is a no-op. */
  release(): void {
    for (const path of this.#paths) {
      const left = (this.counts.get(path) ?? 1) - 1
      if (left === 0) this.counts.delete(path)
      else this.counts.set(path, left)
    }
    this.#paths.clear()
  }
}
