// An open document is what the model is looking at: its file is `stat`ed before every query, so a
// change is seen even where the watched files' events say nothing (see the 2026-12-06 note on open
// documents). Against the fake, which logs what it received, with watchers registered.
import { execFileSync } from 'node:child_process'
import { linkSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { fakeProvider, workspace, type FakeProvider } from '../fake.test-support.js'

const watchTs = {
  method: 'client/registerCapability',
  params: { registrations: [{ id: 'w', method: 'workspace/didChangeWatchedFiles', registerOptions: { watchers: [{ globPattern: '**/*.ts' }] } }] },
}

/** Ask a hover in each of `files` in turn, so that each is open; how many messages the fake had received then. */
async function openInTurn(fake: FakeProvider, root: string, files: readonly string[]): Promise<number> {
  for (const filePath of files) await fake.provider.query({ operation: 'hover', filePath, position: { line: 0, character: 0 }, workspaceRoot: root, languageId: 'typescript' })
  return (await fake.received()).length
}

/** The `didChange` params the fake received after its first `count` messages. */
async function changesAfter(fake: FakeProvider, count: number): Promise<{ contentChanges: { text: string }[] }[]> {
  return (await fake.received()).slice(count).filter((entry) => entry.method === 'textDocument/didChange').map((entry) => entry.params as { contentChanges: { text: string }[] })
}

describe('an open document of a server with watched files', () => {
  it('rewritten in place between two queries of another file, size and modification time kept, is sent again', async () => {
    const root = workspace({ 'a.ts': 'const a = 1\n', 'b.ts': 'export const b = 1\n' })
    const fake = fakeProvider(root, { serverRequests: [watchTs], hover: { '0': { contents: 'one' } } })
    const b = join(root, 'b.ts')
    const before = await openInTurn(fake, root, ['b.ts', 'a.ts', 'a.ts'])
    const { atime, mtime } = statSync(b)
    writeFileSync(b, 'export const b = 2\n')
    utimesSync(b, atime, mtime)
    await fake.query('hover')
    expect(await changesAfter(fake, before)).toEqual([
      { textDocument: { uri: expect.stringMatching(/\/b\.ts$/), version: 3 }, contentChanges: [{ range: { start: { line: 0, character: 17 }, end: { line: 0, character: 18 } }, text: '2' }] },
    ])
  })

  it('with a second hard link in another folder, written through that link, is sent again', async () => {
    const root = workspace({ 'a.ts': 'const a = 1\n', 'b.ts': 'export const b = 1\n' })
    const elsewhere = mkdtempSync(join(tmpdir(), 'lsp-local-link-'))
    onTestFinished(() => rmSync(elsewhere, { recursive: true, force: true }))
    const link = join(elsewhere, 'b.ts')
    linkSync(join(root, 'b.ts'), link)
    const fake = fakeProvider(root, { serverRequests: [watchTs], hover: { '0': { contents: 'one' } } })
    const before = await openInTurn(fake, root, ['b.ts', 'a.ts', 'a.ts'])
    writeFileSync(link, 'export const b = 2\n') // no event in the workspace's folder
    await fake.query('hover')
    expect((await changesAfter(fake, before)).map((change) => change.contentChanges[0]?.text)).toEqual(['2'])
  })

  it('linked again from another folder after it was opened, then written through that link, is sent again', async () => {
    const root = workspace({ 'a.ts': 'const a = 1\n', 'b.ts': 'export const b = 1\n' })
    const elsewhere = mkdtempSync(join(tmpdir(), 'lsp-local-link-'))
    onTestFinished(() => rmSync(elsewhere, { recursive: true, force: true }))
    const fake = fakeProvider(root, { serverRequests: [watchTs], hover: { '0': { contents: 'one' } } })
    const before = await openInTurn(fake, root, ['a.ts', 'b.ts', 'a.ts'])
    const link = join(elsewhere, 'b.ts')
    linkSync(join(root, 'b.ts'), link) // no event in the workspace's folder, nor for the write after it
    writeFileSync(link, 'export const b = 2\n')
    await fake.query('hover')
    expect((await changesAfter(fake, before)).map((change) => change.contentChanges[0]?.text)).toEqual(['2'])
  })

  it('in a folder replaced by a copy whose file has the same size and modification time, is sent again', async () => {
    const root = workspace({ 'a.ts': 'const a = 1\n', 'lib/b.ts': 'export const b = 1\n' })
    const fake = fakeProvider(root, { serverRequests: [watchTs], hover: { '0': { contents: 'one' } } })
    const before = await openInTurn(fake, root, ['a.ts', 'lib/b.ts', 'a.ts'])
    mkdirSync(join(root, 'copy'))
    writeFileSync(join(root, 'copy/b.ts'), 'export const b = 2\n')
    execFileSync('touch', ['-r', join(root, 'lib/b.ts'), join(root, 'copy/b.ts')]) // to the nanosecond
    renameSync(join(root, 'lib'), join(root, 'old'))
    renameSync(join(root, 'copy'), join(root, 'lib'))
    await fake.query('hover')
    expect((await changesAfter(fake, before)).map((change) => change.contentChanges[0]?.text)).toEqual(['2'])
  })
})
