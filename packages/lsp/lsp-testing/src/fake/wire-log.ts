import { Message, type ResponseMessage } from 'vscode-jsonrpc'
import type { JsonValue } from './json.js'
import type { FakeServerWireError, LogSink } from './log.js'

/**
 * Turns wire messages into log entries, remembering which method each request id belongs to so
 * responses in either direction are logged with the method they answer.
 */
export interface WireRecorder {
  /** Records a message read from the client. */
  received(message: Message): void
  /** Records a message written to the client. */
  sent(message: Message): void
}

/** Wire payloads came from (or go to) `JSON.stringify`/`JSON.parse`, so they are JSON values. */
const asJson = (value: unknown): JsonValue => value as JsonValue

function responseFields(message: ResponseMessage): {
  result?: JsonValue
  error?: FakeServerWireError
} {
  if (message.error !== undefined) {
    const { code, message: text, data } = message.error
    return { error: data === undefined ? { code, message: text } : { code, message: text, data: asJson(data) } }
  }
  return message.result === undefined ? {} : { result: asJson(message.result) }
}

const withMethod = (method: string | undefined): { method?: string } =>
  method === undefined ? {} : { method }

/** A recorder writing every message to `sink`. */
export function createWireRecorder(sink: LogSink): WireRecorder {
  const clientRequests = new Map<number | string, string>()
  const serverRequests = new Map<number | string, string>()
  const take = (requests: Map<number | string, string>, id: number | string | null) => {
    if (id === null) return undefined
    const method = requests.get(id)
    requests.delete(id)
    return method
  }
  const params = (message: { params?: unknown }) =>
    message.params === undefined ? {} : { params: asJson(message.params) }

  return {
    received(message) {
      if (Message.isRequest(message)) {
        if (message.id !== null) clientRequests.set(message.id, message.method)
        sink({ direction: 'in', method: message.method, id: message.id, ...params(message) })
      } else if (Message.isNotification(message)) {
        sink({ direction: 'in', method: message.method, ...params(message) })
      } else if (Message.isResponse(message)) {
        const method = take(serverRequests, message.id)
        sink({ direction: 'reply', id: message.id, ...withMethod(method), ...responseFields(message) })
      }
    },
    sent(message) {
      if (Message.isRequest(message)) {
        if (message.id !== null) serverRequests.set(message.id, message.method)
        sink({ direction: 'out', method: message.method, id: message.id, ...params(message) })
      } else if (Message.isNotification(message)) {
        sink({ direction: 'out', method: message.method, ...params(message) })
      } else if (Message.isResponse(message)) {
        const method = take(clientRequests, message.id)
        sink({ direction: 'out', id: message.id, ...withMethod(method), ...responseFields(message) })
      }
    },
  }
}
