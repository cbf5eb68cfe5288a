// A server that reports its progress only when a message wakes it (ccls 0.20220729: the end of its
// indexing waited for the next message, and every query waited the whole readiness bound for it).
import type { FakeServerLogEntry } from '@agent-lsp/lsp-testing'
import { describe, expect, it } from 'vitest'
import { validateServerConfig } from '../config-validate.js'
import { fakeProvider, workspace } from '../fake.test-support.js'

const progressSent = (kind: string) => (entry: FakeServerLogEntry) =>
  entry.direction === 'out' && entry.method === '$/progress' && (entry.params as { value?: { kind?: string } }).value?.kind === kind

describe('a server whose progress ends only when a message arrives', () => {
  it('is sent a $/cancelRequest for no request while a query waits, and answers complete once its work ends', async () => {
    const root = workspace({ 'a.ts': 'const a = 1\n' })
    const scenario = { progress: { token: 'index', delayMs: 100, holdRequests: false, endAfterMessage: true }, hover: { '0': { contents: 'ready' } } }
    const fake = fakeProvider(root, scenario, { readinessTimeoutMs: 5_000 }, undefined, { nudgeProgressMs: 50 })
    const answer = await fake.query('hover', { line: 0, character: 0 })
    expect(answer).toMatchObject({ kind: 'hover', hover: { contents: 'ready' }, completeness: { state: 'complete' } })
    const log = await fake.log()
    const end = log.findIndex(progressSent('end'))
    const hover = log.findLastIndex((entry) => entry.direction === 'in' && entry.method === 'textDocument/hover')
    expect([end > -1, hover > end]).toEqual([true, true])
    const nudges = log.filter((entry) => entry.direction === 'in' && entry.method === '$/cancelRequest')
    expect(nudges.length).toBeGreaterThan(0)
    expect(nudges.every((entry) => JSON.stringify((entry as { params?: unknown }).params) === '{"id":-1}')).toBe(true)
    // Ready now: no more nudges.
    const before = nudges.length
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect((await fake.received()).filter((entry) => entry.method === '$/cancelRequest').length).toBe(before)
  })

  it('is named in a server config by a positive whole number of milliseconds', () => {
    const config = { id: 'c', command: 'ccls', extensionToLanguage: { '.c': 'c' } }
    expect(() => validateServerConfig({ ...config, nudgeProgressMs: 250 })).not.toThrow()
    expect(() => validateServerConfig({ ...config, nudgeProgressMs: 0 })).toThrow('invalid language server config "c": nudgeProgressMs must be a positive integer')
  })
})
