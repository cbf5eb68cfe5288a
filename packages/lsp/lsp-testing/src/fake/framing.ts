import { setTimeout as delay } from 'node:timers/promises'
import { AbstractMessageWriter, Message, type MessageWriter } from 'vscode-jsonrpc'

/** How the fake frames what it writes, to exercise a client's message reader. */
export interface FakeServerFraming {
  /**
   * Write each message in four pieces, {@link PIECE_DELAY_MS} apart: cut inside the header name,
   * inside the blank line `\r\n\r\n`, and through the middle of the body's first 4-byte UTF-8
   * character (the body's middle byte when it has none). See {@link splitFrame}.
   */
  readonly split?: boolean
  /**
   * Hold each `window/logMessage` and write it together with the next message in one `write()`;
   * the fake then sends a `window/logMessage` before every response.
   */
  readonly coalesceLogMessage?: boolean
  /** Add a {@link CONTENT_TYPE_HEADER} line after `Content-Length`. */
  readonly contentType?: boolean
}

/** Milliseconds between the pieces of a split message. */
export const PIECE_DELAY_MS = 30

/** The optional LSP header line the fake adds when `framing.contentType` is set. */
export const CONTENT_TYPE_HEADER = 'Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n'

/** The header block of a body of `bodyBytes` bytes: `Content-Length`, optional `Content-Type`, blank line. */
export function frameHeader(bodyBytes: number, contentType: boolean): string {
  return `Content-Length: ${bodyBytes}\r\n${contentType ? CONTENT_TYPE_HEADER : ''}\r\n`
}

/** Bytes of `Content-Le`: the first piece ends inside the header name. */
const HEADER_NAME_CUT = 10

/**
 * The four pieces of one framed message: `Content-Le` | the rest of the header up to `\r\n\r` |
 * `\n` and the body up to the middle of its first 4-byte UTF-8 character (after its first two
 * bytes) | the rest. Concatenated, they are exactly `header + body`.
 */
export function splitFrame(header: string, body: Buffer): Buffer[] {
  const head = Buffer.from(header, 'ascii')
  const wide = body.findIndex((byte) => byte >= 0xf0) // the lead byte of a 4-byte sequence
  const bodyCut = wide === -1 ? Math.floor(body.length / 2) : wide + 2
  return [
    head.subarray(0, HEADER_NAME_CUT),
    head.subarray(HEADER_NAME_CUT, head.length - 1),
    Buffer.concat([head.subarray(head.length - 1), body.subarray(0, bodyCut)]),
    body.subarray(bodyCut),
  ]
}

function writeChunk(stream: NodeJS.WritableStream, chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.write(chunk, (error) => (error ? reject(error) : resolve()))
  })
}

const isLogMessage = (message: Message): boolean =>
  Message.isNotification(message) && message.method === 'window/logMessage'

/**
 * A message writer framing as `framing` says, one message after another (pieces of two messages
 * never interleave). Without any option it writes exactly what `StreamMessageWriter` writes.
 */
export class FramingWriter extends AbstractMessageWriter implements MessageWriter {
  #queue: Promise<void> = Promise.resolve()
  #held: Buffer[] = []
  #errors = 0

  constructor(
    private readonly stream: NodeJS.WritableStream,
    private readonly framing: FakeServerFraming,
  ) {
    super()
    stream.on('error', (error: Error) => this.fireError(error))
    stream.on('close', () => this.fireClose())
  }

  write(message: Message): Promise<void> {
    const body = Buffer.from(JSON.stringify(message), 'utf8')
    const header = frameHeader(body.length, this.framing.contentType === true)
    if (this.framing.coalesceLogMessage === true && isLogMessage(message)) {
      this.#held.push(Buffer.from(header, 'ascii'), body)
      return Promise.resolve()
    }
    const held = this.#held
    this.#held = []
    const pieces = this.framing.split === true ? splitFrame(header, body) : [Buffer.from(header, 'ascii'), body]
    const [first = Buffer.alloc(0), ...rest] = pieces
    const written = this.#queue.then(async () => {
      await writeChunk(this.stream, Buffer.concat([...held, first]))
      for (const piece of rest) {
        if (this.framing.split === true) await delay(PIECE_DELAY_MS)
        await writeChunk(this.stream, piece)
      }
    })
    this.#queue = written.catch((error: Error) => this.fireError(error, message, ++this.#errors))
    return written
  }

  end(): void {
    this.stream.end()
  }
}
