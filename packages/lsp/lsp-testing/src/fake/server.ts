import { readFileSync } from 'node:fs'
import { setTimeout as delay } from 'node:timers/promises'
import {
  CancellationToken,
  createProtocolConnection,
  DefinitionRequest,
  DidChangeTextDocumentNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  HoverRequest,
  ImplementationRequest,
  InitializedNotification,
  InitializeRequest,
  type InitializeResult,
  LogMessageNotification,
  MessageType,
  type ProtocolConnection,
  PublishDiagnosticsNotification,
  ReferencesRequest,
  RequestType,
  RequestType0,
  ResponseError,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-languageserver-protocol/node'
import { DocumentStore } from './documents.js'
import { crashNow, unlessCancelled, untilCancelled } from './faults.js'
import type { JsonObject, JsonValue } from './json.js'
import { logFrames } from './frame-log.js'
import { FramingWriter } from './framing.js'
import { holdUntilKilled } from './keep-alive.js'
import { createLogSink, type FakeServerLogEntry } from './log.js'
import { createIndexing } from './progress.js'
import { FakeDocumentsRequest } from './protocol.js'
import { defaultFakeServerCapabilities, type FakeRawResult, type FakeServerCrash, type FakeServerScenario } from './scenario.js'
import { inspectingReader, inspectingWriter } from './transport.js'
import { createWireRecorder } from './wire-log.js'

/** The process the fake runs in: its standard streams and its exit. */
export interface FakeServerProcess {
  readonly stdin: NodeJS.ReadableStream
  readonly stdout: NodeJS.WritableStream
  readonly stderr: NodeJS.WritableStream
  readonly exit: (code: number) => void
}

/**
 * The scenario's raw value, sent as the typed result unchecked: the scenario may deliberately
 * hold a value that is not a `T` (that is what the fake is for). Absent means `null`.
 */
function verbatim<T>(raw: FakeRawResult<T> | undefined): T {
  return (raw === undefined ? null : raw) as T
}

function cancellationTokenOf(args: readonly unknown[]): CancellationToken {
  const token = args.at(-1)
  if (!CancellationToken.is(token)) throw new Error('request handler called without a cancellation token')
  return token
}

/**
 * Whether a client's answer to a server request is one a picky server accepts: a result (not an
 * error) and, for `workspace/configuration`, an array with one entry per requested item.
 */
function acceptable(method: string, params: JsonObject | undefined, result: JsonValue): boolean {
  if (method !== 'workspace/configuration') return true
  const items = params?.items
  return Array.isArray(result) && Array.isArray(items) && result.length === items.length
}

/**
 * Sends the scenario's server→client requests without waiting for each other; the log records
 * each reply. Resolves `true` once every answer is {@link acceptable}, `false` at the first that is not.
 */
async function sendServerRequests(connection: ProtocolConnection, scenario: FakeServerScenario): Promise<boolean> {
  const answers = (scenario.serverRequests ?? []).map(async ({ method, params }) => {
    const sent =
      params === undefined
        ? connection.sendRequest(new RequestType0<JsonValue, JsonValue>(method))
        : connection.sendRequest(new RequestType<JsonObject, JsonValue, JsonValue>(method), params)
    return sent.then(
      (result) => acceptable(method, params, result),
      () => false,
    )
  })
  return (await Promise.all(answers)).every(Boolean)
}

/** Writes unframed text to stdout; resolves once written (or once the pipe is found closed). */
function writeRaw(stream: NodeJS.WritableStream, text: string): Promise<void> {
  return new Promise((resolve) => {
    stream.write(text, () => resolve())
  })
}

/** Whether `crash` applies to this launch: always, or while the log counts at most `launches` launches. */
function crashesInThisLaunch(crash: FakeServerCrash, log: string | undefined): boolean {
  if (crash.launches === undefined) return true
  if (log === undefined) throw new Error('crash.launches needs the scenario\'s log, where launches are counted')
  const entries = readFileSync(log, 'utf8').split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as FakeServerLogEntry)
  const launches = entries.filter((entry) => entry.direction === 'in' && entry.method === 'initialize').length
  return launches <= crash.launches
}

/** Starts the fake language server described by `scenario` on `proc`'s standard streams. */
export function startFakeServer(scenario: FakeServerScenario, proc: FakeServerProcess): void {
  if (scenario.stderr !== undefined) proc.stderr.write(scenario.stderr)

  const sink = createLogSink(scenario.log)
  const recorder = createWireRecorder(sink)
  if (scenario.logFrames === true) logFrames(proc.stdin, sink)
  const framing = scenario.framing
  const streamWriter = framing === undefined ? new StreamMessageWriter(proc.stdout) : new FramingWriter(proc.stdout, framing)
  const writer = inspectingWriter(streamWriter, (message) => recorder.sent(message))
  let dying = false
  /** What a growing fake keeps (see `grow`). */
  const kept: Buffer[] = []
  const reader = inspectingReader(new StreamMessageReader(proc.stdin), (message) => {
    if (dying) return false
    recorder.received(message)
    indexing.onMessage()
    const { crash, grow } = scenario
    if (grow !== undefined && 'method' in message && message.method === grow.method) kept.push(Buffer.alloc(grow.mb * 1024 * 1024, 1))
    if ('method' in message && message.method === scenario.stopReadingOn) {
      proc.stdin.pause()
      // A paused stdin no longer keeps the process alive.
      holdUntilKilled(clientProcessId, proc.exit)
      return false
    }
    if (crash !== undefined && 'method' in message && message.method === crash.on && crashesInThisLaunch(crash, scenario.log)) {
      dying = true
      void crashNow(crash, { silence: () => writer.silence(), ...proc })
      return false
    }
    return true
  })
  const connection = createProtocolConnection(reader, writer)

  const hung = new Set(scenario.hang ?? [])
  const indexing = createIndexing(scenario.progress)
  const indexed = scenario.progress?.holdRequests === false ? Promise.resolve() : indexing.done
  const documents = new DocumentStore()
  let clientProcessId: number | null = null
  let shutdownReceived = false
  const sticky = scenario.sticky === true
  /** Settles once the server requests were answered acceptably; never, for a wedged fake. */
  let served: Promise<void> = Promise.resolve()
  let markServed = (_acceptable: boolean) => {}
  if (scenario.wedgeOnRefusal === true) {
    served = new Promise((resolve) => {
      markServed = (acceptable) => {
        if (acceptable) resolve()
      }
    })
  }

  /** `compute()`'s value, after the scenario's delay for `method` and its coalesced log message. */
  const respond = async <T>(method: string, token: CancellationToken, compute: () => T): Promise<T> => {
    const held = scenario.answerDelayMs?.[method]
    if (held !== undefined) await unlessCancelled(delay(held), token)
    const value = compute()
    if (framing?.coalesceLogMessage === true) {
      void connection.sendNotification(LogMessageNotification.type, { type: MessageType.Log, message: `fake: answering ${method}` })
    }
    return value
  }
  /** Answers `method` with `compute()` unless the scenario hangs it; language requests wait for indexing (unless not held). */
  const answer = <T>(method: string, token: CancellationToken, compute: () => T): Promise<T> =>
    hung.has(method) ? untilCancelled(token) : respond(method, token, compute)
  const answerIndexed = <T>(method: string, token: CancellationToken, compute: () => T): Promise<T> =>
    hung.has(method)
      ? untilCancelled(token)
      : unlessCancelled(Promise.all([indexed, served]), token).then(() => respond(method, token, compute))

  connection.onRequest(InitializeRequest.type, async (params, token) => {
    clientProcessId = params.processId
    const { initialize = 'ok' } = scenario
    if (initialize === 'hang') return untilCancelled(token)
    if (scenario.stdoutBeforeInitialize !== undefined) await writeRaw(proc.stdout, scenario.stdoutBeforeInitialize)
    return answer(InitializeRequest.method, token, (): InitializeResult => {
      if (initialize !== 'ok') {
        const { code, message, data } = initialize.error
        throw new ResponseError(code, message, data)
      }
      const capabilities = scenario.capabilities ?? defaultFakeServerCapabilities
      return scenario.serverInfo === undefined
        ? { capabilities }
        : { capabilities, serverInfo: scenario.serverInfo }
    })
  })

  connection.onRequest(HoverRequest.type, (params, token) =>
    answerIndexed(HoverRequest.method, token, () =>
      verbatim(scenario.hover?.[String(params.position.line)]),
    ),
  )
  connection.onRequest(DefinitionRequest.type, (_params, token) =>
    answerIndexed(DefinitionRequest.method, token, () => verbatim(scenario.definition)),
  )
  connection.onRequest(ReferencesRequest.type, (_params, token) =>
    answerIndexed(ReferencesRequest.method, token, () => verbatim(scenario.references)),
  )
  connection.onRequest(ImplementationRequest.type, (_params, token) =>
    answerIndexed(ImplementationRequest.method, token, () => verbatim(scenario.implementation)),
  )
  connection.onRequest(FakeDocumentsRequest.type, (token) =>
    answer(FakeDocumentsRequest.method, token, () => documents.snapshot()),
  )

  const typedMethods = new Set<string>([
    InitializeRequest.method,
    ShutdownRequest.method,
    HoverRequest.method,
    DefinitionRequest.method,
    ReferencesRequest.method,
    ImplementationRequest.method,
    FakeDocumentsRequest.method,
  ])
  const scripted = new Set([...Object.keys(scenario.results ?? {}), ...Object.keys(scenario.errors ?? {})])
  for (const method of scripted) {
    if (typedMethods.has(method) || hung.has(method)) continue
    // A generic handler gets `(token)` without params and `(params, token)` with them.
    connection.onRequest(method, (...args: unknown[]) =>
      answerIndexed(method, cancellationTokenOf(args), () => {
        const error = scenario.errors?.[method]
        if (error !== undefined) throw new ResponseError(error.code, error.message, error.data)
        return scenario.results?.[method] ?? null
      }),
    )
  }
  for (const method of hung) {
    // Hung methods the fake does not implement: a method name from the scenario, no descriptor.
    // A generic handler gets `(token)` without params and `(params, token)` with them.
    if (!typedMethods.has(method)) {
      connection.onRequest(method, (...args: unknown[]) => untilCancelled(cancellationTokenOf(args)))
    }
  }

  connection.onRequest(ShutdownRequest.type, (token) => {
    if (scenario.hangOnShutdown === true) return untilCancelled(token)
    return answer(ShutdownRequest.method, token, () => {
      shutdownReceived = true // answered with `null` (the wire form of a void result)
    })
  })
  connection.onNotification(ExitNotification.type, () => {
    if (sticky || scenario.hangOnShutdown === true || scenario.exitOnShutdown === false) return
    proc.exit(shutdownReceived ? 0 : 1)
  })

  connection.onNotification(InitializedNotification.type, () => {
    // A failed request write means the client is gone; the close handler ends the process.
    sendServerRequests(connection, scenario).then(markServed, () => {})
    // A failed progress write means the client is gone; the close handler ends the process.
    if (scenario.progress?.after !== 'didOpen') indexing.run(connection).catch(() => {})
  })

  let opened = false
  connection.onNotification(DidOpenTextDocumentNotification.type, ({ textDocument }) => {
    documents.open(textDocument.uri, textDocument.languageId, textDocument.version, textDocument.text)
    if (scenario.diagnosticsOnOpen) connection.sendNotification(PublishDiagnosticsNotification.type, { uri: textDocument.uri, version: textDocument.version, diagnostics: [] }).catch(() => {})
    if (!opened && scenario.progress?.after === 'didOpen') indexing.run(connection).catch(() => {})
    opened = true
  })
  connection.onNotification(DidChangeTextDocumentNotification.type, ({ textDocument, contentChanges }) =>
    documents.change(textDocument.uri, textDocument.version, contentChanges),
  )
  connection.onNotification(DidCloseTextDocumentNotification.type, ({ textDocument }) =>
    documents.close(textDocument.uri),
  )

  connection.onClose(() => {
    if (dying || sticky) return
    if (scenario.hangOnShutdown === true) holdUntilKilled(clientProcessId, proc.exit)
    else proc.exit(shutdownReceived ? 0 : 1)
  })

  connection.listen()
}
