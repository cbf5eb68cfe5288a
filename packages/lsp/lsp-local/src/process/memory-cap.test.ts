// The memory cap on the fake server, which grows by 200 MiB with every hover it is asked.
import { describe, expect, it } from 'vitest'
import type { LspQueryResult } from '@agent-lsp/lsp'
import { defaultLocalProviderLimits } from '../limits.js'
import { fakeProvider, rejection, until, workspace, type FakeProvider } from '../fake.test-support.js'
import { withHeapLimit } from './memory-cap.js'

const source = 'const alpha = 1\n'
const scenario = { hover: { '0': { contents: 'alpha: number' } }, grow: { method: 'textDocument/hover', mb: 200 } }
const limits = { maxMemoryMB: 150, memorySampleMs: 20 }
const restarted = /^language server "fake" used (\d+) MB, over its cap of 150 MB \(maxMemoryMB\), and was restarted; this answer comes from the new server$/

function exact(root: string): LspQueryResult {
  return { kind: 'hover', hover: { contents: 'alpha: number' }, resolvedWorkspaceRoot: root, completeness: { state: 'complete' } }
}

/** The pid of the fake's one server; `null` once it is stopped. */
const pidOf = (fake: FakeProvider): number | null => fake.provider.status()[0]?.pid ?? null

describe('memory cap (maxMemoryMB)', () => {
  it('restarts a server over its cap, says so in the next answer (exact, from a new pid), and stops one over it the third time', async () => {
    const root = workspace({ 'a.ts': source })
    const fake = fakeProvider(root, scenario, limits)
    expect(await fake.query('hover')).toEqual(exact(root))
    const first = pidOf(fake)
    await until(() => pidOf(fake) === null) // weighed (over 200 MB), idle: stopped

    const second = await fake.query('hover')
    expect(second).toEqual({ ...exact(root), notices: [{ code: 'LSP_SERVER_RESTARTED', message: expect.stringMatching(restarted) }] })
    expect(Number(restarted.exec(second.notices![0]!.message)![1])).toBeGreaterThan(200)
    const renewed = pidOf(fake)
    expect(renewed).not.toBe(first)
    expect(fake.pids()).toEqual([renewed])
    await until(() => pidOf(fake) === null)

    // The second restart; over it once more, it is stopped for good.
    expect((await fake.query('hover')).notices?.map((notice) => notice.code)).toEqual(['LSP_SERVER_RESTARTED'])
    await until(() => fake.provider.status()[0]?.state === 'stopped' && fake.provider.status()[0]?.lastError !== null)
    const refusal = /^language server "fake" keeps going over its memory cap: it went over its memory cap 3 times in the last 10 min; not restarting it \(last: used \d+ MB, over its cap of 150 MB \(maxMemoryMB\)\); raise maxMemoryMB in its config to give it more$/
    expect(fake.provider.status()[0]!.lastError).toEqual({ code: 'LSP_SERVER_OVER_MEMORY', message: expect.stringMatching(refusal) })
    const error = await rejection(fake.query('hover'))
    expect([error.code, error.message]).toEqual(['LSP_SERVER_OVER_MEMORY', expect.stringMatching(refusal)])
    await until(() => fake.pids().length === 0) // its stop (shutdown, exit) was under way; no other started
    expect(fake.provider.status().map((server) => server.state)).toEqual(['stopped'])
  })

  it('never stops a server with a query in flight: that answer is whole, the next is from a new server', async () => {
    const root = workspace({ 'a.ts': source })
    const fake = fakeProvider(root, { ...scenario, answerDelayMs: { 'textDocument/hover': 600 } }, limits)
    expect(await fake.query('hover')).toEqual(exact(root)) // over its cap for 600 ms meanwhile
    await until(() => pidOf(fake) === null)
    expect((await fake.query('hover')).notices?.map((notice) => notice.code)).toEqual(['LSP_SERVER_RESTARTED'])
  })

  it('is tsserver\'s own heap limit where the server takes one, unless its options set one', () => {
    const config = { id: 'typescript', command: 'tls', extensionToLanguage: { '.ts': 'typescript' }, heapLimitOption: 'maxTsServerMemory', initializationOptions: { hostInfo: 'agent-lsp' } }
    expect(withHeapLimit(config, defaultLocalProviderLimits).initializationOptions).toEqual({ hostInfo: 'agent-lsp', maxTsServerMemory: 4096 })
    expect(withHeapLimit({ ...config, maxMemoryMB: 1500.5 }, defaultLocalProviderLimits).initializationOptions).toEqual({ hostInfo: 'agent-lsp', maxTsServerMemory: 1500 })
    expect(withHeapLimit({ ...config, initializationOptions: { maxTsServerMemory: 900 } }, defaultLocalProviderLimits).initializationOptions).toEqual({ maxTsServerMemory: 900 })
    const { heapLimitOption: _, ...takesNone } = config
    expect(withHeapLimit(takesNone, defaultLocalProviderLimits)).toBe(takesNone)
    expect(withHeapLimit(config, { ...defaultLocalProviderLimits, maxMemoryMB: Infinity })).toBe(config)
  })
})
