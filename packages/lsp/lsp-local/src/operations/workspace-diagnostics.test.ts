import { defaultFakeServerCapabilities } from '@agent-lsp/lsp-testing'
import { describe, expect, it } from 'vitest'
import { fakeProvider, rejection, workspace } from '../fake.test-support.js'
import { pathToUri } from '../normalize/uri.js'

// No real server here offers `workspace/diagnostic` (LSP 3.17 §Workspace Diagnostics): the fake does.
describe('workspaceDiagnostics through workspace/diagnostic', () => {
  it('asks for every report in full and answers the full ones with diagnostics, by URI', async () => {
    const root = workspace({ 'a.ts': 'export const a = 1\n', 'b.ts': 'export const b: number = "b"\n' })
    const range = { start: { line: 0, character: 13 }, end: { line: 0, character: 14 } }
    const fake = fakeProvider(root, {
      capabilities: { ...defaultFakeServerCapabilities, diagnosticProvider: { interFileDependencies: true, workspaceDiagnostics: true } },
      results: {
        'workspace/diagnostic': {
          items: [
            { kind: 'full', uri: pathToUri(`${root}/b.ts`), version: null, items: [{ range, severity: 1, code: 2322, source: 'ts', message: 'not a number' }] },
            { kind: 'full', uri: pathToUri(`${root}/a.ts`), version: null, items: [] },
            { kind: 'unchanged', uri: pathToUri(`${root}/c.ts`), version: null, resultId: '7' },
          ],
        },
      },
    })
    const result = await fake.provider.query({ operation: 'workspaceDiagnostics', filePath: 'a.ts', workspaceRoot: root, languageId: 'typescript' })
    expect(result).toEqual({
      kind: 'workspaceDiagnostics',
      files: [{ uri: pathToUri(`${root}/b.ts`), diagnostics: [{ range, severity: 'Error', code: 2322, source: 'ts', message: 'not a number', relatedInformation: [] }] }],
      checks: ['workspace/diagnostic'],
      resolvedWorkspaceRoot: root,
      completeness: { state: 'complete' },
    })
    const asked = (await fake.received()).filter((entry) => entry.method === 'workspace/diagnostic')
    expect(asked.map((entry) => entry.params)).toEqual([{ previousResultIds: [] }])
  })

  it('checks the files of a file\'s project one by one on a server without workspace pull diagnostics and no project check', async () => {
    const root = workspace({ 'a.ts': 'export const a = 1\n', 'b.ts': 'export const b = 2\n' })
    const fake = fakeProvider(root, { diagnosticsOnOpen: true })
    const result = await fake.provider.query({ operation: 'workspaceDiagnostics', filePath: 'a.ts', workspaceRoot: root, languageId: 'typescript' })
    expect(result).toMatchObject({ kind: 'workspaceDiagnostics', files: [], checks: ['fake diagnostics of each of its 2 files'], completeness: { state: 'complete' } })
    const opened = (await fake.received()).filter((entry) => entry.method === 'textDocument/didOpen')
    expect(opened.map((entry) => (entry.params as { textDocument: { uri: string } }).textDocument.uri).sort()).toEqual([pathToUri(`${root}/a.ts`), pathToUri(`${root}/b.ts`)])
  })

  // Such a server's few files are checked one by one (real servers: the cli's workspace-diagnostics-unchecked tests).
  it('answers the workspace partial, never empty and complete, when such a server has files it did not check (gopls, clangd, bash)', async () => {
    const root = workspace(Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`src/a${String(i).padStart(2, '0')}.ts`, 'export const a: number = "a"\n'])))
    const fake = fakeProvider(root, {})
    expect(await fake.provider.query({ operation: 'workspaceDiagnostics', filePath: null, workspaceRoot: root, languageId: null })).toEqual({
      kind: 'workspaceDiagnostics',
      files: [],
      checks: [],
      resolvedWorkspaceRoot: root,
      completeness: {
        state: 'partial',
        reason: 'unconfigured',
        message: 'language server "fake" gives no workspace diagnostics (no workspace pull diagnostics, no project check): its files (such as src/a00.ts; more than the 16 checked one by one) were not checked; ask diagnostics of each file',
      },
    })
    // At most 16: each checked, and one that got no diagnostics in time named.
    const few = workspace({ 'src/a.ts': 'export const a: number = "a"\n' })
    const silent = fakeProvider(few, {}, { diagnosticsTimeoutMs: 200 })
    expect(await silent.provider.query({ operation: 'workspaceDiagnostics', filePath: null, workspaceRoot: few, languageId: null })).toEqual({
      kind: 'workspaceDiagnostics',
      files: [],
      checks: ['fake diagnostics of its one file'],
      resolvedWorkspaceRoot: few,
      completeness: { state: 'partial', reason: 'indexing', message: 'src/a.ts: fake published no diagnostics for this version of the file within 0.2 s' },
    })
  })

  it('answers malformed reports with LSP_MALFORMED_RESPONSE', async () => {
    const root = workspace({ 'a.ts': 'export const a = 1\n' })
    const fake = fakeProvider(root, {
      capabilities: { ...defaultFakeServerCapabilities, diagnosticProvider: { interFileDependencies: true, workspaceDiagnostics: true } },
      results: { 'workspace/diagnostic': { items: 'none' } },
    })
    const error = await rejection(fake.provider.query({ operation: 'workspaceDiagnostics', filePath: 'a.ts', workspaceRoot: root, languageId: 'typescript' }))
    expect(error.code).toBe('LSP_MALFORMED_RESPONSE')
  })
})
