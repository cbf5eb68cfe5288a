import { protocol } from '../protocol.js'
import { pathToUri } from '../normalize/uri.js'
import { diskText, diskTextOrEmpty, MAX_OTHER_DOCUMENT_BYTES, skipNotText, stampedSize, stampOf } from './disk-text.js'
import { DocumentHold } from './document-hold.js'
import { sendClose, sendOpen, sendText } from './document-notify.js'
import type { DocumentServer, OpenDocument } from './document-server.js'

export { skipNotText } from './disk-text.js'
export type { DocumentHold } from './document-hold.js'
export type { DocumentServer } from './document-server.js'

const { DidCloseTextDocumentNotification } = protocol

/**
 * The documents one server has open, kept equal to the files on disk (LSP 3.17 §Text Document
 * Synchronization). Before each query every open document whose file changed is re-sent with a
 * bumped version, and the queried file is opened if needed: to a server that takes incremental
 * changes as the one range that changed (see `contentChange`; re-sent whole, a line inserted at
 * the top of a 10 MB file kept tsserver busy for minutes), to others as its whole text; beyond
 * `maxOpen` the least recently used document is closed with `didClose`. The operations that send
 * run one at a time, whatever the queries asking them do at once: interleaved, one query's
 * eviction closed a document another was syncing, which then put it back here as open (closed in
 * the server, never opened again), and two queries opened one file twice.
 */
export class OpenDocuments {
  /** In least- to most-recently-used order (a Map keeps insertion order). */
  readonly #open = new Map<string, OpenDocument>()
  /**
   * The last version sent, for any document. Versions only need to increase per document (LSP
   * 3.17 §VersionedTextDocumentIdentifier); one counter makes a reopened document's versions new
   * too, so diagnostics published for its content before it was closed never pass for current.
   */
  #lastVersion = 0
  /** Documents kept open beside the `maxOpen` least recently used ones (see {@link keepOpen}). */
  readonly #kept = new Set<string>()
  /** Documents whose text in the server's view is not the disk's (see {@link setOverlay}). */
  readonly #overlays = new Set<string>()
  /** Holds per document of the queries in flight (see {@link DocumentHold}). */
  readonly #held = new Map<string, number>()
  /** The operation running now and those queued behind it: each starts once the one before settled. */
  #queue: Promise<unknown> = Promise.resolve()

  /** @param maxOtherBytes - past it, an open document other than the one synced is closed, not sent, and a file to keep open is left out. */
  constructor(private readonly client: DocumentServer, private readonly maxOpen: number, private readonly maxOtherBytes = MAX_OTHER_DOCUMENT_BYTES) {}

  /**
   * Make the server see the current disk content of every open document and of `path`, by a `stat`
   * each (see `stampOf`). With `hold`, `path` is not closed for room until the hold is released.
   * @returns the text of `path` as sent to the server.
   * @throws LspError `LSP_NOT_TEXT` when `path` is not UTF-8 text (see `diskText`); an open
   *   document of it is closed first. Other open documents that are not text any more are closed.
   */
  sync(path: string, languageId: string, hold?: DocumentHold): Promise<string> {
    return this.#serial(async () => {
      await this.#refreshOpen(path)
      const current = this.#open.get(path)
      const document = (current && (await this.#refresh(current))) ?? (await this.#openDocument(path, languageId))
      this.#open.delete(path)
      this.#open.set(path, document)
      hold?.add(path)
      await this.#evict(path)
      return document.text
    })
  }

  /** A hold for the documents one query syncs (see {@link DocumentHold}). */
  hold(): DocumentHold { return new DocumentHold(this.#held) }

  /**
   * Close and open again an open document (same text, next version), so that a server that
   * publishes diagnostics only when they change publishes them afresh. `afterClose` runs between
   * the two, to let the server's answer to the close arrive first. A no-op for a closed document.
   */
  async reopen(path: string, afterClose: (uri: string) => Promise<unknown>): Promise<void> {
    const document = await this.#serial(async () => {
      const open = this.#open.get(path)
      if (open) await this.client.notify(DidCloseTextDocumentNotification.type, { textDocument: { uri: open.uri } })
      return open
    })
    if (!document) return
    await afterClose(document.uri)
    await this.#serial(async () => {
      // Closed for room meanwhile: it stays closed. Versions from the one counter (see #lastVersion).
      if (this.#open.get(path) !== document) return
      document.version = ++this.#lastVersion
      await sendOpen(this.client, document.uri, document.languageId, document.version, document.text)
    })
  }

  /**
   * Give the server `path`, which is not open, as it is on disk (no text when it is gone), let
   * `taken` wait until the server has taken it in, then close it again, unless a query opened it
   * meanwhile: for a server that keeps what it read of a document after its close (clangd's index
   * does) and reads no change of a file otherwise. A no-op returning `undefined` for an open one.
   * @returns what `taken` resolved.
   * @throws LspError `LSP_NOT_TEXT` (nothing sent), as {@link sync}.
   */
  async sendAndClose<T>(path: string, languageId: string, taken: (uri: string) => Promise<T>): Promise<T | undefined> {
    const uri = pathToUri(path)
    const sent = await this.#serial(async () => {
      if (this.#open.has(path)) return false
      const text = diskTextOrEmpty(path)
      await sendOpen(this.client, uri, languageId, ++this.#lastVersion, text)
      return true
    })
    if (!sent) return undefined
    const result = await taken(uri)
    await this.#serial(async () => {
      if (!this.#open.has(path)) await sendClose(this.client, uri)
    })
    return result
  }

  /**
   * Make the server see `text` as the content of `path` (opened from disk first if it is not open):
   * a full-text `didChange` with the next version, when it differs. Until {@link clearOverlay}, no
   * sync re-reads the file from disk and the document is never closed for room. A leading byte
   * order mark is dropped, as from the disk's text (see `diskText`): positions do not count it.
   * @throws LspError `LSP_NOT_TEXT` (nothing sent), as {@link sync}.
   */
  setOverlay(path: string, languageId: string, withMark: string): Promise<void> {
    const text = withMark.startsWith('\ufeff') ? withMark.slice(1) : withMark
    return this.#serial(async () => {
      const current = this.#open.get(path)
      const document = (current && (await this.#refresh(current))) ?? (await this.#openDocument(path, languageId))
      // Marked first: whatever fails after this, clearOverlay sends the disk text back.
      this.#overlays.add(path)
      if (document.text !== text) await sendText(this.client, document, text, ++this.#lastVersion)
    })
  }

  /**
   * Make the server see the disk content of `path` again after {@link setOverlay} (a full-text
   * `didChange` when it differs from the overlay; a closed document when the file is gone or not
   * text any more). A no-op for a document without an overlay.
   */
  clearOverlay(path: string): Promise<void> {
    return this.#serial(async () => {
      if (!this.#overlays.delete(path)) return
      const document = this.#open.get(path)
      if (!document) return
      document.stamp = '' // re-read, whatever the file's stamp says
      await skipNotText(this.#refresh(document))
    })
  }

  /** Close the open documents of `paths` but overlaid ones: each opens again when next synced. */
  close(paths: readonly string[]): Promise<void> {
    return this.#serial(async () => {
      for (const document of paths.map((path) => this.#open.get(path))) if (document && !this.#overlays.has(document.path)) await this.#close(document)
    })
  }

  /** Whether `path` (a realpath) is open. */
  isOpen(path: string): boolean { return this.#open.has(path) }

  /** Whether `path` is open, without an overlay, and its file has the stamp it had when last sent (a `stat`): a sync would send it nothing. */
  isCurrent(path: string): boolean {
    const document = this.#open.get(path)
    return document !== undefined && !this.#overlays.has(path) && stampOf(path) === document.stamp
  }

  /** The realpaths of the open documents, least recently used first. */
  get paths(): string[] { return [...this.#open.keys()] }

  /** The version last sent of the open document `uri` (canonical), or `undefined` when it is not open. */
  versionOf(uri: string): number | undefined {
    for (const document of this.#open.values()) if (document.uri === uri) return document.version
    return undefined
  }

  /**
   * Make the server see the current disk content of every open document (but `except`): before a
   * query without a file (`workspaceSymbol`), whose answer comes from them too.
   */
  refreshOpen(except?: string): Promise<void> {
    return this.#serial(() => this.#refreshOpen(except))
  }

  async #refreshOpen(except?: string): Promise<void> {
    for (const document of [...this.#open.values()]) {
      if (document.path === except || this.#overlays.has(document.path)) continue
      const stamp = stampOf(document.path)
      // Unchanged ones are told apart synchronously: with 64 open, a promise each cost more than their stats.
      if (stamp === document.stamp) continue
      if (this.#pastBound(stamp)) await this.#close(document)
      else await skipNotText(this.#refreshTo(document, stamp))
    }
  }

  /**
   * Keep exactly `files` (path → language id) open beside the `maxOpen` least recently used
   * documents, never closed for room: a server that searches only the files it was given (tsserver
   * without a tsconfig.json) searches these. Those not open are opened, the open ones re-sent if
   * they changed; a file gone meanwhile, or past `maxOtherBytes`, is left out. Those kept before and not now fall back under the bound.
   */
  keepOpen(files: ReadonlyMap<string, string>): Promise<void> {
    return this.#serial(async () => {
      this.#kept.clear()
      for (const [path, languageId] of files) {
        const stamp = stampOf(path)
        if (this.#pastBound(stamp)) continue
        const current = this.#open.get(path)
        const document = current ? await skipNotText(this.#refresh(current, stamp)) : await this.#openDocument(path, languageId, stamp).catch(() => undefined)
        if (document) this.#kept.add(path)
      }
      await this.#evict()
    })
  }

  /** How many documents are open. */
  get size(): number { return this.#open.size }

  /** Run `work` once every operation asked before it has settled (see the class comment). */
  #serial<T>(work: () => Promise<T>): Promise<T> {
    const running = this.#queue.then(work)
    this.#queue = running.catch(() => {})
    return running
  }

  /** @param stamp - the file's, taken before it is read: a write in between makes it stale, so the next sync reads again. */
  async #openDocument(path: string, languageId: string, stamp = stampOf(path)): Promise<OpenDocument> {
    const text = diskText(path)
    const document: OpenDocument = { uri: pathToUri(path), path, languageId, version: ++this.#lastVersion, text, stamp: stamp ?? '' }
    await sendOpen(this.client, document.uri, languageId, document.version, text)
    this.#open.set(path, document)
    return document
  }

  /**
   * Re-send a document whose file changed (its `stamp` when just taken); close it when the file is gone.
   * @throws LspError `LSP_NOT_TEXT` when the file is no longer text; the document is closed first.
   */
  async #refresh(document: OpenDocument, stamp?: string): Promise<OpenDocument | undefined> {
    return this.#overlays.has(document.path) ? document : this.#refreshTo(document, stamp ?? stampOf(document.path))
  }

  /** Whether a file of stamp `stamp` is past `maxOtherBytes`: closed, or not opened, unless a query asks about it. */
  #pastBound(stamp: string | undefined): boolean {
    return stamp !== undefined && stampedSize(stamp) > this.maxOtherBytes
  }

  /** {@link #refresh} of a document without an overlay whose file's stamp is `stamp` now (`undefined`: gone). */
  async #refreshTo(document: OpenDocument, stamp: string | undefined): Promise<OpenDocument | undefined> {
    if (stamp === undefined) {
      await this.#close(document)
      return undefined
    }
    if (stamp === document.stamp) return document
    let text: string
    try {
      text = diskText(document.path)
    } catch (error) {
      // The server must not answer from text the file no longer holds: emptied, then closed, since tsserver keeps
      // a closed file's text without reading the disk again when the text it was sent was the one it had read.
      await sendText(this.client, document, '', ++this.#lastVersion)
      await this.#close(document)
      throw error
    }
    document.stamp = stamp
    if (text === document.text) return document
    await sendText(this.client, document, text, ++this.#lastVersion)
    return document
  }

  /** Close the least recently used documents past the bound, but `synced` (the one a sync just brought in). */
  async #evict(synced?: string): Promise<void> {
    // Kept and overlaid documents are open beside the bound; held ones count, but are not closed.
    if (this.#open.size <= this.maxOpen) return
    const pinned = (path: string): boolean => this.#kept.has(path) || this.#overlays.has(path)
    const kept = [...this.#open.keys()].filter(pinned).length
    for (const document of [...this.#open.values()]) {
      if (this.#open.size - kept <= this.maxOpen) return
      if (!pinned(document.path) && !this.#held.has(document.path) && document.path !== synced) await this.#close(document)
    }
  }

  async #close(document: OpenDocument): Promise<void> {
    this.#open.delete(document.path)
    this.#kept.delete(document.path)
    await sendClose(this.client, document.uri)
  }
}

/** Open `file` (kept open while `hold` is) unless it is not text (`LSP_NOT_TEXT`: a file a query did not ask about); whether it is open. */
export async function syncedUnlessNotText(documents: OpenDocuments, file: string, languageId: string, hold?: DocumentHold): Promise<boolean> {
  return (await skipNotText(documents.sync(file, languageId, hold))) !== undefined
}
