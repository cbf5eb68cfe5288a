import { languageOf } from '@agent-lsp/lsp'
import type { LocalServerConfig } from '../config.js'
import { stampedSizeAndMtime } from '../sync/disk-text.js'
import { skipNotText, type DocumentHold, type OpenDocuments } from '../sync/documents.js'
import type { WatchedFiles } from '../sync/watched-files.js'

/**
 * The watched files changed on disk in a way a server that tells changes by size and mtime alone
 * (`LocalServerConfig.unopenedChangesBy`) cannot see — a new text of the same size with its mtime
 * kept, in place or as a new inode — and the holds that keep them open in that server: closed, it
 * would read its old text again (gopls 0.11 answered from the old text of a dependency's file,
 * "No diagnostics" for its importer, while `go vet` failed). Each is held open until a change of
 * its size or mtime, after which the server re-reads it by itself, or until it is gone.
 */
export class UnseenChanges {
  /** Path → its `size:mtime`, found since the last {@link open}. */
  readonly #found = new Map<string, string>()
  /** Path → the `size:mtime` it kept and the hold keeping it open. */
  readonly #held = new Map<string, { readonly key: string; readonly hold: DocumentHold }>()
  /** Paths held whose size or mtime changed since, or which are gone: released at the next {@link open}. */
  readonly #seen = new Set<string>()

  constructor(watchedFiles: Pick<WatchedFiles, 'onLook'>) {
    watchedFiles.onLook((changes) => {
      for (const { path, before, after } of changes) {
        const key = after === undefined ? undefined : stampedSizeAndMtime(after)
        const held = this.#held.get(path)
        // Kept both (the server cannot tell), or back at the ones it kept while held (it still has the old text of them).
        if (key !== undefined && ((before !== undefined && stampedSizeAndMtime(before) === key) || held?.key === key)) {
          this.#found.set(path, key)
          this.#seen.delete(path)
        } else {
          this.#found.delete(path)
          if (held !== undefined) this.#seen.add(path)
        }
      }
    })
  }

  /** Open (or re-send) the files found since the last call and hold them; release those the server can read again. */
  async open(documents: OpenDocuments, config: LocalServerConfig): Promise<void> {
    for (const path of this.#seen) {
      this.#held.get(path)?.hold.release()
      this.#held.delete(path)
    }
    this.#seen.clear()
    for (const [path, key] of this.#found) {
      const languageId = languageOf(config, path)
      if (languageId === undefined) continue
      const before = this.#held.get(path)
      const held = before?.key === key ? before : { key, hold: documents.hold() }
      this.#held.set(path, held)
      if (before !== held) before?.hold.release()
      if ((await skipNotText(documents.sync(path, languageId, held.hold))) === undefined) {
        held.hold.release()
        this.#held.delete(path)
      }
    }
    this.#found.clear()
  }
}
