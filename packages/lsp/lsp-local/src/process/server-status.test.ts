// status(): each server's state through its life, on the fake server.
import { describe, expect, it } from 'vitest'
import { fakeProvider, workspace } from '../fake.test-support.js'
import { slidingWindowCrashPolicy } from './crash-policy.js'

const source = 'const alpha = 1\n'

describe('LocalLspProvider.status', () => {
  it('is empty before the first query, then ready with its pid and open documents, stopped after dispose', async () => {
    const root = workspace({ 'a.ts': source })
    const fake = fakeProvider(root, {})
    expect(fake.provider.status()).toEqual([])
    const before = Date.now()
    await fake.query('hover')
    const [status] = fake.provider.status()
    expect(status).toEqual({ serverId: 'fake', root, state: 'ready', pid: fake.pids()[0], startedAt: status!.startedAt, openDocuments: 1, restarts: 0, lastError: null })
    expect(status!.startedAt).toBeGreaterThanOrEqual(before)
    await fake.provider.dispose()
    expect(fake.provider.status()).toEqual([{ serverId: 'fake', root, state: 'stopped', pid: null, startedAt: null, openDocuments: 0, restarts: 0, lastError: null }])
  })

  it('counts crashes (restarting), then says stopped with the crash policy\'s message', async () => {
    const root = workspace({ 'a.ts': source })
    const fake = fakeProvider(root, { crash: { on: 'textDocument/hover', exitCode: 7, stderr: 'boom' } }, {}, slidingWindowCrashPolicy(1, 60_000))
    const crash = { code: 'LSP_SERVER_CRASHED', message: 'language server "fake" exited with code 7; stderr: boom' }
    await fake.query('hover').catch(() => {})
    expect(fake.provider.status()).toEqual([{ serverId: 'fake', root, state: 'restarting', pid: null, startedAt: null, openDocuments: 0, restarts: 1, lastError: crash }])
    await fake.query('hover').catch(() => {})
    await fake.query('hover').catch(() => {})
    const [status] = fake.provider.status()
    expect([status!.state, status!.restarts, status!.lastError?.code]).toEqual(['stopped', 2, 'LSP_SERVER_CRASHED'])
    expect(status!.lastError?.message).toMatch(/^language server "fake" keeps crashing: it crashed 2 times in the last 1 min/)
  })
})
