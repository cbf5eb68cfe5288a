import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol'
import { canonicalUri } from '../normalize/uri.js'

interface Publication {
  readonly version: number | undefined
  readonly diagnostics: unknown
  /** Order of arrival, to tell publications after a document change from those before it. */
  readonly sequence: number
}

/**
 * The diagnostics servers push (`textDocument/publishDiagnostics`, LSP 3.17 §PublishDiagnostics),
 * latest per document, and a way to wait for the ones about a document's current content.
 */
export class PublishedDiagnostics {
  readonly #latest = new Map<string, Publication>()
  /** Per document: the version last sent and the sequence number at that moment. */
  readonly #expected = new Map<string, { version: number; sequence: number }>()
  readonly #waiters = new Set<() => void>()
  #sequence = 0

  /**
   * Feed one `publishDiagnostics` notification. Only open documents' are kept (those sent with
   * {@link onSent} and not {@link forget}-ten): a query opens its file first, and servers also
   * publish about closed and unopened files, which would otherwise be kept forever.
   */
  onPublish(params: PublishDiagnosticsParams): void {
    const uri = canonicalUri(params.uri)
    if (!this.#expected.has(uri)) return
    this.#latest.set(uri, { version: params.version, diagnostics: params.diagnostics, sequence: ++this.#sequence })
    for (const wake of [...this.#waiters]) wake()
  }

  /** Whether the server has published diagnostics for `uri` at all (for any version). */
  hasPublished(uri: string): boolean {
    return this.#latest.has(uri)
  }

  /**
   * Resolves `true` at the next publication for `uri` after this call, `false` when none arrives
   * within `timeoutMs`.
   */
  next(uri: string, timeoutMs: number): Promise<boolean> {
    const since = this.#sequence
    return new Promise((resolve) => {
      const settle = (value: boolean): void => {
        clearTimeout(timer)
        this.#waiters.delete(wake)
        resolve(value)
      }
      const wake = (): void => {
        if ((this.#latest.get(uri)?.sequence ?? 0) > since) settle(true)
      }
      const timer = setTimeout(() => settle(false), timeoutMs)
      this.#waiters.add(wake)
    })
  }

  /** Note that `version` of `uri` was just sent (`didOpen`/`didChange`): older publications are stale. */
  onSent(uri: string, version: number): void {
    this.#expected.set(uri, { version, sequence: this.#sequence })
  }

  /** Note that `uri` was closed (`didClose`): drop what was published about it. */
  forget(uri: string): void {
    this.#expected.delete(uri)
    this.#latest.delete(uri)
  }

  /**
   * The raw diagnostics about the current content of `uri`: a publication for its current version,
   * or — from a server that publishes without versions — the first after that version was sent.
   * Resolves `undefined` when none arrives within `timeoutMs`; rejects with the signal's reason.
   */
  current(uri: string, timeoutMs: number, signal?: AbortSignal): Promise<unknown> {
    const fresh = (): Publication | undefined => {
      const latest = this.#latest.get(uri)
      const expected = this.#expected.get(uri)
      if (!latest || !expected) return undefined
      const matches = latest.version !== undefined ? latest.version === expected.version : latest.sequence > expected.sequence
      return matches ? latest : undefined
    }
    const now = fresh()
    if (now) return Promise.resolve(now.diagnostics)
    return new Promise((resolve, reject) => {
      const settle = (finish: () => void): void => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', onAbort)
        this.#waiters.delete(wake)
        finish()
      }
      const wake = (): void => {
        const publication = fresh()
        if (publication) settle(() => resolve(publication.diagnostics))
      }
      const onAbort = (): void => settle(() => reject(signal?.reason))
      const timer = setTimeout(() => settle(() => resolve(undefined)), timeoutMs)
      this.#waiters.add(wake)
      signal?.addEventListener('abort', onAbort, { once: true })
    })
  }
}
