// typescript-language-server answers [] for tsserver once it is gone, and logs so, the line at
// times after that empty answer (a fresh-clone CI: three references came from the cross-check
// alone, "missed by the server"). The fake answers [] and the probe as tsls does then.
import { defaultFakeServerCapabilities } from '@agent-lsp/lsp-testing'
import { describe, expect, it } from 'vitest'
import { fakeProvider, rejection, workspace } from '../fake.test-support.js'

const engineProbe = { command: 'typescript.tsserverRequest', arguments: ['status', {}], deadWhen: { type: 'noServer' } }

describe('an empty answer from a server whose engine may be gone', () => {
  it('is a crash when the probe says the engine is gone, and the next query starts the server again', async () => {
    const root = workspace({ 'a.ts': 'const a = 1\nconst b = a\n' })
    const fake = fakeProvider(root, { references: [], results: { 'workspace/executeCommand': { type: 'noServer' } } }, {}, undefined, { engineProbe })
    const error = await rejection(fake.query('findReferences'))
    expect([error.code, error.message]).toEqual([
      'LSP_SERVER_CRASHED',
      'language server "fake" can no longer answer: asked whether its engine runs (typescript.tsserverRequest ["status",{}]), it answered {"type":"noServer"}',
    ])
    const starts = async () => (await fake.received()).filter((entry) => entry.method === 'initialize').length
    expect(await starts()).toBe(1)
    await rejection(fake.query('findReferences'))
    expect(await starts()).toBe(2)
  })

  it('stands when the probe says the engine runs, and a non-empty answer asks nothing', async () => {
    const root = workspace({ 'a.ts': 'const a = 1\nconst b = a\n' })
    const fake = fakeProvider(root, { references: [], hover: { '0': { contents: 'a' } }, results: { 'workspace/executeCommand': { type: 'response', success: true, body: { version: '5.9.3' } } } }, {}, undefined, { engineProbe })
    expect(await fake.query('findReferences')).toMatchObject({ kind: 'locations', locations: [], completeness: { state: 'complete' } })
    expect(await fake.query('hover', { line: 0, character: 0 })).toMatchObject({ kind: 'hover', completeness: { state: 'complete' } })
    const probes = (await fake.received()).filter((entry) => entry.method === 'workspace/executeCommand')
    expect(probes.map((entry) => (entry as { params?: unknown }).params)).toEqual([{ command: 'typescript.tsserverRequest', arguments: ['status', {}] }])
  })

  it('is a crash when a request through typescript.tsserverRequest answers noServer', async () => {
    const root = workspace({ 'a.ts': 'const a = 1\n' })
    const capabilities = { ...defaultFakeServerCapabilities, workspaceSymbolProvider: true, executeCommandProvider: { commands: ['typescript.tsserverRequest'] } }
    const fake = fakeProvider(root, { capabilities, results: { 'workspace/executeCommand': { type: 'noServer' } } }, {}, undefined, { workspaceSymbol: 'tsserver' })
    const error = await rejection(fake.provider.query({ operation: 'workspaceSymbol', query: 'a', filePath: 'a.ts', workspaceRoot: root, languageId: 'typescript' }))
    expect([error.code, error.message]).toEqual(['LSP_SERVER_CRASHED', 'language server "fake" can no longer answer: typescript.tsserverRequest navto answered {"type":"noServer"}, its tsserver is gone'])
  })
})
