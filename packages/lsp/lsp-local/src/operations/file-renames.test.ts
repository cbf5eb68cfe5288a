import { renameSync } from 'node:fs'
import { join } from 'node:path'
import { defaultFakeServerCapabilities } from '@agent-lsp/lsp-testing'
import { describe, expect, it } from 'vitest'
import { fakeProvider, rejection, until, workspace } from '../fake.test-support.js'
import { pathToUri } from '../normalize/uri.js'

// typescript-language-server 5.3 registers willRename with these filters (and no didRename).
const tsserverFilters = [
  { scheme: 'file', pattern: { glob: '**/*.{ts,js,jsx,tsx,mjs,mts,cjs,cts}', matches: 'file' } },
  { scheme: 'file', pattern: { glob: '**', matches: 'folder' } },
]
const withFileOperations = (fileOperations: Record<string, unknown>) => ({ ...defaultFakeServerCapabilities, workspace: { fileOperations } })

describe('willRenameFiles and didRenameFiles (LSP 3.17 §File Operations)', () => {
  it('tells the server the client takes them, asks willRenameFiles with both URIs and answers its edit', async () => {
    const root = workspace({ 'a.ts': "import { b } from './b'\n", 'b.ts': 'export const b = 1\n' })
    const uri = pathToUri(join(root, 'a.ts'))
    const edit = { changes: { [uri]: [{ range: { start: { line: 0, character: 19 }, end: { line: 0, character: 22 } }, newText: './lib/b' }] } }
    const fake = fakeProvider(root, { capabilities: withFileOperations({ willRename: { filters: tsserverFilters } }), results: { 'workspace/willRenameFiles': edit } })
    const result = await fake.provider.query({ operation: 'willRenameFiles', filePath: 'b.ts', newPath: 'lib/b.ts', workspaceRoot: root, languageId: 'typescript' })
    expect(result).toEqual({
      kind: 'workspaceEdit',
      edit: { changes: [{ kind: 'edit', uri, version: null, edits: [{ range: { start: { line: 0, character: 19 }, end: { line: 0, character: 22 } }, newText: './lib/b' }] }] },
      resolvedWorkspaceRoot: root,
      completeness: { state: 'complete' },
    })
    const received = await fake.received()
    const initialize = received.find((entry) => entry.method === 'initialize')?.params as { capabilities: { workspace: { fileOperations: unknown } } }
    expect(initialize.capabilities.workspace.fileOperations).toEqual({ dynamicRegistration: false, willRename: true, didRename: true })
    expect(received.filter((entry) => entry.method === 'workspace/willRenameFiles').map((entry) => entry.params)).toEqual([
      { files: [{ oldUri: pathToUri(join(root, 'b.ts')), newUri: pathToUri(join(root, 'lib/b.ts')) }] },
    ])
  })

  it('is refused, naming the server and why, without the registration or when its filters leave the file out', async () => {
    const root = workspace({ 'a.ts': 'export const a = 1\n' })
    const none = fakeProvider(root, {})
    const error = await rejection(none.provider.query({ operation: 'willRenameFiles', filePath: 'a.ts', newPath: 'b.ts', workspaceRoot: root, languageId: 'typescript' }))
    expect([error.code, error.message]).toEqual(['LSP_UNSUPPORTED_OPERATION', 'language server "fake" does not support willRenameFiles (no workspace.fileOperations.willRename)'])
    const folders = fakeProvider(root, { capabilities: withFileOperations({ willRename: { filters: [tsserverFilters[1], { pattern: { glob: '**/*.tsx' } }] } }) })
    const left = await rejection(folders.provider.query({ operation: 'willRenameFiles', filePath: 'a.ts', newPath: 'b.ts', workspaceRoot: root, languageId: 'typescript' }))
    expect([left.code, left.message]).toEqual(['LSP_UNSUPPORTED_OPERATION', `language server "fake" does not support willRenameFiles (its workspace.fileOperations.willRename filters leave out ${join(root, 'a.ts')})`])
  })

  it('after the move, closes the old document, then sends didRenameFiles and answers no edit', async () => {
    const root = workspace({ 'a.ts': 'export const a = 1\n' })
    const fake = fakeProvider(root, { capabilities: withFileOperations({ didRename: { filters: [{ pattern: { glob: '**/*.ts', options: { ignoreCase: true } } }] } }) })
    await fake.query('hover')
    renameSync(join(root, 'a.ts'), join(root, 'moved.ts'))
    const result = await fake.provider.query({ operation: 'didRenameFiles', filePath: 'a.ts', newPath: 'moved.ts', workspaceRoot: root, languageId: 'typescript' })
    expect(result).toEqual({ kind: 'workspaceEdit', edit: null, resolvedWorkspaceRoot: root, completeness: { state: 'complete' } })
    await until(async () => (await fake.received()).some((entry) => entry.method === 'workspace/didRenameFiles'))
    const sent = (await fake.received()).filter((entry) => ['textDocument/didClose', 'workspace/didRenameFiles'].includes(entry.method ?? ''))
    expect(sent.map((entry) => [entry.method, entry.params])).toEqual([
      ['textDocument/didClose', { textDocument: { uri: pathToUri(join(root, 'a.ts')) } }],
      ['workspace/didRenameFiles', { files: [{ oldUri: pathToUri(join(root, 'a.ts')), newUri: pathToUri(join(root, 'moved.ts')) }] }],
    ])
  })
})
