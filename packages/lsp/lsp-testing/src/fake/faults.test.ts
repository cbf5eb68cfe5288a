import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { Message, RequestType0 } from 'vscode-jsonrpc'
import {
  CancellationTokenSource,
  ConfigurationRequest,
  DefinitionRequest,
  DidOpenTextDocumentNotification,
  HoverRequest,
  InitializedNotification,
  LSPErrorCodes,
  ReferencesRequest,
  RegistrationRequest,
  ResponseError,
  WorkDoneProgressCreateRequest,
} from 'vscode-languageserver-protocol'
import { PARTIAL_BODY, PARTIAL_HEADER } from './faults.js'
import { FakeDocumentsRequest, readFakeServerLog } from '../index.js'
import { cleanUp, spawnFake, tempDir } from './test-client.js'

afterEach(cleanUp)

const uri = 'file:///w/a.ts'
const referencesParams = {
  textDocument: { uri },
  position: { line: 0, character: 0 },
  context: { includeDeclaration: true },
}

describe('hang', () => {
  it('never answers a hung request; $/cancelRequest gets -32800 and is logged for the same id', async () => {
    const log = join(await tempDir(), 'fake.log')
    const fake = spawnFake({ hang: ['textDocument/references'], log })
    await fake.initialize()
    const source = new CancellationTokenSource()
    const sent = fake.written((m) => Message.isRequest(m) && m.method === ReferencesRequest.method)
    const references = fake.connection.sendRequest(ReferencesRequest.type, referencesParams, source.token)
    const request = await sent
    if (!Message.isRequest(request)) throw new Error('unreachable')
    source.cancel()
    await expect(references).rejects.toMatchObject({ code: LSPErrorCodes.RequestCancelled })

    const entries = await readFakeServerLog(log)
    expect(entries.slice(-3)).toEqual([
      { direction: 'in', method: 'textDocument/references', id: request.id, params: referencesParams },
      { direction: 'in', method: '$/cancelRequest', params: { id: request.id } },
      {
        direction: 'out',
        id: request.id,
        method: 'textDocument/references',
        error: { code: -32800, message: 'Request cancelled' },
      },
    ])
  })

  it('hangs methods the fake does not implement too', async () => {
    const fake = spawnFake({ hang: ['custom/slow'] })
    const source = new CancellationTokenSource()
    const slow = fake.connection.sendRequest(new RequestType0<null, void>('custom/slow'), source.token)
    source.cancel()
    await expect(slow).rejects.toMatchObject({ code: LSPErrorCodes.RequestCancelled })
  })
})

describe('crash', () => {
  it('exits with the exit code after writing the stderr text, logging the fatal request', async () => {
    const log = join(await tempDir(), 'fake.log')
    const fake = spawnFake({ crash: { on: 'textDocument/hover', exitCode: 3, stderr: 'panic: index out of range\n' }, log })
    await fake.initialize()
    const hover = fake.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 0, character: 0 } })
    expect(await fake.closed).toEqual({ code: 3, signal: null })
    expect(fake.stderr()).toBe('panic: index out of range\n')
    fake.connection.dispose()
    await expect(hover).rejects.toThrow()
    const entries = await readFakeServerLog(log)
    expect(entries.at(-1)).toMatchObject({ direction: 'in', method: 'textDocument/hover' })
  })

  it('partialBody: a full header announcing 200 bytes, then only 20 bytes of body', async () => {
    const fake = spawnFake({ crash: { on: 'textDocument/hover', exitCode: 1, partialBody: true } })
    await fake.initialize()
    const hover = fake.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 0, character: 0 } })
    expect(await fake.closed).toEqual({ code: 1, signal: null })
    const stdout = fake.stdout().toString('latin1')
    const tail = stdout.slice(stdout.lastIndexOf('Content-Length:'))
    expect(tail).toBe('Content-Length: 200\r\n\r\n{"jsonrpc":"2.0","id')
    expect(tail).toBe(PARTIAL_HEADER + PARTIAL_BODY)
    expect(Buffer.byteLength(PARTIAL_BODY)).toBe(20)
    expect(fake.stderr()).toBe('')
    fake.connection.dispose()
    await expect(hover).rejects.toThrow()
  })

  it('crashes on a notification too', async () => {
    const fake = spawnFake({ crash: { on: 'textDocument/didOpen', exitCode: 134 } })
    await fake.initialize()
    await fake.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: 'typescript', version: 1, text: '' },
    })
    expect(await fake.closed).toEqual({ code: 134, signal: null })
  })
})

describe('answerDelayMs', () => {
  it('holds the answer for the given time, and a cancel still ends it with -32800', async () => {
    const fake = spawnFake({ answerDelayMs: { 'textDocument/hover': 300 }, hover: { '0': { contents: 'late' } } })
    await fake.initialize()
    const at = { textDocument: { uri }, position: { line: 0, character: 0 } }
    const started = performance.now()
    expect(await fake.connection.sendRequest(HoverRequest.type, at)).toEqual({ contents: 'late' })
    expect(performance.now() - started).toBeGreaterThanOrEqual(290)
    const source = new CancellationTokenSource()
    const cancelled = fake.connection.sendRequest(HoverRequest.type, at, source.token)
    source.cancel()
    await expect(cancelled).rejects.toMatchObject({ code: LSPErrorCodes.RequestCancelled })
  })
})

describe('wedgeOnRefusal', () => {
  const serverRequests = [
    { method: 'client/registerCapability', params: { registrations: [{ id: 'w', method: 'workspace/didChangeWatchedFiles' }] } },
    { method: 'window/workDoneProgress/create', params: { token: 'p' } },
    { method: 'workspace/configuration', params: { items: [{ section: 'a' }, { section: 'b' }] } },
  ]
  const at = { textDocument: { uri }, position: { line: 0, character: 0 } }

  /** A fake whose client answers the server requests with `answers`; the definition request, pending or answered. */
  async function definitionWith(answers: { register: () => unknown; configuration: () => unknown }) {
    const fake = spawnFake(
      { serverRequests, wedgeOnRefusal: true, definition: [] },
      {
        register: (connection) => {
          connection.onRequest(RegistrationRequest.type, answers.register as () => void)
          connection.onRequest(WorkDoneProgressCreateRequest.type, () => {})
          connection.onRequest(ConfigurationRequest.type, answers.configuration as () => unknown[])
        },
      },
    )
    await fake.initialize()
    const answered = Promise.all(serverRequests.map(() => fake.written((m) => Message.isResponse(m))))
    await fake.connection.sendNotification(InitializedNotification.type, {})
    await answered
    const source = new CancellationTokenSource()
    const definition = fake.connection.sendRequest(DefinitionRequest.type, at, source.token)
    // A request the fake answers at once, sent after the definition: the replies were read by then.
    await fake.connection.sendRequest(FakeDocumentsRequest.type)
    return { definition, cancel: () => source.cancel() }
  }

  it('answers once every server request got a proper answer', async () => {
    const { definition } = await definitionWith({ register: () => null, configuration: () => [null, { x: 1 }] })
    expect(await definition).toEqual([])
  })

  it.each([
    ['an error', { register: () => new ResponseError(-32601, 'unhandled'), configuration: () => [null, null] }],
    ['a configuration answer of the wrong length', { register: () => null, configuration: () => [null] }],
    ['a configuration answer that is not an array', { register: () => null, configuration: () => null }],
  ])('wedges forever on %s', async (_, answers) => {
    const { definition, cancel } = await definitionWith(answers)
    cancel()
    await expect(definition).rejects.toMatchObject({ code: LSPErrorCodes.RequestCancelled })
  })
})
