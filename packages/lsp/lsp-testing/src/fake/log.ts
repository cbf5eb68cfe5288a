import { appendFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import type { JsonValue } from './json.js'

/** A JSON-RPC id as it crossed the wire (`null` only where the peer sent `null`). */
export type FakeServerMessageId = number | string | null

/** A JSON-RPC error object as it crossed the wire. */
export interface FakeServerWireError {
  readonly code: number
  readonly message: string
  readonly data?: JsonValue
}

/** A request (with `id`) or notification (without) the fake received from the client. */
export interface FakeServerReceivedEntry {
  readonly direction: 'in'
  readonly method: string
  readonly id?: FakeServerMessageId
  readonly params?: JsonValue
}

/** The client's response to a server→client request; `method` is the request's method. */
export interface FakeServerReplyEntry {
  readonly direction: 'reply'
  readonly id: FakeServerMessageId
  readonly method?: string
  readonly result?: JsonValue
  readonly error?: FakeServerWireError
}

/**
 * A message the fake sent: a request (`method`, `id`, `params`), a notification (`method`,
 * `params`) or a response (`id`, `result` or `error`, and the answered request's `method`).
 */
export interface FakeServerSentEntry {
  readonly direction: 'out'
  readonly method?: string
  readonly id?: FakeServerMessageId
  readonly params?: JsonValue
  readonly result?: JsonValue
  readonly error?: FakeServerWireError
}

/**
 * One message as its bytes arrived (scenario `logFrames`): the header block as read, the
 * `Content-Length` it declared (bytes) and that many bytes of body, decoded as UTF-8.
 */
export interface FakeServerFrameEntry {
  readonly direction: 'frame'
  readonly header: string
  readonly contentLength: number
  readonly body: string
}

/** The processes of a `sticky` fake: its own pid and its helper child's, logged at startup. */
export interface FakeServerProcessEntry {
  readonly direction: 'process'
  readonly pid: number
  readonly helperPid: number
}

/** One line of the fake server's log, in the order the fake read or wrote the messages. */
export type FakeServerLogEntry =
  | FakeServerReceivedEntry
  | FakeServerReplyEntry
  | FakeServerSentEntry
  | FakeServerFrameEntry
  | FakeServerProcessEntry

/** Where the fake records what crossed the wire. */
export type LogSink = (entry: FakeServerLogEntry) => void

/**
 * A sink appending one JSON line per entry to `path`, synchronously, so a crash right after
 * loses nothing; without a path, a sink that drops everything.
 */
export function createLogSink(path: string | undefined): LogSink {
  if (path === undefined) return () => {}
  return (entry) => appendFileSync(path, `${JSON.stringify(entry)}\n`)
}

/**
 * Reads the JSON-lines log the fake wrote to the scenario's `log` path: one entry per message
 * received (`in`, `reply`) and sent (`out`), in wire order; with `logFrames`, each received frame's
 * bytes (`frame`); for a `sticky` fake, its pids (`process`).
 */
export async function readFakeServerLog(path: string): Promise<FakeServerLogEntry[]> {
  const text = await readFile(path, 'utf8')
  // Read while the fake appends, the last line may be half written: only complete lines count.
  return text
    .slice(0, text.lastIndexOf('\n') + 1)
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as FakeServerLogEntry)
}
