import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DidOpenTextDocumentNotification, HoverRequest, LogMessageNotification } from 'vscode-languageserver-protocol'
import { CONTENT_TYPE_HEADER, readFakeServerLog, splitFrame, type FakeServerScenario } from '../index.js'
import { cleanUp, spawnFake, tempDir } from './test-client.js'

afterEach(cleanUp)

/** Hover text with a 4-byte emoji first (the split cuts through it), CJK and another emoji. */
const text = 'total 💶 合計 🧾'
const hover = { '0': { contents: { kind: 'markdown', value: text } } }
const at = { textDocument: { uri: 'file:///w/a.ts' }, position: { line: 0, character: 0 } }

describe('splitFrame', () => {
  it('cuts inside the header name, inside \\r\\n\\r\\n and through the first 4-byte character', () => {
    const body = Buffer.from('{"v":"a💶b"}', 'utf8')
    const pieces = splitFrame('Content-Length: 14\r\n\r\n', body)
    expect(pieces.map((piece) => piece.toString('latin1'))).toEqual([
      'Content-Le',
      'ngth: 14\r\n\r',
      `\n{"v":"a\xf0\x9f`,
      `\x92\xb6b"}`,
    ])
    expect(Buffer.concat(pieces).toString('utf8')).toBe('Content-Length: 14\r\n\r\n{"v":"a💶b"}')
  })

  it('cuts a body without 4-byte characters in its middle', () => {
    const pieces = splitFrame('Content-Length: 4\r\n\r\n', Buffer.from('null'))
    expect(pieces.map(String)).toEqual(['Content-Le', 'ngth: 4\r\n\r', '\nnu', 'll'])
  })
})

describe('framing', () => {
  const hoverThrough = async (scenario: FakeServerScenario) => {
    const fake = spawnFake({ ...scenario, hover })
    await fake.initialize()
    return { fake, result: await fake.connection.sendRequest(HoverRequest.type, at) }
  }

  it('split: every message in pieces, read back exactly', async () => {
    const { result } = await hoverThrough({ framing: { split: true } })
    expect(result).toEqual({ contents: { kind: 'markdown', value: text } })
  })

  it('contentType: adds the Content-Type header to every message', async () => {
    const { fake, result } = await hoverThrough({ framing: { contentType: true } })
    expect(result).toEqual({ contents: { kind: 'markdown', value: text } })
    const stdout = fake.stdout().toString('utf8')
    const headers = stdout.match(/Content-Length: \d+\r\n[^{]*\r\n\r\n/g) ?? []
    expect(headers).toHaveLength(2) // initialize and hover
    for (const header of headers) expect(header).toMatch(new RegExp(`^Content-Length: \\d+\\r\\n${CONTENT_TYPE_HEADER}\\r\\n$`))
  })

  it('coalesceLogMessage: a window/logMessage and each response in one write', async () => {
    const logs: string[] = []
    const fake = spawnFake(
      { hover, framing: { coalesceLogMessage: true } },
      { register: (connection) => connection.onNotification(LogMessageNotification.type, ({ message }) => void logs.push(message)) },
    )
    await fake.initialize()
    expect(await fake.connection.sendRequest(HoverRequest.type, at)).toEqual({ contents: { kind: 'markdown', value: text } })
    expect(logs).toEqual(['fake: answering initialize', 'fake: answering textDocument/hover'])
    const frames = fake.stdout().toString('utf8').split(/Content-Length: \d+\r\n\r\n/).filter(Boolean)
    expect(frames.map((frame) => JSON.parse(frame).method ?? `response ${JSON.parse(frame).id}`)).toEqual([
      'window/logMessage',
      'response 0',
      'window/logMessage',
      'response 1',
    ])
  })

  it('stdoutBeforeInitialize: raw text on stdout before the initialize reply', async () => {
    const fake = spawnFake({ stdoutBeforeInitialize: 'Loading project configuration...\r\n' })
    // vscode-jsonrpc fails on the banner and leaves initialize pending: wait for the raw reply.
    const replied = new Promise<void>((resolve) =>
      fake.child.stdout?.on('data', () => {
        if (fake.stdout().toString('utf8').endsWith('}')) resolve()
      }),
    )
    void fake.initialize().catch(() => {})
    await replied
    expect(fake.stdout().toString('utf8')).toMatch(/^Loading project configuration\.\.\.\r\nContent-Length: \d+\r\n\r\n\{"jsonrpc":"2\.0","id":0,"result":\{/)
  })

  it('logFrames: logs the raw header, the declared length and the body of each received message', async () => {
    const log = join(await tempDir(), 'fake.log')
    const fake = spawnFake({ logFrames: true, log })
    await fake.initialize()
    const document = { uri: 'file:///w/a.ts', languageId: 'typescript', version: 1, text: '價格 🧾\n' }
    await fake.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: document })
    await fake.connection.sendRequest(HoverRequest.type, at)
    const frames = (await readFakeServerLog(log)).flatMap((entry) => (entry.direction === 'frame' ? [entry] : []))
    const didOpen = frames.find((frame) => frame.body.includes('didOpen'))
    const body = JSON.stringify({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: document } })
    expect(didOpen).toEqual({ direction: 'frame', header: `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`, contentLength: Buffer.byteLength(body), body })
  })
})
