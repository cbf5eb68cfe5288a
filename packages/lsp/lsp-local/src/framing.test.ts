// How the host reads and writes LSP framing: messages in pieces, coalesced, with Content-Type;
// non-LSP output on stdout; our own Content-Length.
import { describe, expect, it } from 'vitest'
import type { FakeServerFrameEntry, FakeServerScenario } from '@agent-lsp/lsp-testing'
import { fakeProvider, rejection, workspace } from './fake.test-support.js'

/** Hover text with a 4-byte emoji first (a split cuts through it), CJK and another emoji. */
const text = 'total 💶 合計 🧾 = 42'
const hover = { '0': { contents: { kind: 'markdown', value: text } } }

describe('reading framed messages', () => {
  it.each<[string, FakeServerScenario['framing']]>([
    ['in pieces (inside the header name, inside \\r\\n\\r\\n, through an emoji), 30 ms apart', { split: true }],
    ['with a window/logMessage in the same write', { coalesceLogMessage: true }],
    ['with a Content-Type header', { contentType: true }],
    ['all at once', { split: true, coalesceLogMessage: true, contentType: true }],
  ])('hover text arrives exact: %s', async (_, framing) => {
    const fake = fakeProvider(workspace({ 'a.ts': 'const a = 1\n' }), { hover, ...(framing ? { framing } : {}) })
    const result = await fake.query('hover', { line: 0, character: 0 })
    expect(result).toMatchObject({ kind: 'hover', hover: { contents: 'total 💶 合計 🧾 = 42' }, completeness: { state: 'complete' } })
  })
})

describe('non-LSP output on stdout', () => {
  it.each([
    ['\\n', 'Loading project configuration...\n', '"Loading project configuration...\\n"'],
    ['\\r\\n', 'Loading project configuration...\r\n', '"Loading project configuration...\\r\\n"'],
  ])('fails the start at once, quoting the first line (%s), without a restart loop', async (_, banner, quoted) => {
    const fake = fakeProvider(workspace({ 'a.ts': 'const a = 1\n' }), { stdoutBeforeInitialize: banner, hover }, { initializeTimeoutMs: 20_000 })
    const started = performance.now()
    const error = await rejection(fake.query('hover'))
    // Far below the 20 s startup bound: the start fails as soon as the banner is read.
    expect(performance.now() - started).toBeLessThan(5_000)
    expect([error.code, error.message]).toEqual([
      'LSP_SERVER_START_FAILED',
      `language server "fake" wrote non-LSP output on stdout: ${quoted}; a language server must write only LSP messages there (logs belong on stderr)`,
    ])
    const again = await rejection(fake.query('hover'))
    expect([again.code, again.message]).toEqual([error.code, error.message])
    expect((await fake.received()).filter((entry) => entry.method === 'initialize')).toHaveLength(1)
    expect(fake.pids()).toEqual([])
  })
})

describe('writing framed messages', () => {
  it('sends a Content-Length equal to the UTF-8 byte length of a didOpen with CJK and emoji', async () => {
    const source = '// 価格の計算 🧾💶\nconst 合計 = "😀"\n'
    const fake = fakeProvider(workspace({ 'a.ts': source }), { logFrames: true })
    await fake.query('hover', { line: 0, character: 0 })
    const frames = (await fake.log()).filter((entry): entry is FakeServerFrameEntry => entry.direction === 'frame')
    const didOpen = frames.find((frame) => frame.body.includes('"textDocument/didOpen"'))
    if (didOpen === undefined) throw new Error('no didOpen frame')
    // The declared length cut exactly one whole JSON message out of the byte stream.
    expect(JSON.parse(didOpen.body).params.textDocument.text).toBe(source)
    expect(didOpen.contentLength).toBe(Buffer.byteLength(didOpen.body, 'utf8'))
    expect(didOpen.header).toBe(`Content-Length: ${didOpen.contentLength}\r\n\r\n`)
    // UTF-16 units would be fewer: the source alone is 20 bytes longer in UTF-8 than in UTF-16 units.
    expect(Buffer.byteLength(source) - source.length).toBe(20)
    expect(didOpen.contentLength - didOpen.body.length).toBe(20)
  })
})
