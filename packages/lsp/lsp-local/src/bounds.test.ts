// Host bounds: idle shutdown and the bound on live servers, never reaping a server with work in flight.
import { readlinkSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { LspQueryResult } from '@agent-lsp/lsp'
import { fakeProvider, until, workspace, type FakeProvider } from './fake.test-support.js'
import { within } from './processes.test-support.js'

const source = 'const a = 1\n'

/** The working directory (= server root) of each live fake of `fake`, sorted. */
function serverRoots(fake: FakeProvider): string[] {
  return fake
    .pids()
    .flatMap((pid) => {
      try {
        return [readlinkSync(`/proc/${pid}/cwd`)]
      } catch {
        return [] // gone meanwhile
      }
    })
    .sort()
}

const contents = (result: LspQueryResult) => (result.kind === 'hover' ? result.hover?.contents : result.kind)

describe('idle shutdown', () => {
  it('never reaps a server with a request in flight; stops it politely once idle that long', async () => {
    const root = workspace({ 'a.ts': source })
    const fake = fakeProvider(
      root,
      { hover: { '0': { contents: 'held' } }, definition: [], answerDelayMs: { 'textDocument/hover': 1_500 } },
      { idleShutdownMs: 400 },
    )
    // A quick query first: from its end the server counts as idle, until the next one starts.
    await fake.query('goToDefinition')
    const started = performance.now()
    const pending = fake.query('hover', { line: 0, character: 0 })
    await until(async () => (await fake.received()).some((entry) => entry.method === 'textDocument/hover'))
    const [pid] = fake.pids()
    const result = await pending
    // Held for 1.5 s, almost four idle bounds, and answered by the same process.
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_500)
    expect(contents(result)).toBe('held')
    expect(fake.pids()).toEqual([pid])
    await within(5_000, () => fake.pids().length === 0)
    expect((await fake.received()).slice(-2).map((entry) => entry.method)).toEqual(['shutdown', 'exit'])
    // The next query starts it again.
    expect(contents(await fake.query('hover', { line: 0, character: 0 }))).toBe('held')
    expect((await fake.received()).filter((entry) => entry.method === 'initialize')).toHaveLength(2)
  })
})

describe('bound on live servers', () => {
  it('stops the least recently used idle server, never one with work in flight', async () => {
    const [a, b, c] = [workspace({ 'a.ts': source }), workspace({ 'a.ts': source }), workspace({ 'a.ts': source })]
    const fake = fakeProvider(
      a,
      { hover: { '0': { contents: 'quick' } }, definition: [], answerDelayMs: { 'textDocument/definition': 1_500 } },
      { maxLiveServers: 2 },
    )
    const ask = (root: string, operation: 'hover' | 'goToDefinition' = 'hover') =>
      fake.provider.query({ operation, filePath: 'a.ts', position: { line: 0, character: 0 }, workspaceRoot: root, languageId: 'typescript' })

    await ask(a)
    await ask(b)
    expect(serverRoots(fake)).toEqual([a, b].sort())
    await ask(c) // a is the least recently used: it goes
    await within(5_000, () => serverRoots(fake).join() === [b, c].sort().join())

    // b, least recently used, gets work that lasts; starting a again must stop c instead.
    const busy = ask(b, 'goToDefinition')
    await until(async () => (await fake.received()).some((entry) => entry.method === 'textDocument/definition'))
    const [bPid] = fake.pids().filter((pid) => readlinkSync(`/proc/${pid}/cwd`) === b)
    expect(contents(await ask(a))).toBe('quick')
    await within(5_000, () => serverRoots(fake).join() === [a, b].sort().join())
    expect(await busy).toMatchObject({ kind: 'locations', locations: [], completeness: { state: 'complete' } })
    expect(fake.pids().filter((pid) => readlinkSync(`/proc/${pid}/cwd`) === b)).toEqual([bPid])
  })
})
