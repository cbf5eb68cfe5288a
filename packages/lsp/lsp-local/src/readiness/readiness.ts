import { onAbort } from '@agent-lsp/abort'
import type { ProgressToken, WorkDoneProgressBegin } from 'vscode-languageserver-protocol'
import type { LocalServerConfig } from '../config.js'

/** How long a progress token that was created but never begun counts as work, in ms. */
const CREATED_TOKEN_GRACE_MS = 1_000

/**
 * Whether a server is ready to give complete answers. It is busy while any work-done progress it
 * created (LSP 3.17 §WorkDoneProgress) has not ended, and, for servers that only
 * say so in their log (pyright: `Found 12 source files`), until a `window/logMessage` matches
 * `readyLogPattern`.
 */
export class Readiness {
  readonly #busy = new Map<ProgressToken, string>()
  readonly #waiters = new Set<() => void>()
  readonly #readyLog: RegExp | undefined
  #awaitingLog: RegExp | undefined
  #announced = 0

  readonly #background: RegExp | undefined
  readonly #failure: RegExp | undefined
  /** Progress by which the server reports a lasting failure, by token: `"title": message`. */
  readonly #failures = new Map<ProgressToken, string>()
  /** Work the server is about to start and has not begun yet (see {@link expect}). */
  #expected: ExpectedWork | undefined
  /** Expected work that did not begin within its bound (see {@link overdue}). */
  #overdue: ExpectedWork | undefined
  /** What the server's log says its search of the workspace left out (see {@link noteIncompleteFrom}). */
  readonly #incomplete = new Set<string>()
  #incompleteLog: { readonly notes: readonly { readonly pattern: RegExp; readonly says: string }[]; readonly reset: RegExp } | undefined
  /** Wakes a server that reports progress only when a message arrives (see {@link nudgeWith}). */
  #nudge: { readonly send: () => void; readonly everyMs: number } | undefined
  #nudging: ReturnType<typeof setInterval> | undefined

  /**
   * @param stream - where the ready log line comes: `window/logMessage`, or (`stderr`) {@link onStderr} too.
   * @param backgroundProgressTitle - titles of progress that is background work (`LocalServerConfig.backgroundProgressTitle`): not busy, unless a failure is shown.
   * @param failureProgressTitle - titles of progress that reports a lasting failure (`LocalServerConfig.failureProgressTitle`): not busy, see {@link failing}.
   */
  constructor(readyLogPattern?: string, private readonly stream: 'logMessage' | 'stderr' = 'logMessage', backgroundProgressTitle?: string, failureProgressTitle?: string) {
    this.#readyLog = readyLogPattern === undefined ? undefined : new RegExp(readyLogPattern)
    this.#awaitingLog = this.#readyLog
    this.#background = backgroundProgressTitle === undefined ? undefined : new RegExp(backgroundProgressTitle)
    this.#failure = failureProgressTitle === undefined ? undefined : new RegExp(failureProgressTitle)
  }

  /** The lasting failures the server reports now (`"title": message`, its progress begun and not ended). */
  get failing(): string[] {
    return [...this.#failures.values()]
  }

  /**
   * The server is loading the workspace again (files were created or deleted): wait for its
   * ready log line once more. A no-op for servers without one.
   */
  reloading(): void {
    // A line from stderr is a startup signal (ccls logs `loaded project` once): not awaited again.
    if (this.stream === 'stderr') return
    this.#awaitingLog = this.#readyLog
  }

  /**
   * Feed one `window/workDoneProgress/create`: the server announces work, so it counts as busy
   * from here (its `begin` follows in a moment) until the `end`.
   */
  onCreate(token: ProgressToken): void {
    if (this.#busy.has(token)) return
    this.#announced++
    this.#busy.set(token, 'starting work')
    // A token created but never begun must not hold queries for long.
    setTimeout(() => {
      if (this.#busy.get(token) === 'starting work' && this.#busy.delete(token)) this.#wakeIfReady()
    }, CREATED_TOKEN_GRACE_MS).unref()
  }

  /**
   * The server is about to start work it reports as progress titled `title`, and may announce it
   * only after answering a query (clangd indexes the compile database the first opened file loads):
   * busy with `what` from now until such progress begins, then until it ends. Past `graceMs`
   * without it, no longer busy, and {@link overdue} says `what` until it begins.
   */
  expect(title: RegExp, what: string, graceMs: number): void {
    const expected = { title, what }
    this.#expected = expected
    setTimeout(() => {
      if (this.#expected !== expected) return
      this.#expected = undefined
      this.#overdue = expected
      this.#wakeIfReady()
    }, graceMs).unref()
  }

  /** Call `send` every `everyMs` while a {@link whenReady} waits (see `LocalServerConfig.nudgeProgressMs`). */
  nudgeWith(send: () => void, everyMs: number): void {
    this.#nudge = { send, everyMs }
  }

  /** Read the server's log for lines saying its search of the workspace stopped short (see `LocalServerConfig.incompleteLog`). */
  noteIncompleteFrom(log: NonNullable<LocalServerConfig['incompleteLog']>): void {
    this.#incompleteLog = { notes: log.notes.map(({ pattern, says }) => ({ pattern: new RegExp(pattern), says })), reset: new RegExp(log.reset) }
  }

  /** What the server's log said its search of the workspace left out, since it last began one: a sentence each. */
  get incomplete(): string[] {
    return [...this.#incomplete]
  }

  /** What was expected (see {@link expect}) and has not begun within its bound: e.g. `indexing /p/compile_commands.json`. */
  get overdue(): string | undefined {
    return this.#overdue?.what
  }

  /** How many pieces of work the server has announced so far; compare two readings to see new work. */
  get announced(): number {
    return this.#announced
  }

  /** Feed one `$/progress` notification. */
  onProgress({ token, value }: { token: ProgressToken; value: unknown }): void {
    const kind = (value as { kind?: unknown } | null)?.kind
    if (kind === 'begin') {
      const { title, message } = value as WorkDoneProgressBegin
      if (this.#expected?.title.test(typeof title === 'string' ? title : '')) this.#expected = undefined
      if (this.#overdue?.title.test(typeof title === 'string' ? title : '')) this.#overdue = undefined
      if (this.#failure?.test(typeof title === 'string' ? title : '')) {
        // A failure shown as progress (gopls' "Error loading workspace") lasts until it is fixed: said, never waited on.
        this.#failures.set(token, `"${title}"${typeof message === 'string' && message !== '' ? `: ${message}` : ''}`)
        if (this.#busy.delete(token)) this.#wakeIfReady()
        return
      }
      if (this.#background?.test(typeof title === 'string' ? title : '') && this.#failures.size === 0) {
        // Background work: not busy, though its `create` counted it so a moment ago. While a
        // failure is shown it is waited for: the server re-checks the failure there (gopls ends
        // "Error loading workspace" from the diagnosis a mended go.mod starts).
        if (this.#busy.delete(token)) this.#wakeIfReady()
        return
      }
      if (!this.#busy.has(token)) this.#announced++
      this.#busy.set(token, title)
    }
    if (kind === 'end') this.#failures.delete(token)
    if (kind === 'end' && this.#busy.delete(token)) this.#wakeIfReady()
  }

  /** Feed one `window/logMessage` text. */
  onLogMessage(message: string): void {
    if (this.#incompleteLog?.reset.test(message)) this.#incomplete.clear()
    for (const { pattern, says } of this.#incompleteLog?.notes ?? []) if (pattern.test(message)) this.#incomplete.add(says)
    if (this.#awaitingLog?.test(message)) {
      this.#awaitingLog = undefined
      this.#wakeIfReady()
    }
  }

  #stderrLine = ''

  /** Feed a chunk of the server's stderr: with `stream` `stderr`, each complete line is read as {@link onLogMessage} reads a log message. */
  onStderr(chunk: Buffer | string): void {
    if (this.stream !== 'stderr') return
    const lines = (this.#stderrLine + chunk.toString()).split('\n')
    this.#stderrLine = (lines.pop() ?? '').slice(-4_096)
    for (const line of lines) this.onLogMessage(line)
  }

  /** What the server is still doing, e.g. `Initializing JS/TS language features`. */
  get pending(): string[] {
    const titles = [...this.#busy.values(), ...(this.#expected ? [this.#expected.what] : [])]
    return this.#awaitingLog ? ['loading the workspace', ...titles] : titles
  }

  get ready(): boolean {
    return this.#busy.size === 0 && this.#awaitingLog === undefined && this.#expected === undefined
  }

  /**
   * Resolve `true` once ready, `false` when `timeoutMs` passes first; at once when ready.
   * Rejects with the signal's reason when it aborts.
   */
  whenReady(timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
    if (this.ready) return Promise.resolve(true)
    return new Promise<boolean>((resolve, reject) => {
      let stopWaiting = (): void => {}
      const settle = (finish: () => void): void => {
        clearTimeout(timer)
        stopWaiting()
        this.#waiters.delete(wake)
        if (this.#waiters.size === 0) this.#nudging = void clearInterval(this.#nudging)
        finish()
      }
      const wake = (): void => settle(() => resolve(true))
      const timer = setTimeout(() => settle(() => resolve(false)), timeoutMs)
      this.#waiters.add(wake)
      if (this.#nudge && this.#nudging === undefined) this.#nudging = setInterval(this.#nudge.send, this.#nudge.everyMs).unref()
      // Through onAbort: a query fanned out over many files waits here from each on one signal.
      if (signal) stopWaiting = onAbort(signal, () => settle(() => reject(signal.reason)))
    })
  }

  #wakeIfReady(): void {
    if (!this.ready) return
    for (const wake of [...this.#waiters]) wake()
  }
}

/** Work a server is about to start: the title of its progress, and what it is, as said to the model. */
interface ExpectedWork {
  readonly title: RegExp
  readonly what: string
}

/**
 * The readiness of a server run with `config`: its ready log line, background and failure progress
 * titles, the log lines that say its search stopped short; `nudge` sends a message that wakes it
 * (see `LocalServerConfig.nudgeProgressMs`).
 */
export function readinessFor(config: LocalServerConfig, nudge: () => void): Readiness {
  const readiness = new Readiness(config.readyLogPattern, config.readyLogStream, config.backgroundProgressTitle, config.failureProgressTitle)
  if (config.nudgeProgressMs) readiness.nudgeWith(nudge, config.nudgeProgressMs)
  if (config.incompleteLog) readiness.noteIncompleteFrom(config.incompleteLog)
  return readiness
}
