import { onAbort } from '@agent-lsp/abort'
import type { FileEvent, PublishDiagnosticsParams } from 'vscode-languageserver-protocol'
import type { LocalDiagnosticsRules } from '../config.js'
import { canonicalUri } from '../normalize/uri.js'
import { settleVerdict, type Publication, type SettleRule, type SettleState } from './settle.js'

/** What {@link PublishedDiagnostics.settled} found for a document. */
export type SettledDiagnostics =
  /** The server's verdict on the document as it was last sent: its raw `Diagnostic[]`. */
  | { readonly final: true; readonly diagnostics: unknown }
  /**
   * None within the bound: `diagnostics` is the latest publication about the document's current
   * text (perhaps from before the last change reached the server), or `undefined`; `fresh` when it
   * came after that change (the server is at work on it, not silent).
   */
  | { readonly final: false; readonly diagnostics: unknown; readonly fresh: boolean }

/**
 * The diagnostics servers push (`textDocument/publishDiagnostics`, LSP 3.17 §PublishDiagnostics),
 * latest per open document, and when they are final: an "epoch" is the sequence number at the
 * last notification that can change any document's diagnostics (`didOpen`, `didChange`,
 * `didClose`, `workspace/didChangeWatchedFiles`, `workspace/didChangeConfiguration`), and the
 * server's rule (see `settle.ts`) says which publications after it settle a document. Also what
 * tells whether the server can be asked instead (`textDocument/diagnostic` registrations) and
 * whether it checks anything at all.
 */
export class PublishedDiagnostics {
  readonly #state: SettleState = {
    sequence: 0,
    epoch: 0,
    latest: new Map(),
    expected: new Map(),
    versioned: new Set(),
    unanswered: new Map(),
    lastAnswerAt: 0,
  }
  readonly #waiters = new Set<() => void>()
  readonly #rule: SettleRule
  readonly #isSource: (uri: string) => boolean
  readonly #uncheckedLog: RegExp | undefined
  readonly #pullRegistrations = new Map<string, { readonly identifier?: string }>()
  #unchecked = false

  /**
   * @param rules - the server's (`LocalServerConfig.diagnostics`): its settle rule, and the log
   *   line by which it says it checks nothing.
   * @param isSource - whether a URI is one of the server's own source files (by extension): the
   *   ones it publishes about when they change on disk (with `rules.publishedFiles`).
   */
  constructor(rules: LocalDiagnosticsRules = {}, isSource: (uri: string) => boolean = () => true) {
    this.#rule = rules.settle ?? 'after-last-change'
    // Besides its sources, the files it publishes about by name (`publishedFiles`: gopls' go.mod).
    const published = new Set(rules.publishedFiles ?? [])
    this.#isSource = published.size === 0 ? isSource : (uri) => isSource(uri) || published.has(uri.slice(uri.lastIndexOf('/') + 1))
    this.#uncheckedLog = rules.uncheckedLog === undefined ? undefined : new RegExp(rules.uncheckedLog.pattern)
  }

  /**
   * Feed one `publishDiagnostics` notification. Only open documents' diagnostics are kept (those
   * sent with {@link onSent} and not {@link forget}-ten): a query opens its file first, and servers
   * also publish about closed and unopened files, which would otherwise be kept forever. Any
   * publication answers a change still waiting for one (`changed-files-published`).
   */
  onPublish(params: PublishDiagnosticsParams): void {
    const state = this.#state
    const uri = canonicalUri(params.uri)
    const sequence = ++state.sequence
    const waiting = state.unanswered.get(uri)
    if (waiting && (params.version === undefined || waiting.version === undefined || params.version >= waiting.version)) {
      state.unanswered.delete(uri)
      state.lastAnswerAt = Date.now()
    }
    if (state.expected.has(uri)) {
      if (params.version !== undefined) state.versioned.add(uri)
      state.latest.set(uri, { version: params.version, diagnostics: params.diagnostics, sequence, at: Date.now() })
    }
    this.#wake()
  }

  /** Note that `version` of `uri` was just sent (`didOpen`/`didChange`): a new epoch. */
  onSent(uri: string, version: number): void {
    const state = this.#state
    state.epoch = state.sequence
    state.expected.set(uri, { version, sequence: state.sequence, at: Date.now() })
    if (this.#rule === 'changed-files-published') state.unanswered.set(uri, { version })
  }

  /** Note that `uri` was closed (`didClose`): a new epoch; what was published about it is dropped. */
  forget(uri: string): void {
    const state = this.#state
    state.epoch = state.sequence
    state.expected.delete(uri)
    state.latest.delete(uri)
    state.versioned.delete(uri)
    state.unanswered.delete(uri)
  }

  /**
   * Note a `workspace/didChangeWatchedFiles` with `changes` about to be sent: a new epoch.
   * @returns `changes`, to send.
   */
  onWatchedChanges<C extends readonly FileEvent[]>(changes: C): C {
    const state = this.#state
    state.epoch = state.sequence
    if (this.#rule !== 'changed-files-published') return changes
    for (const { uri } of changes) {
      const canonical = canonicalUri(uri)
      // A deletion too: gopls publishes the deleted file's (empty) list with its dependents' once it
      // has taken the deletion in; until then it answers from the package as it was.
      if (this.#isSource(canonical) && !state.unanswered.has(canonical)) state.unanswered.set(canonical, { version: undefined })
    }
    return changes
  }

  /** Note a `workspace/didChangeConfiguration`: a new epoch. */
  onConfigurationChange(): void {
    this.#state.epoch = this.#state.sequence
  }

  /** Feed one `window/logMessage` text: see {@link unchecked}. */
  onLogMessage(message: string): void {
    if (this.#uncheckedLog?.test(message)) this.#unchecked = true
  }

  /** Whether the server said (in its log) that it checks nothing (`LocalDiagnosticsRules.uncheckedLog`). */
  get unchecked(): boolean {
    return this.#unchecked
  }

  /** Feed one `client/registerCapability` registration of `textDocument/diagnostic` (LSP 3.17 §Pull Diagnostics). */
  onPullRegistered(id: string, options: unknown): void {
    const identifier = (options as { identifier?: unknown } | null | undefined)?.identifier
    this.#pullRegistrations.set(id, typeof identifier === 'string' ? { identifier } : {})
    this.#wake()
  }

  /** Feed one `client/unregisterCapability` (any method: ids are unique). */
  onUnregistered(id: string): void {
    this.#pullRegistrations.delete(id)
  }

  /** The server's `textDocument/diagnostic` registration, if it registered one (its `identifier` to send). */
  get pullRegistration(): { readonly identifier?: string } | undefined {
    return this.#pullRegistrations.values().next().value
  }

  /** Whether the server has published diagnostics for `uri` since it was opened (for any version). */
  hasPublished(uri: string): boolean {
    return this.#state.latest.has(uri)
  }

  /** When (ms since the Unix epoch) the current version of the open `uri` was sent; `undefined` when not open. */
  sentAt(uri: string): number | undefined {
    return this.#state.expected.get(uri)?.at
  }

  /**
   * Resolves `true` at the next publication for `uri` after this call, `false` when none arrives
   * within `timeoutMs`.
   */
  next(uri: string, timeoutMs: number): Promise<boolean> {
    const since = this.#state.sequence
    return this.#wait(() => ((this.#state.latest.get(uri)?.sequence ?? 0) > since ? true : undefined), timeoutMs, undefined, () => false)
  }

  /**
   * The raw diagnostics about the current text of `uri`: a publication for its current version,
   * or — from a server that publishes without versions — the first after that version was sent,
   * whatever came since (the first sign that a server took a document in). Resolves `undefined`
   * when none arrives within `timeoutMs`, and at once from a server that registered pull
   * diagnostics (pyright then publishes none); rejects with the signal's reason.
   */
  current(uri: string, timeoutMs: number, signal?: AbortSignal): Promise<unknown> {
    const state = this.#state
    const about = (publication: Publication | undefined): unknown => {
      if (this.pullRegistration) return { diagnostics: undefined }
      const expected = state.expected.get(uri)
      if (!publication || !expected) return undefined
      const matches = publication.version !== undefined ? publication.version === expected.version : publication.sequence > expected.sequence
      return matches ? { diagnostics: publication.diagnostics } : undefined
    }
    return this.#wait(() => about(state.latest.get(uri)), timeoutMs, signal, () => undefined).then(
      (found) => (found as { diagnostics: unknown } | undefined)?.diagnostics,
    )
  }

  /**
   * Resolves `true` once the server has published diagnostics for the version of the open `uri`
   * last sent (LSP 3.17 §PublishDiagnostics `version`), at once if it already has: the sign that a
   * server which publishes every version (clangd) has built the file and indexed what it holds.
   * `false` when none comes within `timeoutMs` (ms) or the document is not open; rejects with the
   * signal's reason.
   */
  taken(uri: string, timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
    const state = this.#state
    const check = (): true | undefined => {
      const expected = state.expected.get(uri)
      const latest = state.latest.get(uri)
      return expected && latest && latest.version === expected.version && latest.sequence > expected.sequence ? true : undefined
    }
    return this.#wait(check, timeoutMs, signal, () => false)
  }

  /** What {@link settled} would find now, without waiting. */
  peek(uri: string): SettledDiagnostics {
    const verdict = settleVerdict(this.#state, this.#rule, uri, Date.now())
    return verdict.final ? { final: true, diagnostics: verdict.final.diagnostics } : this.#unsettled(verdict.known)
  }

  /**
   * The server's final verdict on the open document `uri` by the server's rule (see `settle.ts`),
   * waited for up to `timeoutMs` (ms): at the next publication, or when a quiet period the rule
   * needs has passed. Changes still unpublished when the bound passes are not waited for again
   * (a file the server does not check holds one query, not every one). Rejects with the signal's
   * reason when it aborts.
   */
  settled(uri: string, timeoutMs: number, signal?: AbortSignal): Promise<SettledDiagnostics> {
    const state = this.#state
    const waitingBefore = [...state.unanswered.keys()]
    let known: Publication | undefined
    return this.#wait<SettledDiagnostics>(
      () => {
        const verdict = settleVerdict(state, this.#rule, uri, Date.now())
        known = verdict.known
        return verdict.final ? { final: true, diagnostics: verdict.final.diagnostics } : verdict.recheckAt
      },
      timeoutMs,
      signal,
      () => {
        for (const uri of waitingBefore) state.unanswered.delete(uri)
        return this.#unsettled(known)
      },
    )
  }

  #unsettled(known: Publication | undefined): SettledDiagnostics {
    return { final: false, diagnostics: known?.diagnostics, fresh: known !== undefined && known.sequence > this.#state.epoch }
  }

  /**
   * Resolve with `check()`'s value once it is an object or `true` (checked now, at every
   * publication, and at the time it returns as a number), with `onTimeout()` after `timeoutMs`;
   * reject with the signal's reason when it aborts.
   */
  #wait<T>(check: () => T | number | undefined, timeoutMs: number, signal: AbortSignal | undefined, onTimeout: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let recheck: NodeJS.Timeout | undefined
      let stopWaiting = (): void => {}
      const settle = (finish: () => void): void => {
        clearTimeout(timer)
        clearTimeout(recheck)
        stopWaiting()
        this.#waiters.delete(wake)
        finish()
      }
      const wake = (): void => {
        const value = check()
        clearTimeout(recheck)
        if (typeof value === 'number') recheck = setTimeout(wake, Math.max(0, value - Date.now()))
        else if (value !== undefined) settle(() => resolve(value))
      }
      const timer = setTimeout(() => settle(() => resolve(onTimeout())), timeoutMs)
      if (signal?.aborted) return settle(() => reject(signal.reason))
      this.#waiters.add(wake)
      // Through onAbort: an overlay or a changed header waits here from every file on one signal.
      if (signal) stopWaiting = onAbort(signal, () => settle(() => reject(signal.reason)))
      wake()
    })
  }

  #wake(): void {
    for (const wake of [...this.#waiters]) wake()
  }
}
