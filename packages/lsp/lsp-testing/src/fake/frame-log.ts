import type { LogSink } from './log.js'

const HEADER_END = Buffer.from('\r\n\r\n', 'ascii')

/**
 * Cuts the raw bytes a client writes into frames exactly as `Content-Length` declares them and
 * logs each one (`direction: 'frame'`): the header as read, the declared length and that many body
 * bytes decoded as UTF-8. A client that counted anything but UTF-8 bytes shows up as a body that is
 * not the whole JSON message (too few bytes) or that runs into the next header (too many).
 * Stops at a header without a readable `Content-Length`.
 */
export function logFrames(stdin: NodeJS.ReadableStream, sink: LogSink): void {
  let buffer = Buffer.alloc(0)
  const onData = (chunk: Buffer): void => {
    buffer = Buffer.concat([buffer, chunk])
    for (;;) {
      const headerEnd = buffer.indexOf(HEADER_END)
      if (headerEnd === -1) return
      const header = buffer.subarray(0, headerEnd + HEADER_END.length).toString('ascii')
      const declared = /^content-length:\s*(\d+)\s*$/im.exec(header)?.[1]
      if (declared === undefined) {
        stdin.removeListener('data', onData)
        return
      }
      const contentLength = Number(declared)
      const end = headerEnd + HEADER_END.length + contentLength
      if (buffer.length < end) return
      const body = buffer.subarray(headerEnd + HEADER_END.length, end).toString('utf8')
      sink({ direction: 'frame', header, contentLength, body })
      buffer = buffer.subarray(end)
    }
  }
  stdin.on('data', onData)
}
