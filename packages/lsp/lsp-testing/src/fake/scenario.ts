import type {
  Declaration,
  DeclarationLink,
  Definition,
  DefinitionLink,
  Hover,
  Location,
  ServerCapabilities,
} from 'vscode-languageserver-protocol'
import type { FakeServerFraming } from './framing.js'
import type { JsonObject, JsonValue } from './json.js'

/** The environment variable that carries the scenario (as JSON) into the fake server process. */
export const FAKE_SCENARIO_ENV = 'AGENT_LSP_FAKE_SCENARIO'

/**
 * A raw result the fake returns verbatim, unchecked: the well-formed LSP shape `T`, or any other
 * JSON value, deliberately malformed ones included (`42`, `[{ "uri": 5 }]`, `""`).
 */
export type FakeRawResult<T> = T | JsonValue

/** A JSON-RPC error the fake answers with: `code` (JSON-RPC / LSP error code), `message`, `data`. */
export interface FakeServerError {
  readonly code: number
  readonly message: string
  readonly data?: JsonValue
}

/** A server→client request the fake sends once `initialized` arrives. */
export interface FakeServerRequest {
  /** LSP method name, e.g. `workspace/configuration`. */
  readonly method: string
  /** The request's params: an object, as every LSP request's params are. */
  readonly params?: JsonObject
}

/** Work-done progress the fake reports after `initialized` (an indexing phase). */
export interface FakeServerProgress {
  /** The `ProgressToken` passed to `window/workDoneProgress/create` and every `$/progress`. */
  readonly token: string
  /** What starts it: `initialized` (default), or the first didOpen (clangd indexes the database that file loads). */
  readonly after?: 'initialized' | 'didOpen'
  /** Milliseconds from that message to the `create`; default 0. */
  readonly startDelayMs?: number
  /** Milliseconds between the `begin` and the `end` report; default 200. */
  readonly delayMs?: number
  /**
   * Whether language requests wait for the end (default `true`, a server that answers only once
   * indexed). `false` answers at once, as a server that answers from a partial index does.
   */
  readonly holdRequests?: boolean
  /** Report the end only once a message arrives after `delayMs`, as ccls 0.20220729 reports progress when a message wakes it. */
  readonly endAfterMessage?: boolean
}

/** How the fake dies when a given message arrives. */
export interface FakeServerCrash {
  /** The method (request or notification) whose arrival triggers the crash. */
  readonly on: string
  /** The process exit code. */
  readonly exitCode: number
  /** Text written to stderr just before exiting. */
  readonly stderr?: string
  /**
   * Before dying, write `Content-Length: 200\r\n\r\n` and only the first 20 bytes of a body to
   * stdout: a message cut off mid-body.
   */
  readonly partialBody?: boolean
  /**
   * Crash only in the first `launches` launches of the scenario (a server that crashes once and
   * then recovers on restart); every launch when absent. Launches are counted by the `initialize`
   * requests in the scenario's `log`, which must then be set.
   */
  readonly launches?: number
}

/**
 * What the fake language server does, passed as JSON in `AGENT_LSP_FAKE_SCENARIO`. Every field is
 * optional; with none the fake is a well-behaved minimal server. All positions are LSP wire
 * positions (zero-based line, zero-based UTF-16 character).
 */
export interface FakeServerScenario {
  /** `InitializeResult.capabilities`; default {@link defaultFakeServerCapabilities}. */
  readonly capabilities?: ServerCapabilities<JsonValue>
  /** `InitializeResult.serverInfo`; omitted from the result when absent. */
  readonly serverInfo?: { readonly name: string; readonly version?: string }
  /** `'ok'` (default) answers; `{ error }` answers with that ResponseError; `'hang'` never answers. */
  readonly initialize?: 'ok' | 'hang' | { readonly error: FakeServerError }
  /**
   * `textDocument/hover` results by zero-based line, written as a decimal string key (`"0"`,
   * `"12"`); any character of that line gets the value verbatim. Lines not in the map get `null`.
   */
  readonly hover?: { readonly [line: string]: FakeRawResult<Hover | null> }
  /** `textDocument/definition` result, verbatim, for every position; default `null`. */
  readonly definition?: FakeRawResult<Definition | DefinitionLink[] | null>
  /** `textDocument/references` result, verbatim, for every position; default `null`. */
  readonly references?: FakeRawResult<Location[] | null>
  /** `textDocument/implementation` result, verbatim, for every position; default `null`. */
  readonly implementation?: FakeRawResult<Declaration | DeclarationLink[] | null>
  /**
   * Any other request method → its result, verbatim (e.g. `textDocument/rename`,
   * `textDocument/formatting`, `codeAction/resolve`), for every call. Methods with their own
   * field above are answered by that field.
   */
  readonly results?: { readonly [method: string]: JsonValue }
  /** Request method → the ResponseError it is answered with (wins over `results`). */
  readonly errors?: { readonly [method: string]: FakeServerError }
  /**
   * Request methods never answered. A `$/cancelRequest` for such a request is answered with
   * ResponseError -32800 (RequestCancelled).
   */
  readonly hang?: readonly string[]
  /** Server→client requests sent, in this order and without waiting, once `initialized` arrives. */
  readonly serverRequests?: readonly FakeServerRequest[]
  /**
   * An indexing phase: after `initialized` (or the first didOpen), `window/workDoneProgress/create` for the token, then
   * `$/progress` begin (title `Indexing`), then after `delayMs` the end. Hover, definition,
   * references and implementation requests arriving before the end are answered after it.
   */
  readonly progress?: FakeServerProgress
  /** Publish empty diagnostics of each document opened, with its version, as it opens. */
  readonly diagnosticsOnOpen?: boolean
  /**
   * Default `true`: `shutdown` is answered with `null` and `exit` ends the process (code 0 after a
   * shutdown, 1 without, per the LSP spec). `false`: `shutdown` is answered but `exit` is ignored.
   */
  readonly exitOnShutdown?: boolean
  /** `true`: `shutdown` is never answered and `exit` is ignored; only a kill ends the process. */
  readonly hangOnShutdown?: boolean
  /** Die when a given method arrives. */
  readonly crash?: FakeServerCrash
  /** Text written to stderr at startup. */
  readonly stderr?: string
  /** Absolute path of a JSON-lines log of every message received and sent (appended to). */
  readonly log?: string
  /** How messages are framed on stdout: split in pieces, log message coalesced, `Content-Type`. */
  readonly framing?: FakeServerFraming
  /**
   * Raw text written to stdout (unframed) when `initialize` arrives, before its reply, as a server
   * that prints a banner there does: `Loading project configuration...\n`.
   */
  readonly stdoutBeforeInitialize?: string
  /** Also log every received frame's raw header, declared `Content-Length` and body (`frame` entries). */
  readonly logFrames?: boolean
  /**
   * Milliseconds to hold the answer to a request method, by method (`{ "textDocument/hover": 1500 }`),
   * after any indexing wait; a `$/cancelRequest` still ends it with -32800.
   */
  readonly answerDelayMs?: { readonly [method: string]: number }
  /**
   * Wedge on a refused server request, as some servers do: language requests wait until every
   * `serverRequests` answer arrived, and are never answered if one is an error or a
   * `workspace/configuration` answer is not an array with one entry per requested item.
   */
  readonly wedgeOnRefusal?: boolean
  /**
   * Ignore SIGTERM, SIGINT, SIGHUP, stdin EOF and `exit`, and start a helper child that ignores the
   * signals too; both pids are logged (`process` entry). Only SIGKILL ends them, or a 2 min cap.
   */
  readonly sticky?: boolean
  /**
   * Grow: on every message of `method` received, allocate `mb` MiB and keep it (written, so it is
   * resident), as a server that leaks would; for memory caps.
   */
  readonly grow?: { readonly method: string; readonly mb: number }
  /**
   * Stop reading stdin once a message of this method arrives, leaving that message unhandled, as
   * a server busy in one long computation does: the pipe fills, and the client's later writes
   * wait. Only a signal ends it.
   */
  readonly stopReadingOn?: string
}

/** The capabilities the fake announces when the scenario gives none. */
export const defaultFakeServerCapabilities: ServerCapabilities<JsonValue> = Object.freeze({
  positionEncoding: 'utf-16',
  textDocumentSync: 2, // TextDocumentSyncKind.Incremental
  hoverProvider: true,
  definitionProvider: true,
  referencesProvider: true,
  implementationProvider: true,
})

/** The delay between progress `begin` and `end` when the scenario gives none, in milliseconds. */
export const DEFAULT_PROGRESS_DELAY_MS = 200

/** The environment that hands `scenario` to a spawned fake server: merge it into the child's env. */
export function fakeServerEnv(scenario: FakeServerScenario): Record<string, string> {
  return { [FAKE_SCENARIO_ENV]: JSON.stringify(scenario) }
}
