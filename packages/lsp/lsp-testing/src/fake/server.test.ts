import { afterEach, describe, expect, it } from 'vitest'
import { ErrorCodes, RequestType0, ResponseError } from 'vscode-jsonrpc'
import {
  CancellationTokenSource,
  DefinitionRequest,
  ExitNotification,
  HoverRequest,
  ImplementationRequest,
  InitializeRequest,
  LSPErrorCodes,
  ReferencesRequest,
  ShutdownRequest,
} from 'vscode-languageserver-protocol'
import { defaultFakeServerCapabilities, FakeDocumentsRequest, type FakeServerScenario } from '../index.js'
import { cleanUp, spawnFake } from './test-client.js'

afterEach(cleanUp)

const uri = 'file:///w/a.ts'
const at = (line: number, character: number) => ({ textDocument: { uri }, position: { line, character } })

describe('initialize', () => {
  it('announces the default capabilities when the scenario gives none', async () => {
    const fake = spawnFake({})
    expect(await fake.initialize()).toEqual({ capabilities: defaultFakeServerCapabilities })
    expect(defaultFakeServerCapabilities).toEqual({
      positionEncoding: 'utf-16',
      textDocumentSync: 2,
      hoverProvider: true,
      definitionProvider: true,
      referencesProvider: true,
      implementationProvider: true,
    })
  })

  it("returns the scenario's capabilities and serverInfo exactly", async () => {
    const capabilities = { hoverProvider: { workDoneProgress: true }, textDocumentSync: 1 as const, experimental: { x: [1] } }
    const fake = spawnFake({ capabilities, serverInfo: { name: 'fake-ls', version: '9.9.9' } })
    expect(await fake.initialize()).toEqual({ capabilities, serverInfo: { name: 'fake-ls', version: '9.9.9' } })
  })

  it('answers with the scenario ResponseError', async () => {
    const fake = spawnFake({ initialize: { error: { code: -32099, message: 'no workspace', data: { retry: false } } } })
    const error = await fake.initialize().then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(ResponseError)
    expect(error).toMatchObject({ code: -32099, message: 'no workspace', data: { retry: false } })
  })

  it("'hang' never answers, while later requests are answered; a cancel gets -32800", async () => {
    const fake = spawnFake({ initialize: 'hang' })
    const source = new CancellationTokenSource()
    let settled = false
    const initialize = fake.connection
      .sendRequest(InitializeRequest.type, { processId: null, rootUri: null, capabilities: {} }, source.token)
      .finally(() => {
        settled = true
      })
    // Messages are handled in arrival order: this answer comes after initialize was handled.
    expect(await fake.connection.sendRequest(FakeDocumentsRequest.type)).toEqual({})
    expect(settled).toBe(false)
    source.cancel()
    await expect(initialize).rejects.toMatchObject({ code: LSPErrorCodes.RequestCancelled })
  })
})

describe('raw results', () => {
  const hover = {
    '0': { contents: 'plain' },
    '1': { contents: { language: 'ts', value: 'let x: number' } },
    '2': { contents: ['', { language: 'ts', value: 'f(): void' }, 'doc'] },
    '3': {
      contents: { kind: 'plaintext', value: 'p' },
      range: { start: { line: 3, character: 0 }, end: { line: 3, character: 4 } },
    },
    '4': { contents: { kind: 'markdown', value: '**m**\n\n```ts\nx\n```' } },
    '5': { contents: [] },
    '6': { contents: '' },
    '7': null,
    '8': 42,
    '12': { contents: { kind: 'markdown' } },
  } as const satisfies FakeServerScenario['hover']

  it('answers hover with the map entry for the line verbatim, at any character', async () => {
    const fake = spawnFake({ hover })
    await fake.initialize()
    for (const [line, expected] of Object.entries(hover)) {
      for (const character of [0, 7]) {
        expect(await fake.connection.sendRequest(HoverRequest.type, at(Number(line), character))).toEqual(expected)
      }
    }
  })

  it('answers hover with null on lines not in the map, and without a map', async () => {
    const withMap = spawnFake({ hover })
    expect(await withMap.connection.sendRequest(HoverRequest.type, at(9, 0))).toBeNull()
    const withoutMap = spawnFake({})
    expect(await withoutMap.connection.sendRequest(HoverRequest.type, at(0, 0))).toBeNull()
  })

  it('answers definition, references and implementation verbatim, malformed values included', async () => {
    const range = { start: { line: 1, character: 2 }, end: { line: 1, character: 5 } }
    const link = { targetUri: uri, targetRange: range, targetSelectionRange: range }
    const fake = spawnFake({ definition: [link], references: [{ uri: 5 }], implementation: 42 })
    expect(await fake.connection.sendRequest(DefinitionRequest.type, at(0, 0))).toEqual([link])
    expect(await fake.connection.sendRequest(ReferencesRequest.type, { ...at(0, 0), context: { includeDeclaration: true } })).toEqual([{ uri: 5 }])
    expect(await fake.connection.sendRequest(ImplementationRequest.type, at(0, 0))).toBe(42)
  })

  it('answers null where the scenario gives no result, and MethodNotFound for unknown methods', async () => {
    const fake = spawnFake({ definition: { uri, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } } } })
    expect(await fake.connection.sendRequest(ReferencesRequest.type, { ...at(0, 0), context: { includeDeclaration: false } })).toBeNull()
    await expect(fake.connection.sendRequest(new RequestType0<null, void>('custom/unknown'))).rejects.toMatchObject({
      code: ErrorCodes.MethodNotFound,
    })
  })
})

describe('shutdown and exit', () => {
  it('answers shutdown with null and exits with code 0 on exit', async () => {
    const fake = spawnFake({})
    await fake.initialize()
    expect(await fake.connection.sendRequest(ShutdownRequest.type)).toBeNull()
    await fake.connection.sendNotification(ExitNotification.type)
    expect(await fake.closed).toEqual({ code: 0, signal: null })
  })

  it('exits with code 1 on exit without shutdown (LSP spec)', async () => {
    const fake = spawnFake({})
    await fake.initialize()
    await fake.connection.sendNotification(ExitNotification.type)
    expect(await fake.closed).toEqual({ code: 1, signal: null })
  })

  it('exits when its stdin closes', async () => {
    const fake = spawnFake({})
    await fake.initialize()
    fake.child.stdin?.end()
    expect(await fake.closed).toEqual({ code: 1, signal: null })
  })

  it('hangOnShutdown: shutdown unanswered, exit ignored, only a kill ends it', async () => {
    const fake = spawnFake({ hangOnShutdown: true })
    await fake.initialize()
    let answered = false
    const shutdown = fake.connection.sendRequest(ShutdownRequest.type).then(
      () => (answered = true),
      () => (answered = true),
    )
    await fake.connection.sendNotification(ExitNotification.type)
    // Handled after shutdown and exit: the process is still there and shutdown still unanswered.
    expect(await fake.connection.sendRequest(FakeDocumentsRequest.type)).toEqual({})
    expect(answered).toBe(false)
    fake.child.kill('SIGTERM')
    expect(await fake.closed).toEqual({ code: null, signal: 'SIGTERM' })
    fake.connection.dispose()
    await shutdown
  })

  it('exitOnShutdown false: shutdown answered, exit ignored', async () => {
    const fake = spawnFake({ exitOnShutdown: false })
    await fake.initialize()
    expect(await fake.connection.sendRequest(ShutdownRequest.type)).toBeNull()
    await fake.connection.sendNotification(ExitNotification.type)
    expect(await fake.connection.sendRequest(FakeDocumentsRequest.type)).toEqual({})
    expect(fake.child.exitCode).toBeNull()
  })
})

describe('startup', () => {
  it('writes the scenario stderr text at startup', async () => {
    const fake = spawnFake({ stderr: 'fake: warming up\n' })
    await fake.initialize()
    fake.child.stdin?.end()
    await fake.closed
    expect(fake.stderr()).toBe('fake: warming up\n')
  })

  it('refuses an invalid scenario with exit code 2 and the reason on stderr', async () => {
    const fake = spawnFake({}, { rawScenario: '{"hangs":["initialize"]}' })
    expect(await fake.closed).toEqual({ code: 2, signal: null })
    expect(fake.stderr()).toBe('agent-lsp fake server: scenario field "hangs" is unknown\n')
  })
})
