import { createRequire } from 'node:module'
import { spawn, type ChildProcess } from 'node:child_process'
import { LspError, extensionOf } from '@agent-lsp/lsp'
import type {
  DidChangeWatchedFilesRegistrationOptions,
  InitializeParams,
  MessageConnection,
  NotificationType,
  ProtocolNotificationType,
  ProtocolRequestType,
  ServerCapabilities,
} from 'vscode-languageserver-protocol/node'
import { protocol } from './protocol.js'
import { cancelledError } from './abort.js'
import { clientCapabilities } from './capabilities.js'
import type { LocalProviderLimits, LocalServerConfig } from './config.js'
import { forget, killProcessGroup, track } from './process-reaper.js'
import { PublishedDiagnostics } from './published-diagnostics.js'
import { Readiness } from './readiness.js'
import { WatchedFiles } from './watched-files.js'
import { serverMessage } from './server-message.js'
import { StderrTail } from './stderr-tail.js'
import { StdoutProbe } from './stdout-probe.js'
import { pathToUri } from './uri.js'

const {
  ApplyWorkspaceEditRequest,
  CancellationTokenSource,
  CodeLensRefreshRequest,
  ConfigurationRequest,
  DiagnosticRefreshRequest,
  ExitNotification,
  FoldingRangeRefreshRequest,
  InitializeRequest,
  InitializedNotification,
  InlayHintRefreshRequest,
  InlineValueRefreshRequest,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  ErrorCodes,
  LSPErrorCodes,
  LogMessageNotification,
  PublishDiagnosticsNotification,
  RegistrationRequest,
  ResponseError,
  SemanticTokensRefreshRequest,
  ShowDocumentRequest,
  ShowMessageRequest,
  ShutdownRequest,
  UnregistrationRequest,
  WorkDoneProgressCreateRequest,
  WorkspaceFoldersRequest,
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
} = protocol

/** Lifecycle states, as in vscode-languageclient. `stopped` is final: a new client is started. */
export type ClientState = 'starting' | 'running' | 'stopping' | 'stopped'

/** Who we are in `InitializeParams.clientInfo`. */
const clientInfo = { name: 'agent-lsp', version: (createRequire(import.meta.url)('../package.json') as { version: string }).version }

/**
 * One running language server process and its JSON-RPC connection: spawn, `initialize` /
 * `initialized`, answers to every server→client request, progress tracking, requests with
 * cancellation, and `shutdown` / `exit` / kill. Start with {@link LanguageServerClient.start}.
 */
export class LanguageServerClient {
  /** Busy while the server reports work in progress or has not logged its ready line. */
  readonly readiness: Readiness
  /** What the server pushed with `textDocument/publishDiagnostics`. */
  readonly diagnostics = new PublishedDiagnostics()
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

  private constructor(
    private readonly config: LocalServerConfig,
    private readonly rootPath: string,
    private readonly limits: LocalProviderLimits,
  ) {
    this.#exited = new Promise((resolve) => (this.#markExited = resolve))
    this.#gone = new Promise((resolve) => (this.#markGone = resolve))
    this.readiness = new Readiness(config.readyLogPattern)
    this.#deadLog = config.deadLogPattern === undefined ? undefined : new RegExp(config.deadLogPattern)
    this.watchedFiles = new WatchedFiles(this, rootPath, (path) => extensionOf(path) in config.extensionToLanguage)
    this.#child = spawn(config.command, [...(config.args ?? [])], {
      cwd: rootPath,
      env: { ...process.env, ...config.env },
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
      // Its own process group, so that stopping it stops its children too (see killProcessGroup).
      detached: process.platform !== 'win32',
    })
    track(this.#child)
    // An unhandled 'error' (ENOENT, EPIPE) would kill the host: every stream gets a handler.
    this.#child.on('error', (error: NodeJS.ErrnoException) => {
      if (this.#child.pid === undefined) {
        forget(this.#child) // never started: no 'exit' follows
        this.#markGone()
      }
      this.#onExit(this.#spawnError(error))
    })
    this.#child.on('exit', (code, signal) => {
      forget(this.#child)
      this.#onExit(this.#exitErrorFor(code, signal))
      this.#markGone()
    })
    this.#child.stdin?.on('error', () => {})
    this.#child.stderr?.on('data', (chunk: Buffer) => this.#stderr.push(chunk))
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
    this.#answerServerRequests()
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

  get state(): ClientState {
    return this.#state
  }

  /** The server's `InitializeResult.capabilities`. */
  get capabilities(): ServerCapabilities {
    return this.#capabilities
  }

  /** Resolves with the reason when the process is gone (crash, kill or normal stop). */
  get exited(): Promise<LspError> {
    return this.#exited
  }

  /**
   * Send a request. Aborting `signal` sends `$/cancelRequest` and rejects at once; the process
   * dying rejects at once (vscode-jsonrpc alone would leave the request pending).
   * @throws LspError `LSP_CANCELLED`, `LSP_SERVER_CRASHED`, `LSP_SERVER_ERROR` (JSON-RPC error,
   *   kept in `responseError`); a `ContentModified` answer is thrown as `LSP_SERVER_ERROR` with
   *   `responseError.code` -32801 for the caller to retry.
   */
  async request<P, R, PR, E, RO>(type: ProtocolRequestType<P, R, PR, E, RO>, params: P, signal?: AbortSignal): Promise<R> {
    if (this.#exitError) throw this.#exitError
    if (signal?.aborted) throw cancelledError(type.method)
    const source = new CancellationTokenSource()
    let onAbort: (() => void) | undefined
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => {
        source.cancel()
        reject(cancelledError(type.method))
      }
      signal?.addEventListener('abort', onAbort, { once: true })
    })
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
      throw this.#requestError(type.method, error)
    } finally {
      if (onAbort) signal?.removeEventListener('abort', onAbort)
      if (onDeath) this.#pending.delete(onDeath)
      source.dispose()
    }
  }

  /** Send a notification; a no-op once the process is gone. */
  async notify<P, RO>(type: ProtocolNotificationType<P, RO> | NotificationType<P>, params: P): Promise<void> {
    if (this.#exitError) return
    await this.#connection.sendNotification(type as NotificationType<P>, params as never).catch(() => {})
  }

  /**
   * Stop politely (LSP 3.17 §Shutdown, §Exit): `shutdown`, then `exit`, each bounded by
   * `shutdownTimeoutMs`; whatever is still alive is then killed. Never rejects.
   */
  async dispose(): Promise<void> {
    if (this.#state === 'stopped' || this.#state === 'stopping') {
      await this.#exited
      return this.#processGone()
    }
    this.#state = 'stopping'
    const bound = <T>(promise: Promise<T>): Promise<unknown> =>
      Promise.race([promise, this.#exited, delay(this.limits.shutdownTimeoutMs)]).catch(() => {})
    try {
      await bound(this.#connection.sendRequest(ShutdownRequest.type))
      await this.#connection.sendNotification(ExitNotification.type).catch(() => {})
      await bound(this.#exited)
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
    return Promise.race([this.#gone, delay(this.limits.shutdownTimeoutMs)])
  }

  get #name(): string {
    return `language server "${this.config.id}"`
  }

  async #initialize(): Promise<void> {
    const rootUri = pathToUri(this.rootPath)
    const params: InitializeParams = {
      processId: process.pid,
      clientInfo,
      locale: 'en',
      rootPath: this.rootPath,
      rootUri,
      workspaceFolders: [{ uri: rootUri, name: this.rootPath.split(/[\\/]/).pop() || this.rootPath }],
      capabilities: clientCapabilities,
      initializationOptions: this.config.initializationOptions ?? null,
      trace: 'off',
    }
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const seconds = this.limits.initializeTimeoutMs / 1000
        reject(new LspError('LSP_TIMEOUT', `${this.#name} did not answer initialize within ${seconds} s; it was stopped`))
      }, this.limits.initializeTimeoutMs)
    })
    const died = this.#exited.then((error) => Promise.reject(this.#startFailure(error)))
    try {
      const result = await Promise.race([this.#connection.sendRequest(InitializeRequest.type, params), timeout, died])
      this.#capabilities = result.capabilities
    } catch (error) {
      // Disposing the connection on exit rejects initialize with its own error: the exit is the cause.
      if (this.#exitError) throw this.#startFailure(this.#exitError)
      if (error instanceof ResponseError) {
        throw new LspError('LSP_SERVER_START_FAILED', `${this.#name} rejected initialize: ${error.message}`, {
          cause: error,
          responseError: { code: error.code, message: error.message, data: error.data },
        })
      }
      throw error
    } finally {
      clearTimeout(timer)
    }
    const encoding = this.#capabilities.positionEncoding
    if (encoding !== undefined && encoding !== 'utf-16') {
      throw new LspError('LSP_SERVER_START_FAILED', `${this.#name} chose position encoding ${encoding}; only utf-16 was offered`)
    }
    await this.notify(InitializedNotification.type, {})
    if (this.config.settings) {
      await this.notify(DidChangeConfigurationNotification.type, { settings: this.config.settings })
    }
    this.#state = 'running'
  }

  /** Every server→client request gets an answer: some servers hang or exit on an error reply. */
  #answerServerRequests(): void {
    const c = this.#connection
    const folderUri = pathToUri(this.rootPath)
    c.onRequest(ConfigurationRequest.type, ({ items }) => items.map((item) => lookupSection(this.config.settings, item.section)))
    // A void result goes on the wire as `"result": null`, the answer these requests expect.
    c.onRequest(WorkDoneProgressCreateRequest.type, ({ token }) => this.readiness.onCreate(token))
    c.onRequest(RegistrationRequest.type, ({ registrations }) => {
      // Never answer with an error, whatever the shape: some servers wedge or exit on one.
      for (const { id, method, registerOptions } of registrations ?? []) {
        const watchers = (registerOptions as Partial<DidChangeWatchedFilesRegistrationOptions> | undefined)?.watchers
        if (method === DidChangeWatchedFilesNotification.method && Array.isArray(watchers)) this.watchedFiles.register(id, watchers)
      }
    })
    c.onRequest(UnregistrationRequest.type, ({ unregisterations }) => {
      for (const { id } of unregisterations ?? []) this.watchedFiles.unregister(id)
    })
    c.onRequest(WorkspaceFoldersRequest.type, () => [{ uri: folderUri, name: this.rootPath.split(/[\\/]/).pop() ?? '' }])
    c.onRequest(ShowMessageRequest.type, () => null)
    c.onRequest(ShowDocumentRequest.type, () => ({ success: false }))
    c.onRequest(ApplyWorkspaceEditRequest.type, () => ({ applied: false, failureReason: 'agent-lsp does not apply edits' }))
    for (const refresh of [
      SemanticTokensRefreshRequest.type,
      InlayHintRefreshRequest.type,
      InlineValueRefreshRequest.type,
      CodeLensRefreshRequest.type,
      DiagnosticRefreshRequest.type,
      FoldingRangeRefreshRequest.type,
    ]) {
      c.onRequest(refresh, () => {})
    }
    // $/progress never reaches a catch-all notification handler in vscode-jsonrpc.
    c.onUnhandledProgress((params) => this.readiness.onProgress(params))
    c.onNotification(LogMessageNotification.type, ({ message }) => {
      this.readiness.onLogMessage(message)
      if (this.#deadLog?.test(message) && this.#state !== 'stopping') this.#reportedDead(message)
    })
    c.onNotification(PublishDiagnosticsNotification.type, (params) => this.diagnostics.onPublish(params))
    c.onNotification(() => {})
  }

  /** The server said it can no longer answer (see `deadLogPattern`): a crash, though it lives on. */
  #reportedDead(message: string): void {
    const line = message.replace(/\s+/g, ' ').trim().slice(0, 300)
    this.#onExit(new LspError('LSP_SERVER_CRASHED', `${this.#name} can no longer answer: it logged "${line}"`))
    killProcessGroup(this.#child)
  }

  #onExit(error: LspError): void {
    if (this.#exitError) return
    this.#exitError = error
    this.#state = 'stopped'
    this.#markExited(error)
    for (const reject of this.#pending) reject(error)
    this.#pending.clear()
    this.#connection.dispose()
  }

  /**
   * The server's stdout cannot be read any more: fail everything now and stop it. Non-LSP output
   * at the start of the stream is `LSP_SERVER_START_FAILED` quoting its first line; any other
   * unreadable message `LSP_MALFORMED_RESPONSE`.
   */
  #unreadable(error: Error): void {
    const output = this.#stdoutProbe.nonLspOutput
    this.#onExit(
      output !== undefined
        ? new LspError(
            'LSP_SERVER_START_FAILED',
            `${this.#name} wrote non-LSP output on stdout: ${output}; a language server must write only LSP messages there (logs belong on stderr)`,
            { cause: error },
          )
        : new LspError('LSP_MALFORMED_RESPONSE', `${this.#name} sent an unreadable message: ${error.message}`, { cause: error }),
    )
    killProcessGroup(this.#child)
  }

  #spawnError(error: NodeJS.ErrnoException): LspError {
    if (error.code === 'ENOENT') {
      const hint = this.config.installHint ? ` (install: ${this.config.installHint})` : ''
      return new LspError('LSP_SERVER_NOT_FOUND', `${this.#name} is not installed: command "${this.config.command}" was not found${hint}`, { cause: error })
    }
    if (error.code === 'EACCES') {
      return new LspError('LSP_SERVER_NOT_FOUND', `${this.#name} cannot run: command "${this.config.command}" is not executable`, { cause: error })
    }
    return new LspError('LSP_SERVER_CRASHED', `${this.#name} failed: ${error.message}`, { cause: error })
  }

  #exitErrorFor(code: number | null, signal: NodeJS.Signals | null): LspError {
    const how = code !== null ? `exited with code ${code}` : `was killed by ${signal}`
    const tail = this.#stderr.summary()
    const stopping = this.#state === 'stopping'
    return new LspError(
      stopping ? 'LSP_DISPOSED' : 'LSP_SERVER_CRASHED',
      stopping ? `${this.#name} was stopped` : `${this.#name} ${how}${tail ? `; stderr: ${tail}` : ''}`,
    )
  }

  #startFailure(error: LspError): LspError {
    if (error.code !== 'LSP_SERVER_CRASHED') return error
    const hint = this.config.installHint ? ` (is it installed? ${this.config.installHint})` : ''
    return new LspError('LSP_SERVER_START_FAILED', `${error.message.replace(/ exited/, ' exited during initialize,')}${hint}`, { cause: error })
  }

  #requestError(method: string, error: unknown): LspError {
    if (LspError.isInstance(error)) return error
    // Disposing the connection on exit rejects pending requests with its own error: the exit is the cause.
    if (this.#exitError) return this.#exitError
    if (error instanceof ResponseError) {
      const responseError = { code: error.code, message: error.message, data: error.data }
      if (error.code === LSPErrorCodes.RequestCancelled) {
        return new LspError('LSP_CANCELLED', `${this.#name} cancelled ${method}`, { cause: error, responseError })
      }
      if (error.code === ErrorCodes.MethodNotFound) {
        // It advertised the capability but has no handler (clangd 14's outgoing calls).
        return new LspError('LSP_UNSUPPORTED_OPERATION', `${this.#name} does not support ${method}: ${serverMessage(error.message)}`, { cause: error, responseError })
      }
      return new LspError('LSP_SERVER_ERROR', `${this.#name} failed ${method}: ${serverMessage(error.message)} (code ${error.code})`, { cause: error, responseError })
    }
    return new LspError('LSP_SERVER_CRASHED', `${this.#name} connection failed during ${method}: ${String((error as Error)?.message ?? error)}`, { cause: error })
  }
}

/** The value of a dotted `section` in `settings` (`python.analysis` → `settings.python.analysis`), or `null`. */
export function lookupSection(settings: Readonly<Record<string, unknown>> | undefined, section: string | undefined): unknown {
  if (!section) return settings ?? null
  let value: unknown = settings
  for (const key of section.split('.')) {
    if (typeof value !== 'object' || value === null || !(key in value)) return null
    value = (value as Record<string, unknown>)[key]
  }
  return value ?? null
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref())
}
