// overlayDiagnostics when the check fails: the server's view goes back to the disk text after a
// timeout, a cancellation and a crash (the fake server records what it was sent; the next query
// sends nothing more: the provider knows the server has the disk text).
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { defaultFakeServerCapabilities, fakeServerEnv, fakeServerPath, readFakeServerLog, type FakeServerReceivedEntry, type FakeServerScenario } from '@agent-lsp/lsp-testing'
import { describe, expect, it, onTestFinished } from 'vitest'
import type { LocalProviderLimits } from '../config.js'
import { rejection, until, workspace } from '../fake.test-support.js'
import { createLocalLspProvider } from '../provider.js'

const DISK = 'export const x: number = 1\n'
const OVERLAY = 'export const x: number = "a"\n'

/** A provider on the fake offering tsserver's pull command (rule `pull: tsserver`), logging what it receives. */
function pulling(root: string, scenario: FakeServerScenario, limits: Partial<LocalProviderLimits> = {}) {
  const log = join(root, '.fake-log.jsonl')
  const capabilities = { ...defaultFakeServerCapabilities, textDocumentSync: 1 as const, executeCommandProvider: { commands: ['typescript.tsserverRequest'] } }
  const provider = createLocalLspProvider(
    { id: 'ts', command: process.execPath, args: [fakeServerPath], extensionToLanguage: { '.ts': 'typescript' }, env: fakeServerEnv({ capabilities, ...scenario, log }), diagnostics: { pull: 'tsserver' } },
    { limits },
  )
  onTestFinished(() => provider.dispose())
  const overlay = (signal?: AbortSignal, text = OVERLAY) =>
    provider.query({ operation: 'overlayDiagnostics', filePath: 'a.ts', overlays: [{ filePath: 'a.ts', text }], files: ['a.ts'], workspaceRoot: root, languageId: 'typescript' }, signal)
  const diagnostics = (signal?: AbortSignal) => provider.query({ operation: 'diagnostics', filePath: 'a.ts', workspaceRoot: root, languageId: 'typescript' }, signal)
  const hover = (signal?: AbortSignal) => provider.query({ operation: 'hover', filePath: 'a.ts', position: { line: 0, character: 13 }, workspaceRoot: root, languageId: 'typescript' }, signal)
  /**
   * The texts the fakes (one per process) were given for a.ts, in order: `open` or `change`, and the
   * text; with `pulls`, the tsserver diagnostics asked of it among them too (`pull` and the command).
   */
  const sent = async (pulls = false): Promise<string[]> => {
    const entries = existsSync(log) ? await readFakeServerLog(log) : []
    return entries
      .filter((entry): entry is FakeServerReceivedEntry => entry.direction === 'in')
      .flatMap((entry) => {
        const params = entry.params as { textDocument?: { uri?: string; text?: string }; contentChanges?: { text: string }[]; arguments?: [string, { file?: string }] } | undefined
        if (pulls && entry.method === 'workspace/executeCommand' && params?.arguments?.[1]?.file?.endsWith('/a.ts')) return [`pull ${params.arguments[0]}`]
        if (!params?.textDocument?.uri?.endsWith('/a.ts')) return []
        if (entry.method === 'textDocument/didOpen') return [`open ${JSON.stringify(params.textDocument.text)}`]
        if (entry.method === 'textDocument/didChange') return params.contentChanges!.map((change) => `change ${JSON.stringify(change.text)}`)
        return []
      })
  }
  return { overlay, hover, diagnostics, sent }
}

describe('overlayDiagnostics restores the disk text in the server', () => {
  it('after the diagnostics wait timed out: partial, then the disk text sent back; the next query sends nothing more', async () => {
    const root = workspace({ 'a.ts': DISK })
    const fake = pulling(root, { hang: ['workspace/executeCommand'] }, { diagnosticsPullTimeoutMs: 300 })
    const result = await fake.overlay()
    expect(result).toMatchObject({
      kind: 'overlayDiagnostics',
      files: [{ uri: expect.stringMatching(/\/a\.ts$/), diagnostics: [], completeness: { state: 'partial', reason: 'indexing', message: 'ts was still checking the file after 0.3 s; these are the diagnostics it had published' } }],
      completeness: { state: 'partial', reason: 'indexing' },
    })
    // The fake logs what it receives as it reads it: once it has answered the next request, all before it is logged.
    await fake.hover()
    expect(await fake.sent()).toEqual([`open ${JSON.stringify(DISK)}`, `change ${JSON.stringify(OVERLAY)}`, `change ${JSON.stringify(DISK)}`])
  })

  it('after a cancellation: LSP_CANCELLED, and the disk text sent back before the next query runs', async () => {
    const root = workspace({ 'a.ts': DISK })
    const fake = pulling(root, { hang: ['workspace/executeCommand'] })
    const controller = new AbortController()
    const asked = fake.overlay(controller.signal)
    await until(async () => (await fake.sent()).length === 2)
    controller.abort()
    expect(await rejection(asked)).toMatchObject({ code: 'LSP_CANCELLED' })
    await fake.hover()
    expect(await fake.sent()).toEqual([`open ${JSON.stringify(DISK)}`, `change ${JSON.stringify(OVERLAY)}`, `change ${JSON.stringify(DISK)}`])
  })

  it('after the server crashed mid-check: the next server is given the disk text, never the overlay', async () => {
    const root = workspace({ 'a.ts': DISK })
    const fake = pulling(root, { crash: { on: 'workspace/executeCommand', exitCode: 3 } })
    expect(await rejection(fake.overlay())).toMatchObject({ code: 'LSP_SERVER_CRASHED' })
    await fake.hover()
    expect(await fake.sent()).toEqual([`open ${JSON.stringify(DISK)}`, `change ${JSON.stringify(OVERLAY)}`, `open ${JSON.stringify(DISK)}`])
  })

  it('begins only after the queries in flight, and the queries asked meanwhile run after it is taken back', async () => {
    const root = workspace({ 'a.ts': DISK })
    const tsserverAnswer = { type: 'response', success: true, body: [] }
    const fake = pulling(root, { hang: ['textDocument/hover'], results: { 'workspace/executeCommand': tsserverAnswer } })
    const controller = new AbortController()
    const inFlight = fake.hover(controller.signal)
    await until(async () => (await fake.sent()).length === 1)
    const overlay = fake.overlay()
    const meanwhile = fake.hover()
    // The hover in flight holds the overlay back: nothing but the first open reaches the server, read
    // back from the fake's log 50 times (without the wait, the overlay's change is there within a few).
    for (let read = 0; read < 50; read++) expect(await fake.sent()).toEqual([`open ${JSON.stringify(DISK)}`])
    controller.abort()
    expect(await rejection(inFlight)).toMatchObject({ code: 'LSP_CANCELLED' })
    expect(await overlay).toMatchObject({ files: [{ diagnostics: [], completeness: { state: 'complete' } }], completeness: { state: 'complete' } })
    // Asked while the overlay was on its way, it hangs like every hover here; by then the disk text is back.
    await until(async () => (await fake.sent()).length === 3)
    expect(await fake.sent()).toEqual([`open ${JSON.stringify(DISK)}`, `change ${JSON.stringify(OVERLAY)}`, `change ${JSON.stringify(DISK)}`])
    void meanwhile.catch(() => {})
  })

  it('overlays and a disk query waiting on one overlay take their turns one by one: the query never sees an overlay\'s text', async () => {
    // Found on the shared host (2026-12-07): when an overlay ended, the overlay and the diagnostics
    // query waiting on it both found the view free before either took it, and the query was
    // answered from the second overlay's text; two overlays woken together overlaid one file at once.
    const root = workspace({ 'a.ts': DISK })
    const tsserverAnswer = { type: 'response', success: true, body: [] }
    // Each pull takes 300 ms, so the first overlay is still checking when the others are asked.
    const fake = pulling(root, { results: { 'workspace/executeCommand': tsserverAnswer }, answerDelayMs: { 'workspace/executeCommand': 300 } })
    const signal = new AbortController().signal
    const text = (name: string) => `export const x: number = ${name}\n`
    const first = fake.overlay(signal, text('"A"'))
    await until(async () => (await fake.sent()).length === 2)
    const asked = [fake.overlay(signal, text('"B"')), fake.overlay(signal, text('"C"')), fake.diagnostics(signal)]
    const answers = await Promise.all([first, ...asked])
    expect(answers.map((answer) => answer.completeness)).toEqual([{ state: 'complete' }, { state: 'complete' }, { state: 'complete' }, { state: 'complete' }])
    const pulls = ['pull syntacticDiagnosticsSync', 'pull semanticDiagnosticsSync', 'pull suggestionDiagnosticsSync']
    const disk = `change ${JSON.stringify(DISK)}`
    const overlaid = (name: string) => [`change ${JSON.stringify(text(name))}`, ...pulls, disk]
    expect(await fake.sent(true)).toEqual([`open ${JSON.stringify(DISK)}`, ...overlaid('"A"'), ...overlaid('"B"'), ...overlaid('"C"'), ...pulls])
  })

  it('refuses an overlay of a file its server does not take', async () => {
    const root = workspace({ 'a.ts': DISK, 'b.py': 'x = 1\n' })
    const query = createLocalLspProvider({ id: 'ts2', command: process.execPath, args: [fakeServerPath], extensionToLanguage: { '.ts': 'typescript' } })
    onTestFinished(() => query.dispose())
    const answer = query.query({ operation: 'overlayDiagnostics', filePath: 'a.ts', overlays: [{ filePath: 'b.py', text: '' }], files: ['a.ts'], workspaceRoot: root, languageId: 'typescript' })
    expect(await rejection(answer)).toMatchObject({ code: 'LSP_INVALID_REQUEST', message: `invalid LSP request: overlay ${root}/b.py is not a file of language server "ts2"` })
  })
})
