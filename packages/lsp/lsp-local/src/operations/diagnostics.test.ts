import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defaultFakeServerCapabilities, fakeServerEnv, fakeServerPath, type FakeServerScenario } from '@agent-lsp/lsp-testing'
import { describe, expect, it, onTestFinished } from 'vitest'
import type { LocalProviderLimits } from '../config.js'
import { rejection, workspace } from '../fake.test-support.js'
import { createLocalLspProvider } from '../provider.js'

const server = fileURLToPath(new URL('../publishing-server.test-support.mjs', import.meta.url))
const range = { start: { line: 0, character: 13 }, end: { line: 0, character: 14 } }
const error = { range, severity: 1, code: 2322, source: 'typescript', message: "Type 'string' is not assignable to type 'number'." }

/** A provider on the two-stage publishing server (see `publishing-server.test-support.mjs`). */
function twoStage(root: string, scenario: { first: unknown[]; then: unknown[]; delayMs: number; marker?: string }, limits: Partial<LocalProviderLimits> = {}) {
  const provider = createLocalLspProvider(
    { id: 'two-stage', command: process.execPath, args: [server], extensionToLanguage: { '.ts': 'typescript' }, env: { AGENT_LSP_PUBLISHING_SCENARIO: JSON.stringify(scenario) } },
    { limits },
  )
  onTestFinished(() => provider.dispose())
  return () => provider.query({ operation: 'diagnostics', filePath: 'a.ts', workspaceRoot: root, languageId: 'typescript' })
}

describe('diagnostics pushed in two stages without a version', () => {
  it('answers the set published 300 ms after an empty one, not the empty one', async () => {
    const root = workspace({ 'a.ts': 'export const x: number = "a"\n' })
    const diagnostics = twoStage(root, { first: [], then: [error], delayMs: 300 })
    const result = await diagnostics()
    expect(result).toEqual({
      kind: 'diagnostics',
      uri: expect.stringMatching(/a\.ts$/),
      diagnostics: [{ range, severity: 'Error', code: 2322, source: 'typescript', message: "Type 'string' is not assignable to type 'number'.", relatedInformation: [] }],
      resolvedWorkspaceRoot: root,
      completeness: { state: 'complete' },
    })
    // Asked again with nothing changed: the same, at once (the server has been silent since).
    expect(await diagnostics()).toEqual(result)
  })

  it('answers an edit on disk from the server’s two stages about the new text', async () => {
    const root = workspace({ 'a.ts': 'export const x: number = "a"\n' })
    const diagnostics = twoStage(root, { first: [], then: [error], delayMs: 300, marker: '"a"' })
    expect(await diagnostics()).toMatchObject({ diagnostics: [{ code: 2322, range }], completeness: { state: 'complete' } })
    writeFileSync(join(root, 'a.ts'), 'export const x: number = 1\n')
    expect(await diagnostics()).toMatchObject({ diagnostics: [], completeness: { state: 'complete' } })
    writeFileSync(join(root, 'a.ts'), 'export const x: number = "a"\n')
    expect(await diagnostics()).toMatchObject({ diagnostics: [{ code: 2322, range }], completeness: { state: 'complete' } })
  })

  it('never answers "none, complete" when the bound passes before the server settles', async () => {
    const root = workspace({ 'a.ts': 'export const x: number = "a"\n' })
    // The second stage comes after the bound: what is known is the empty first one, marked partial.
    const diagnostics = twoStage(root, { first: [], then: [error], delayMs: 60_000 }, { diagnosticsTimeoutMs: 200 })
    expect(await diagnostics()).toMatchObject({
      diagnostics: [],
      completeness: { state: 'partial', reason: 'indexing', message: "two-stage did not settle on this file's diagnostics within 0.2 s; these are the ones it had published for its current text" },
    })
  })
})

describe('diagnostics asked through typescript.tsserverRequest (the rule pull: tsserver)', () => {
  /** A provider on the scriptable fake, offering the command, with the pull rule. */
  function pulling(root: string, scenario: FakeServerScenario, limits: Partial<LocalProviderLimits> = {}) {
    const capabilities = { ...defaultFakeServerCapabilities, textDocumentSync: 1 as const, executeCommandProvider: { commands: ['typescript.tsserverRequest'] } }
    const provider = createLocalLspProvider(
      { id: 'ts', command: process.execPath, args: [fakeServerPath], extensionToLanguage: { '.ts': 'typescript' }, env: fakeServerEnv({ capabilities, ...scenario }), diagnostics: { pull: 'tsserver' } },
      { limits },
    )
    onTestFinished(() => provider.dispose())
    return () => provider.query({ operation: 'diagnostics', filePath: 'a.ts', workspaceRoot: root, languageId: 'typescript' })
  }

  it('answers partial with what was published, never "none, complete", when tsserver is still checking at the bound', async () => {
    const root = workspace({ 'a.ts': 'export const x: number = "a"\n' })
    const diagnostics = pulling(root, { hang: ['workspace/executeCommand'] }, { diagnosticsPullTimeoutMs: 300 })
    expect(await diagnostics()).toMatchObject({
      diagnostics: [],
      completeness: { state: 'partial', reason: 'indexing', message: 'ts was still checking the file after 0.3 s; these are the diagnostics it had published' },
    })
  })

  it('refuses an answer that is not a successful tsserver response', async () => {
    const root = workspace({ 'a.ts': 'export const x: number = "a"\n' })
    const diagnostics = pulling(root, { results: { 'workspace/executeCommand': { type: 'response', success: false, message: 'No Project.' } } })
    expect(await rejection(diagnostics())).toMatchObject({
      code: 'LSP_MALFORMED_RESPONSE',
      message:
        'ts typescript.tsserverRequest syntacticDiagnosticsSync answered a malformed result: expected a successful tsserver response with a body list, got {"type":"response","success":false,"message":"No Project."}',
    })
  })
})
