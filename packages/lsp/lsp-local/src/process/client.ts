import type { ChildProcess } from 'node:child_process'
import { setTimeout as delay } from 'node:timers/promises'
import { onAbort } from '@agent-lsp/abort'
import { LspError, languageOf } from '@agent-lsp/lsp'
import type { CancellationToken, MessageConnection, NotificationType, ProtocolNotificationType, ProtocolRequestType, ServerCapabilities } from 'vscode-languageserver-protocol/node'
import { protocol } from '../protocol.js'
import { initializeParams } from './capabilities.js'
import type { LocalProviderLimits, LocalServerConfig } from '../config.js'
import { forget, killProcessGroup } from './process-reaper.js'
import { spawnServer } from './spawn.js'
import { uriToPath } from '../normalize/uri.js'
import { PublishedDiagnostics } from '../readiness/published-diagnostics.js'
import { readinessFor, type Readiness } from '../readiness/readiness.js'
import { WatchedFiles } from '../sync/watched-files.js'
import { goLinkedFolders } from '../sync/go-linked-folders.js'
import { cancelledError, deadLogError, exitError, initializeRejected, isWriteFailure, requestError, serverName, spawnError, startFailure, unreadableError } from './client-errors.js'
import { answerServerRequests } from './server-requests.js'
import { StderrTail } from './stderr-tail.js'
import { StdoutProbe } from './stdout-probe.js'

const { CancellationTokenSource, createMessageConnection, ResponseError, StreamMessageReader, StreamMessageWriter } = protocol
const { ExitNotification, InitializeRequest, InitializedNotification, ShutdownRequest, ExecuteCommandRequest } = protocol
const { DidChangeConfigurationNotification, DidChangeWatchedFilesNotification } = protocol

/** Lifecycle states, as in vscode-languageclient. `stopped` is final: a new client is started. */
export type ClientState = 'starting' | 'running' | 'stopping' | 'stopped'

/**
 * One running language server process and its JSON-RPC connection: spawn, `initialize` /
 * `initialized`, answers to every server→client request, progress tracking, requests with
 * cancellation, and `shutdown` / `exit` / kill. Start with {@link LanguageServerClient.start}.
 */
export class LanguageServerClient {
  /** Busy while the server reports work in progress or has not logged its ready line. */
  readonly readiness: Readiness
  /** What the server pushed with `textDocument/publishDiagnostics`, and when it is final. */
  readonly diagnostics: PublishedDiagnostics
  /** The files the server asked to be told about (`workspace/didChangeWatchedFiles`). */
  readonly watchedFiles: WatchedFiles
  #state: ClientState = 'starting'
  #capabilities: ServerCapabilities = {}
  #exitError: LspError | undefined
  readonly #deadLog: RegExp | undefined
  readonly #exited: Promise<LspError>
  #markExited!: (error: LspError) => void
  /** Settles when the process itself is gone (its `exit` event), which may follow `#exited`. */
  readonly #gone: Promise<void>
  #markGone!: () => void
  readonly #child: ChildProcess
  readonly #connection: MessageConnection
  readonly #stderr = new StderrTail()
  readonly #stdoutProbe = new StdoutProbe()
  /** Rejecters of the requests in flight, failed at once when the process dies. */
  readonly #pending = new Set<(error: LspError) => void>()
  #stateChanges = 0

  private constructor(
    /** The server's config (its `diagnostics` rules among others). */
    readonly config: LocalServerConfig,
    /** The directory the server runs for (its `rootUri`). */
    readonly rootPath: string,
    private readonly limits: LocalProviderLimits,
  ) {
    this.#exited = new Promise((resolve) => (this.#markExited = resolve))
    this.#gone = new Promise((resolve) => (this.#markGone = resolve))
    this.readiness = readinessFor(config, () => this.#queue(() => this.#connection.sendNotification('$/cancelRequest', { id: -1 })))
    this.#deadLog = config.deadLogPattern === undefined ? undefined : new RegExp(config.deadLogPattern)
    this.diagnostics = new PublishedDiagnostics(config.diagnostics, (uri) => languageOf(config, uriToPath(uri) ?? '') !== undefined)
    this.watchedFiles = new WatchedFiles(
      { send: (changes) => this.notify(DidChangeWatchedFilesNotification.type, { changes: this.diagnostics.onWatchedChanges(changes) }), reloading: () => this.readiness.reloading() },
      rootPath, (path) => languageOf(config, path) !== undefined, true, config.linkedSources === 'go' ? goLinkedFolders : undefined) // prettier-ignore
    this.#child = spawnServer(config, rootPath)
    // An unhandled 'error' (ENOENT, EPIPE) would kill the host: every stream gets a handler.
    this.#child.on('error', (error: NodeJS.ErrnoException) => {
      if (this.#child.pid === undefined) {
        forget(this.#child) // never started: no 'exit' follows
        this.#markGone()
      }
      this.#onExit(spawnError(this.config, error))
    })
    this.#child.on('exit', (code, signal) => {
      forget(this.#child)
      this.#onExit(exitError(this.config, { code, signal, stderr: this.#stderr.summary(), stopping: this.#state === 'stopping' }))
      this.#markGone()
    })
    this.#child.stdin?.on('error', () => {})
    this.#child.stderr?.on('data', (chunk: Buffer) => { this.#stderr.push(chunk); this.readiness.onStderr(chunk) })
    // Before the reader's own listener: a banner on stdout is named before the reader trips on it.
    this.#child.stdout!.on('data', (chunk: Buffer) => {
      if (this.#stdoutProbe.push(chunk) !== undefined) this.#unreadable(new Error('non-LSP output'))
    })
    const reader = new StreamMessageReader(this.#child.stdout!)
    // vscode-jsonrpc reports a header it cannot parse through onError and leaves every request
    // pending: the stream can never be read again, so the server is stopped and they fail now.
    const readerErrors = new WeakSet<Error>()
    reader.onError((error) => {
      readerErrors.add(error)
      this.#unreadable(error)
    })
    this.#connection = createMessageConnection(reader, new StreamMessageWriter(this.#child.stdin!))
    this.#connection.onError(([error]) => {
      // A failed write: the server closed its input or died. It is stopped; its exit says why.
      if (!readerErrors.has(error)) killProcessGroup(this.#child)
    })
    answerServerRequests(this.#connection, {
      rootPath,
      settings: config.settings,
      readiness: this.readiness,
      watchedFiles: this.watchedFiles,
      diagnostics: this.diagnostics,
      onLogMessage: (message) => {
        if (this.#deadLog?.test(message) && this.#state !== 'stopping') this.reportDead(deadLogError(this.config, message))
      },
    })
    this.#connection.listen()
  }

  /**
   * Spawn the server in `rootPath` and complete the handshake (LSP 3.17 §Initialize).
   * @throws LspError `LSP_SERVER_NOT_FOUND` (command missing), `LSP_SERVER_START_FAILED`
   *   (`initialize` rejected, with the server's message verbatim, or the process exited),
   *   `LSP_TIMEOUT` (no answer within `initializeTimeoutMs`; the process is killed).
   */
  static async start(config: LocalServerConfig, rootPath: string, limits: LocalProviderLimits): Promise<LanguageServerClient> {
    const client = new LanguageServerClient(config, rootPath, limits)
    try {
      await client.#initialize()
      return client
    } catch (error) {
      killProcessGroup(client.#child)
      client.#onExit(error as LspError)
      await client.#processGone() // "it was stopped" is true when the caller hears it
      throw error
    }
  }

  get state(): ClientState { return this.#state } // prettier-ignore
  /** The server's process id, which is its process group's too (`undefined` if it never spawned). */
  get pid(): number | undefined { return this.#child.pid } // prettier-ignore

  /** The server's `InitializeResult.capabilities`. */
  get capabilities(): ServerCapabilities { return this.#capabilities } // prettier-ignore
  /** Notifications and `workspace/executeCommand` requests sent so far: what the server knows changed when this moved. */
  get stateChanges(): number { return this.#stateChanges } // prettier-ignore
  /** Requests sent and not answered yet. */
  get requestsInFlight(): number { return this.#pending.size } // prettier-ignore

  /** Resolves with the reason when the process is gone (crash, kill or normal stop). */
  get exited(): Promise<LspError> { return this.#exited } // prettier-ignore

  /**
   * Send a request. Aborting `signal` or cancelling `dropped` (an answer no longer wanted, see `askEarly`)
   * sends `$/cancelRequest` and rejects at once, as the process dying does (vscode-jsonrpc would not).
   * @throws LspError `LSP_CANCELLED`, `LSP_SERVER_CRASHED`, `LSP_SERVER_ERROR` (JSON-RPC error,
   *   kept in `responseError`); a `ContentModified` answer is thrown as `LSP_SERVER_ERROR` with
   *   `responseError.code` -32801 for the caller to retry.
   */
  async request<P, R, PR, E, RO>(type: ProtocolRequestType<P, R, PR, E, RO>, params: P, signal?: AbortSignal, dropped?: CancellationToken): Promise<R> {
    if (this.#exitError) throw this.#exitError
    if (signal?.aborted || dropped?.isCancellationRequested) throw cancelledError(type.method)
    if (type.method === ExecuteCommandRequest.method) this.#stateChanges++
    const source = new CancellationTokenSource()
    let abort = (): void => {}
    const aborted = new Promise<never>((_, reject) => {
      abort = () => (source.cancel(), reject(cancelledError(type.method)))
    })
    // Through onAbort: requests fanned out on one signal (a file's three tsserver pulls, many files) hold one listener.
    const stopWaiting = signal ? onAbort(signal, abort) : undefined
    const onDrop = dropped?.onCancellationRequested(() => abort())
    // One rejecter per request, dropped when it settles: chaining on #exited would keep every
    // request's closure alive for the server's whole life.
    let onDeath: ((error: LspError) => void) | undefined
    const died = new Promise<never>((_, reject) => {
      onDeath = reject
      this.#pending.add(reject)
    })
    try {
      return await Promise.race([this.#connection.sendRequest(type, params as never, source.token) as Promise<R>, aborted, died])
    } catch (error) {
      if (LspError.isInstance(error)) throw error
      // A failed write (EPIPE) precedes the exit it stems from: waited for, so the caller finds the server gone, not dying.
      if (this.#exitError === undefined && isWriteFailure(error)) await Promise.race([this.#exited, delay(this.limits.shutdownTimeoutMs, undefined, { ref: false })])
      throw this.#exitError ?? requestError(this.config, type.method, error)
    } finally {
      stopWaiting?.()
      onDrop?.dispose()
      if (onDeath) this.#pending.delete(onDeath)
      source.dispose()
    }
  }

  /**
   * Send a notification, in order behind every earlier message, without waiting for it to be
   * written: a server that stops reading its input (busy in one long parse) must hold up neither
   * a query, which its signal bounds, nor `dispose`. A no-op once the process is gone.
   */
  async notify<P, RO>(type: ProtocolNotificationType<P, RO> | NotificationType<P>, params: P): Promise<void> {
    if (this.#exitError) return
    this.#stateChanges++
    this.#queue(() => this.#connection.sendNotification(type as NotificationType<P>, params as never))
  }

  /** Queue `send`'s message, not awaited (see `notify`); a failed write is the process gone, which its exit reports. */
  #queue(send: () => Promise<void>): void {
    try {
      send().catch(() => {})
    } catch {} // a closed connection throws at once, before the exit is seen
  }

  /**
   * Stop politely (LSP 3.17 §Shutdown, §Exit): `shutdown`, then `exit`, each bounded by
   * `shutdownTimeoutMs`; whatever is still alive is then killed, at once when `shutdown` went
   * unanswered (a server that answers nothing will not read `exit` either). Never rejects.
   */
  async dispose(): Promise<void> {
    if (this.#state === 'stopped' || this.#state === 'stopping') {
      await this.#exited
      return this.#processGone()
    }
    this.#state = 'stopping'
    const bound = <T>(promise: Promise<T>): Promise<unknown> =>
      Promise.race([promise, this.#exited, delay(this.limits.shutdownTimeoutMs, undefined, { ref: false })]).catch(() => {})
    try {
      const answered = await bound(this.#connection.sendRequest(ShutdownRequest.type).then(() => true))
      if (answered === true) {
        this.#queue(() => this.#connection.sendNotification(ExitNotification.type))
        await bound(this.#exited)
      }
    } finally {
      killProcessGroup(this.#child) // also what the server started, even after a clean exit
      await this.#exited
      await this.#processGone()
    }
  }

  /**
   * Resolves once the process has exited, bounded by `shutdownTimeoutMs` (SIGKILL is not
   * instant, and a process stuck in the kernel may take longer still). Never rejects.
   */
  #processGone(): Promise<void> {
    return Promise.race([this.#gone, delay(this.limits.shutdownTimeoutMs, undefined, { ref: false })])
  }

  get #name(): string { return serverName(this.config) }

  async #initialize(): Promise<void> {
    const params = initializeParams(this.rootPath, this.config.initializationOptions)
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const seconds = this.limits.initializeTimeoutMs / 1000
        reject(new LspError('LSP_TIMEOUT', `${this.#name} did not answer initialize within ${seconds} s; it was stopped`))
      }, this.limits.initializeTimeoutMs)
    })
    const died = this.#exited.then((error) => Promise.reject(startFailure(this.config, error)))
    try {
      const result = await Promise.race([this.#connection.sendRequest(InitializeRequest.type, params), timeout, died])
      this.#capabilities = result.capabilities
    } catch (error) {
      // Disposing the connection on exit rejects initialize with its own error: the exit is the cause.
      if (this.#exitError) throw startFailure(this.config, this.#exitError)
      throw error instanceof ResponseError ? initializeRejected(this.config, error) : error
    } finally {
      clearTimeout(timer)
    }
    const encoding = this.#capabilities.positionEncoding
    if (encoding !== undefined && encoding !== 'utf-16') {
      throw new LspError('LSP_SERVER_START_FAILED', `${this.#name} chose position encoding ${encoding}; only utf-16 was offered`)
    }
    await this.notify(InitializedNotification.type, {})
    if (this.config.settings) {
      this.diagnostics.onConfigurationChange()
      await this.notify(DidChangeConfigurationNotification.type, { settings: this.config.settings })
    }
    this.#state = 'running'
  }

  /** The server said it can no longer answer (see `deadLogPattern`, `engineProbe`): a crash, though it lives on. */
  reportDead(error: LspError): void {
    this.#onExit(error)
    killProcessGroup(this.#child)
  }

  #onExit(error: LspError): void {
    if (this.#exitError) return
    this.#exitError = error
    this.#state = 'stopped'
    this.watchedFiles.dispose()
    this.#markExited(error)
    for (const reject of this.#pending) reject(error)
    this.#pending.clear()
    this.#connection.dispose()
  }

  /** The server's stdout cannot be read any more: fail everything now and stop it. */
  #unreadable(error: Error): void {
    this.#onExit(unreadableError(this.config, this.#stdoutProbe.nonLspOutput, error))
    killProcessGroup(this.#child)
  }
}
