import type { Message, MessageReader, MessageWriter } from 'vscode-jsonrpc'

/**
 * A reader that shows every message to `inspect` before the connection sees it; when `inspect`
 * returns `false` the message is withheld from the connection (the fake is about to die).
 */
export function inspectingReader(
  inner: MessageReader,
  inspect: (message: Message) => boolean,
): MessageReader {
  return {
    onError: inner.onError,
    onClose: inner.onClose,
    onPartialMessage: inner.onPartialMessage,
    listen: (callback) =>
      inner.listen((message) => {
        if (inspect(message)) callback(message)
      }),
    dispose: () => inner.dispose(),
  }
}

/** A writer that reports each message as it accepts it and can be silenced before raw output. */
export interface InspectingWriter extends MessageWriter {
  /**
   * Stops writing (later messages are dropped) and resolves once every message already accepted
   * has been written, so raw bytes written afterwards cannot interleave with a framed message.
   */
  silence(): Promise<void>
}

/**
 * Wraps `inner`, calling `onWrite` for each message before it is written: whatever a peer has
 * received has been reported, and reports keep the wire order (`inner` writes in call order).
 */
export function inspectingWriter(
  inner: MessageWriter,
  onWrite: (message: Message) => void,
): InspectingWriter {
  let silenced = false
  let lastWrite: Promise<void> = Promise.resolve()
  return {
    onError: inner.onError,
    onClose: inner.onClose,
    write(message) {
      if (silenced) return Promise.resolve()
      onWrite(message)
      const written = inner.write(message)
      // `silence()` waits for the queue; a failed write is reported through `onError` already.
      lastWrite = written.catch(() => {})
      return written
    },
    end: () => inner.end(),
    dispose: () => inner.dispose(),
    silence() {
      silenced = true
      return lastWrite
    },
  }
}
