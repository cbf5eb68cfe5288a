// A server that indexes the compile database its first opened file loads, and may announce that
// work only after the file's diagnostics (clangd 14 under load): the first workspace-wide answer
// must come from the index, not from the opened file alone.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FakeServerLogEntry } from '@agent-lsp/lsp-testing'
import { describe, expect, it } from 'vitest'
import { validateServerConfig } from '../config-validate.js'
import { fakeProvider, workspace } from '../fake.test-support.js'

const compileDatabase = { files: ['compile_commands.json'], sourceExtensions: ['.ts'], howToGenerate: 'by hand', indexProgressTitle: '^Indexing$' }

/** A workspace whose database lists its one file, and the fake's references: that file's line 1. */
function project() {
  const root = workspace({ 'a.ts': 'const a = 1\nconst b = a\n' })
  writeFileSync(join(root, 'compile_commands.json'), JSON.stringify([{ directory: root, file: 'a.ts', arguments: ['cc', '-c', 'a.ts'] }]))
  const references = [{ uri: pathToFileURL(join(root, 'a.ts')).href, range: { start: { line: 1, character: 10 }, end: { line: 1, character: 11 } } }]
  return { root, references }
}

const progressSent = (kind: string) => (entry: FakeServerLogEntry) =>
  entry.direction === 'out' && entry.method === '$/progress' && (entry.params as { value?: { kind?: string } }).value?.kind === kind
const referencesAsked = (entry: FakeServerLogEntry) => entry.direction === 'in' && entry.method === 'textDocument/references'

describe('the first query of a server that indexes the compile database its file loads', () => {
  it('is asked once that indexing, begun after the file\'s diagnostics, has ended', async () => {
    const { root, references } = project()
    const progress = { token: 'index', after: 'didOpen', startDelayMs: 300, delayMs: 100, holdRequests: false } as const
    const fake = fakeProvider(root, { diagnosticsOnOpen: true, progress, references }, {}, undefined, { compileDatabase })
    const answer = await fake.query('findReferences')
    expect(answer).toMatchObject({ kind: 'locations', locations: [{ uri: references[0]!.uri, range: references[0]!.range }], completeness: { state: 'complete' } })
    const log = await fake.log()
    expect(log.findIndex(referencesAsked)).toBeGreaterThan(log.findIndex(progressSent('end')))
    expect(log.findIndex(progressSent('end'))).toBeGreaterThan(-1)
  })

  it('is partial while that indexing has not begun within its bound, and complete once it has', async () => {
    const { root, references } = project()
    const progress = { token: 'index', after: 'didOpen', startDelayMs: 600, delayMs: 50, holdRequests: false } as const
    const fake = fakeProvider(root, { diagnosticsOnOpen: true, progress, references }, { indexStartTimeoutMs: 100 }, undefined, { compileDatabase })
    const early = await fake.query('findReferences')
    expect(early.completeness).toEqual({
      state: 'partial',
      reason: 'indexing',
      message: `fake has not begun indexing ${join(root, 'compile_commands.json')}, which opening its first file starts; files it has not opened may be missing`,
    })
    // A hover reaches no other file: it says nothing of the index.
    expect((await fake.query('hover')).completeness).toEqual({ state: 'complete' })
    await new Promise((resolve) => setTimeout(resolve, 800))
    expect((await fake.query('findReferences')).completeness).toEqual({ state: 'complete' })
  })

  it('is named in a server config by a regular expression', () => {
    const config = { id: 'c', command: 'clangd', extensionToLanguage: { '.c': 'c' } }
    expect(() => validateServerConfig({ ...config, compileDatabase })).not.toThrow()
    expect(() => validateServerConfig({ ...config, compileDatabase: { ...compileDatabase, indexProgressTitle: '(' } })).toThrow(
      'invalid language server config "c": compileDatabase.indexProgressTitle must be a regular expression',
    )
  })
})
