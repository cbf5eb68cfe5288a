// The host's budget across workspaces, on stand-in providers (the servers' memory given, not sampled),
// then on the fake server through a host in this process, which grows 200 MiB per hover.
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import type { LspQueryResult } from '@agent-lsp/lsp'
import type { LocalLspProvider, LocalServerConfig, LocalServerStatus } from '@agent-lsp/lsp-local'
import { fakeServerEnv, fakeServerPath, type FakeServerScenario } from '@agent-lsp/lsp-testing'
import { enforceBudget, type HostBudget } from './host-budget.js'
import { openHost } from './connect.js'
import { startHostServer, type HostServer } from './host-server.js'
import { ensureHostDir } from './paths.js'
import { queryRequest } from './protocol.js'

const MB = 1024 * 1024

/** A provider with one server at `root`: running as `pid` with `rss`, idle since `lastUsedAt` unless busy. */
function standIn(id: string, root: string, pid: number, server: { busy?: boolean; lastUsedAt: number }) {
  const stopped: string[] = []
  const status: LocalServerStatus = { serverId: id, root, state: 'ready', pid, startedAt: 0, openDocuments: 1, restarts: 0, lastError: null }
  const provider = {
    id,
    status: () => (stopped.length > 0 ? [] : [status]),
    idleServers: () => (server.busy || stopped.length > 0 ? [] : [{ root, pid, lastUsedAt: server.lastUsedAt }]),
    stopIdle: (at: string) => (server.busy ? false : (stopped.push(at), true)),
  } as unknown as LocalLspProvider
  return provider
}

const budget = (memoryMB: number, servers = Infinity): HostBudget => ({ maxMemoryBytes: memoryMB * MB, maxServers: servers, checkMs: 10_000 })
const rssOf = (byPid: Record<number, number>) => () => new Map(Object.entries(byPid).map(([pid, mb]) => [Number(pid), mb * MB]))

describe('enforceBudget', () => {
  it('stops the least recently used idle servers until the rest fit in memory, whatever workspace they serve', () => {
    const providers = [
      standIn('typescript', '/w/a', 11, { lastUsedAt: 300 }),
      standIn('typescript', '/w/b', 12, { lastUsedAt: 100 }),
      standIn('python', '/w/b', 13, { lastUsedAt: 200 }),
    ]
    expect(enforceBudget(providers, budget(1000), rssOf({ 11: 400, 12: 400, 13: 400 }))).toEqual([{ serverId: 'typescript', root: '/w/b', pid: 12 }])
    expect(enforceBudget(providers, budget(1000), rssOf({ 11: 400, 13: 400 }))).toEqual([])
  })

  it('never stops a server with a query in flight, though it is the oldest; counts servers too', () => {
    const providers = [
      standIn('typescript', '/w/a', 11, { busy: true, lastUsedAt: 0 }),
      standIn('typescript', '/w/b', 12, { lastUsedAt: 100 }),
      standIn('python', '/w/c', 13, { lastUsedAt: 200 }),
    ]
    // Over memory with only the busy one left: stays over, until the next check.
    expect(enforceBudget(providers, budget(100), rssOf({ 11: 900, 12: 50, 13: 50 }))).toEqual([
      { serverId: 'typescript', root: '/w/b', pid: 12 },
      { serverId: 'python', root: '/w/c', pid: 13 },
    ])
    const three = [standIn('a', '/w/a', 21, { lastUsedAt: 1 }), standIn('b', '/w/b', 22, { lastUsedAt: 2 }), standIn('c', '/w/c', 23, { lastUsedAt: 3 })]
    expect(enforceBudget(three, budget(Infinity, 2), rssOf({}))).toEqual([{ serverId: 'a', root: '/w/a', pid: 21 }])
  })
})

describe('the host\'s budget', () => {
  const hover = { hover: { '0': { contents: 'alpha: number' } }, grow: { method: 'textDocument/hover', mb: 200 } }
  const fake = (scenario: FakeServerScenario): LocalServerConfig => ({
    id: 'fake', command: process.execPath, args: [fakeServerPath], extensionToLanguage: { '.ts': 'typescript' }, env: fakeServerEnv(scenario), maxMemoryMB: 100_000,
  })
  const dirOf = (prefix: string): string => {
    const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), prefix)))
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
    return dir
  }
  const pidAt = (host: HostServer, root: string): number | null =>
    host.pool.entries().find((entry) => entry.workspaceRoot === root)?.provider.status()[0]?.pid ?? null
  const until = async (check: () => boolean): Promise<void> => {
    while (!check()) await new Promise((resolve) => setTimeout(resolve, 10))
  }

  it('stops the least recently used idle server of another workspace when the host is over its memory, never the busy one', async () => {
    const paths = ensureHostDir(dirOf('alh-'))
    const host = (await startHostServer({ paths, idleMs: 60_000, version: 't', build: 't', budget: { ...budget(350), checkMs: 30 } }))!
    onTestFinished(() => host.stop())
    const open = (await openHost(paths, { client: 'test' }))!
    onTestFinished(() => open.close())
    const [a, b] = [dirOf('budget-a-'), dirOf('budget-b-')]
    for (const root of [a, b]) writeFileSync(path.join(root, 'a.ts'), 'const alpha = 1\n')
    const ask = (root: string, scenario: FakeServerScenario): Promise<LspQueryResult> =>
      open.connection.sendRequest(queryRequest, { server: fake(scenario), request: { operation: 'hover', filePath: 'a.ts', position: { line: 0, character: 6 }, workspaceRoot: root, languageId: 'typescript' } })
    const exact = (root: string): LspQueryResult => ({ kind: 'hover', hover: { contents: 'alpha: number' }, resolvedWorkspaceRoot: root, completeness: { state: 'complete' } })

    expect(await ask(b, hover)).toEqual(exact(b)) // b: ~245 MB, idle
    const inFlight = ask(a, { ...hover, answerDelayMs: { 'textDocument/hover': 1500 } }) // a: ~245 MB, busy
    await until(() => pidAt(host, a) !== null && pidAt(host, b) === null) // over 350 MB: b stopped, a kept
    expect(await inFlight).toEqual(exact(a))
    expect(await ask(b, hover)).toEqual(exact(b)) // b again: now a is the idle one, least recently used
    await until(() => pidAt(host, a) === null)
    expect(pidAt(host, b)).not.toBeNull()
  })
})
