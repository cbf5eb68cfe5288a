import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { Message } from 'vscode-jsonrpc'
import {
  ConfigurationRequest,
  ExitNotification,
  InitializedNotification,
  ShutdownRequest,
  WorkDoneProgressCreateRequest,
} from 'vscode-languageserver-protocol'
import { defaultFakeServerCapabilities, readFakeServerLog } from '../index.js'
import { cleanUp, spawnFake, tempDir } from './test-client.js'

afterEach(cleanUp)

describe('log', () => {
  it('records every message received and sent, in wire order', async () => {
    const log = join(await tempDir(), 'fake.log')
    const fake = spawnFake({ log })
    await fake.initialize()
    await fake.connection.sendNotification(InitializedNotification.type, {})
    await fake.connection.sendRequest(ShutdownRequest.type)
    await fake.connection.sendNotification(ExitNotification.type)
    expect(await fake.closed).toEqual({ code: 0, signal: null })
    expect(await readFakeServerLog(log)).toEqual([
      {
        direction: 'in',
        method: 'initialize',
        id: 0,
        params: { processId: process.pid, rootUri: null, capabilities: {} },
      },
      { direction: 'out', id: 0, method: 'initialize', result: { capabilities: defaultFakeServerCapabilities } },
      { direction: 'in', method: 'initialized', params: {} },
      { direction: 'in', method: 'shutdown', id: 1 },
      { direction: 'out', id: 1, method: 'shutdown', result: null },
      { direction: 'in', method: 'exit' },
    ])
  })

  it('sends serverRequests after initialized and logs each reply with its method', async () => {
    const log = join(await tempDir(), 'fake.log')
    const configuration = { method: 'workspace/configuration', params: { items: [{ section: 'x' }, {}] } }
    const create = { method: 'window/workDoneProgress/create', params: { token: 't1' } }
    const unknown = { method: 'custom/unknownToClient' }
    const received: unknown[] = []
    const fake = spawnFake(
      { log, serverRequests: [configuration, create, unknown] },
      {
        register: (connection) => {
          connection.onRequest(ConfigurationRequest.type, (params) => {
            received.push(params)
            return [{ tabSize: 2 }, null]
          })
          connection.onRequest(WorkDoneProgressCreateRequest.type, (params) => {
            received.push(params)
          })
        },
      },
    )
    const isResponse = (m: Message) => Message.isResponse(m)
    const replies = [fake.written(isResponse), fake.written(isResponse), fake.written(isResponse)]
    await fake.initialize() // its request is not a response: the watchers wait for the three replies
    await fake.connection.sendNotification(InitializedNotification.type, {})
    await Promise.all(replies)
    // The fake logs a reply when its own promise settles, a moment after the bytes arrive.
    while ((await readFakeServerLog(log)).filter((e) => e.direction === 'reply').length < 3) {
      await new Promise((resolve) => setImmediate(resolve))
    }

    expect(received).toEqual([configuration.params, create.params])
    const entries = await readFakeServerLog(log)
    const sent = entries.filter((e) => e.direction === 'out' && e.method !== undefined && e.result === undefined && e.error === undefined)
    expect(sent).toEqual([
      { direction: 'out', method: configuration.method, id: 0, params: configuration.params },
      { direction: 'out', method: create.method, id: 1, params: create.params },
      { direction: 'out', method: unknown.method, id: 2 },
    ])
    const logged = entries.filter((e) => e.direction === 'reply').sort((x, y) => Number(x.id) - Number(y.id))
    expect(logged).toEqual([
      { direction: 'reply', id: 0, method: configuration.method, result: [{ tabSize: 2 }, null] },
      { direction: 'reply', id: 1, method: create.method, result: null },
      {
        direction: 'reply',
        id: 2,
        method: unknown.method,
        error: { code: -32601, message: 'Unhandled method custom/unknownToClient' },
      },
    ])
  })

  // A test polling the log while the fake appended read a half-written line: "Unexpected end of JSON input".
  it('reads the complete lines only, while the last one is still being written', async () => {
    const log = join(await tempDir(), 'fake.log')
    writeFileSync(log, `${JSON.stringify({ direction: 'in', method: 'initialize', id: 0 })}\n{"direction":"in","meth`)
    expect(await readFakeServerLog(log)).toEqual([{ direction: 'in', method: 'initialize', id: 0 }])
  })
})
