import { type CancellationToken, LSPErrorCodes, ResponseError } from 'vscode-languageserver-protocol'
import type { FakeServerCrash } from './scenario.js'

/**
 * Never settles unless `token` is cancelled (a `$/cancelRequest` for the request), then rejects
 * with ResponseError -32800 (RequestCancelled), which the connection sends as the answer.
 */
export function untilCancelled(token: CancellationToken): Promise<never> {
  return new Promise((_resolve, reject) => {
    const cancel = () => reject(new ResponseError(LSPErrorCodes.RequestCancelled, 'Request cancelled'))
    if (token.isCancellationRequested) cancel()
    else token.onCancellationRequested(cancel)
  })
}

/** Resolves with `value`'s result, or rejects with RequestCancelled once `token` is cancelled. */
export function unlessCancelled<T>(value: Promise<T>, token: CancellationToken): Promise<T> {
  return Promise.race([value, untilCancelled(token)])
}

/** The header of the cut-off message: it announces 200 body bytes. */
export const PARTIAL_HEADER = 'Content-Length: 200\r\n\r\n'

/** The 20 body bytes that follow {@link PARTIAL_HEADER}: the start of a response, then nothing. */
export const PARTIAL_BODY = '{"jsonrpc":"2.0","id'

function writeFully(stream: NodeJS.WritableStream, text: string): Promise<void> {
  return new Promise((resolve) => {
    // A closed pipe (the client already gone) must not keep the fake from dying.
    stream.write(text, () => resolve())
  })
}

/** The process streams and exit of the dying fake. */
export interface CrashIo {
  /** Resolves once no framed message can still be written to `stdout`. */
  readonly silence: () => Promise<void>
  readonly stdout: NodeJS.WritableStream
  readonly stderr: NodeJS.WritableStream
  readonly exit: (code: number) => void
}

/** Dies as `crash` says: optional cut-off message on stdout, optional stderr text, exit code. */
export async function crashNow(crash: FakeServerCrash, io: CrashIo): Promise<void> {
  await io.silence()
  if (crash.partialBody === true) await writeFully(io.stdout, PARTIAL_HEADER + PARTIAL_BODY)
  if (crash.stderr !== undefined) await writeFully(io.stderr, crash.stderr)
  io.exit(crash.exitCode)
}
