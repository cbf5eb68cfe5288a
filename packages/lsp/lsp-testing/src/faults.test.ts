import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { Message, RequestType0 } from 'vscode-jsonrpc'
import {
  CancellationTokenSource,
  DidOpenTextDocumentNotification,
  HoverRequest,
  LSPErrorCodes,
  ReferencesRequest,
} from 'vscode-languageserver-protocol'
import { PARTIAL_BODY, PARTIAL_HEADER } from './faults.js'
import { readFakeServerLog } from './index.js'
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
