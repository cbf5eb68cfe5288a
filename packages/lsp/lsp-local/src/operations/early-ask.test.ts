import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fakeServerEnv, fakeServerPath, readFakeServerLog, type FakeServerReceivedEntry } from '@agent-lsp/lsp-testing'
import { describe, expect, it, onTestFinished } from 'vitest'
import { fakeProvider, rejection, until, workspace, type FakeProvider } from '../fake.test-support.js'
import { createLocalLspProvider } from '../provider.js'

const source = 'const a = 1\nconst b = a\n'
const watchTs = {
  method: 'client/registerCapability',
  params: { registrations: [{ id: 'w', method: 'workspace/didChangeWatchedFiles', registerOptions: { watchers: [{ globPattern: '**/*.ts' }] } }] },
}

/** What the fake received after the first `count` messages, by method; a cancel names the request it cancels by its place in that list. */
async function receivedAfter(fake: FakeProvider, count: number): Promise<string[]> {
  const entries = (await fake.received()).slice(count)
  return entries.map((entry) => {
    if (entry.method !== '$/cancelRequest') return entry.method ?? ''
    const id = (entry.params as { id: unknown }).id
    return `$/cancelRequest of #${entries.findIndex((other) => other.id === id)}`
  })
}

describe('a warm query asks before its freshness checks (askEarly)', () => {
  it('keeps that answer when the checks tell the server nothing: one request per query, however many run at once', async () => {
    const root = workspace({ 'a.ts': source, 'b.ts': 'export {}\n' })
    const fake = fakeProvider(root, { serverRequests: [watchTs], hover: { '0': { contents: 'one' } } })
    await fake.query('hover', { line: 0, character: 0 })
    const before = (await fake.received()).length
    const answers = await Promise.all(Array.from({ length: 10 }, () => fake.query('hover', { line: 0, character: 0 })))
    expect(answers.map((answer) => answer.kind === 'hover' && answer.hover?.contents)).toEqual(Array(10).fill('one'))
    expect(await receivedAfter(fake, before)).toEqual(Array(10).fill('textDocument/hover'))
  })

  it('drops it when a check sends something (another open document changed): cancelled, asked again after the didChange', async () => {
    const root = workspace({ 'a.ts': source, 'b.ts': 'export {}\n' })
    // No watchers registered: nothing tells of b.ts's change before the documents are looked at.
    const fake = fakeProvider(root, { answerDelayMs: { 'textDocument/definition': 300 } })
    await fake.provider.query({ operation: 'hover', filePath: 'b.ts', position: { line: 0, character: 0 }, workspaceRoot: root, languageId: 'typescript' })
    await fake.query('goToDefinition')
    const before = (await fake.received()).length
    writeFileSync(join(root, 'b.ts'), 'export const d = 1\n')
    await fake.query('goToDefinition')
    expect(await receivedAfter(fake, before)).toEqual(['textDocument/definition', 'textDocument/didChange', '$/cancelRequest of #0', 'textDocument/definition'])
  })

  it('is not asked when the queried document changed on disk, nor when an event came for a watched file: the checks first', async () => {
    const root = workspace({ 'a.ts': source, 'b.ts': 'export {}\n' })
    const fake = fakeProvider(root, { serverRequests: [watchTs], references: [] })
    await fake.query('findReferences')
    let before = (await fake.received()).length
    writeFileSync(join(root, 'b.ts'), 'export const d = 1\n')
    // Two turns of the event loop: the inotify event of the write is delivered before the query.
    await new Promise((resolve) => setImmediate(() => setImmediate(resolve)))
    await fake.query('findReferences')
    expect(await receivedAfter(fake, before)).toEqual(['workspace/didChangeWatchedFiles', 'textDocument/references'])
    before = (await fake.received()).length
    writeFileSync(join(root, 'a.ts'), `${source}const c = b\n`)
    await fake.query('findReferences')
    expect(await receivedAfter(fake, before)).toEqual(['workspace/didChangeWatchedFiles', 'textDocument/didChange', 'textDocument/references'])
  })

  it('is not asked while another request is in flight: the checks first, shared with it', async () => {
    const root = workspace({ 'a.ts': source, 'b.ts': 'export {}\n' })
    const fake = fakeProvider(root, { answerDelayMs: { 'textDocument/hover': 300 } })
    await fake.provider.query({ operation: 'goToDefinition', filePath: 'b.ts', position: { line: 0, character: 0 }, workspaceRoot: root, languageId: 'typescript' })
    await fake.query('goToDefinition')
    const before = (await fake.received()).length
    const held = fake.query('hover')
    await until(async () => (await fake.received()).some((entry) => entry.method === 'textDocument/hover'))
    writeFileSync(join(root, 'b.ts'), 'export const d = 1\n')
    await fake.query('goToDefinition')
    await held
    expect(await receivedAfter(fake, before)).toEqual(['textDocument/hover', 'textDocument/didChange', 'textDocument/definition'])
  })

  it('is not asked for a document that is not open yet: didOpen first', async () => {
    const root = workspace({ 'a.ts': source })
    const fake = fakeProvider(root, { serverRequests: [watchTs] })
    await fake.query('hover')
    expect((await fake.received()).map((entry) => entry.method).filter((method) => method?.startsWith('textDocument/'))).toEqual(['textDocument/didOpen', 'textDocument/hover'])
  })

  it('is cancelled with the caller’s signal, at once', async () => {
    const root = workspace({ 'a.ts': source })
    const fake = fakeProvider(root, { hang: ['textDocument/definition'] })
    await fake.query('hover')
    const before = (await fake.received()).length
    const controller = new AbortController()
    const pending = rejection(fake.query('goToDefinition', undefined, controller.signal))
    await until(async () => (await fake.received()).some((entry) => entry.method === 'textDocument/definition'))
    controller.abort()
    expect((await pending).code).toBe('LSP_CANCELLED')
    await until(async () => (await fake.received()).some((entry) => entry.method === '$/cancelRequest'))
    expect(await receivedAfter(fake, before)).toEqual(['textDocument/definition', '$/cancelRequest of #0'])
  })

  it('is sent before the paths are resolved, to the server of the file’s last place, and dropped when the place changed', async () => {
    const root = workspace({})
    mkdirSync(join(root, 'pkg'))
    writeFileSync(join(root, 'pkg/a.ts'), source)
    const log = join(root, '.fake-log.jsonl')
    const provider = createLocalLspProvider({
      id: 'fake',
      command: process.execPath,
      args: [fakeServerPath],
      extensionToLanguage: { '.ts': 'typescript' },
      rootMarkers: ['pkg.json'],
      env: fakeServerEnv({ answerDelayMs: { 'textDocument/definition': 300 }, log }),
    })
    onTestFinished(() => provider.dispose())
    const received = async (): Promise<string[]> =>
      (await readFakeServerLog(log)).filter((entry): entry is FakeServerReceivedEntry => entry.direction === 'in').map((entry) => entry.method ?? '')
    const ask = () => provider.query({ operation: 'goToDefinition', filePath: 'pkg/a.ts', position: { line: 1, character: 10 }, workspaceRoot: root, languageId: 'typescript' })
    await ask()
    await ask()
    const before = (await received()).length
    // pkg/ is now a project of its own: the file's server root moves from the workspace to pkg/.
    writeFileSync(join(root, 'pkg/pkg.json'), '{}')
    await ask()
    const after = (await received()).slice(before)
    expect(after.slice(0, 2)).toEqual(['textDocument/definition', '$/cancelRequest'])
    expect(after.slice(2).filter((method) => method.startsWith('textDocument/') || method === 'initialize')).toEqual(['initialize', 'textDocument/didOpen', 'textDocument/definition'])
    expect(provider.status().map((server) => server.root).sort()).toEqual([root, join(root, 'pkg')])
  })
})
