// The host's side of a warm-up (`agent-lsp/warm`), on the fake server through a host in this
// process: it runs for no client (the client that handed it over leaves at once), one per server at
// a time, on the server a later query then finds warm; stopping the host cancels it and leaves no
// process; a pool that was disposed starts none.
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { LspProviderQuery } from '@agent-lsp/lsp'
import type { LocalServerConfig } from '@agent-lsp/lsp-local'
import { fakeServerEnv, fakeServerPath, isAlive, waitUntilGone, type FakeServerScenario } from '@agent-lsp/lsp-testing'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { openHost } from './connect.js'
import { HostPool } from './host-pool.js'
import { startHostServer } from './host-server.js'
import { ensureHostDir } from './paths.js'
import { queryRequest, readyRequest, statusRequest, warmRequest } from './protocol.js'
import { readyInHost } from '../sources/live-ready.js'

function dirOf(prefix: string): string {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), prefix)))
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** The methods the fake received (requests and notifications), in order, from its log. */
function received(log: string): string[] {
  if (!existsSync(log)) return []
  return readFileSync(log, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { direction: string; method?: string })
    .flatMap((entry) => (entry.direction === 'in' && entry.method ? [entry.method] : []))
}

async function hostWithFake(scenario: FakeServerScenario) {
  const root = dirOf('warm-root-')
  writeFileSync(path.join(root, 'a.ts'), 'const retryLimit = 3\n')
  const log = path.join(dirOf('warm-log-'), 'fake.jsonl')
  const server: LocalServerConfig = { id: 'fake', command: process.execPath, args: [fakeServerPath], extensionToLanguage: { '.ts': 'typescript' }, env: fakeServerEnv({ ...scenario, log }) }
  const paths = ensureHostDir(dirOf('alh-'))
  const host = (await startHostServer({ paths, idleMs: 60_000, version: 't', build: 't' }))!
  onTestFinished(() => host.stop())
  const client = async () => {
    const open = (await openHost(paths, { client: 'command' }))!
    onTestFinished(() => open.close())
    return open
  }
  const at = (operation: 'findReferences' | 'hover'): LspProviderQuery => ({ operation, filePath: 'a.ts', position: { line: 0, character: 6 }, workspaceRoot: root, languageId: 'typescript' }) as LspProviderQuery
  return { root, log, server, host, client, at }
}

describe('a warm-up in the shared host', () => {
  it('runs for no client, one per server at a time, and a later query finds that server warm', async () => {
    const { root, log, server, host, client, at } = await hostWithFake({ hang: ['textDocument/references'], hover: { '0': { contents: 'retryLimit: number' } } })
    const first = await client()
    expect(await first.connection.sendRequest(warmRequest, { server, request: at('findReferences') })).toEqual({ started: true })
    first.close()
    await first.closed
    const second = await client()
    // The first one's still runs (the fake never answers it): not started twice.
    expect(await second.connection.sendRequest(warmRequest, { server, request: at('findReferences') })).toEqual({ started: false })
    await vi.waitFor(() => expect(received(log)).toContain('textDocument/references'), { timeout: 30_000, interval: 20 })
    const [entry] = host.pool.entries()
    const pid = entry!.provider.status()[0]!.pid
    expect(await second.connection.sendRequest(queryRequest, { server, request: at('hover') })).toEqual({ kind: 'hover', hover: { contents: 'retryLimit: number' }, resolvedWorkspaceRoot: root, completeness: { state: 'complete' } })
    // One server, started once, the warm-up not cancelled by the first client leaving.
    expect(host.pool.entries().map((kept) => kept.provider.status().map((status) => status.pid))).toEqual([[pid]])
    expect(received(log)).toEqual(['initialize', 'initialized', 'textDocument/didOpen', 'textDocument/references', 'textDocument/hover'])
    expect(host.pool.inFlight()).toBe(1)
    // `ready` as a process, but warming: a client answering by `--source auto` keeps to its index meanwhile.
    const { servers } = await second.connection.sendRequest(statusRequest)
    expect(servers.map((row) => [row.serverId, row.workspace, row.state, row.warming])).toEqual([['fake', root, 'ready', true]])
    expect(readyInHost(servers, 'fake', root)).toBe(false)
    expect(readyInHost(servers.map(({ warming: _, ...row }) => row), 'fake', root)).toBe(true)
    // The probe of `--source auto` says the same, without the memory of every process.
    expect(await second.connection.sendRequest(readyRequest, { serverId: 'fake', workspace: root })).toBe(false)

    // Stopping the host cancels it and stops that server.
    await host.stop()
    expect(await waitUntilGone([pid!], 5_000)).toEqual([])
    expect(isAlive(pid!)).toBe(false)
    expect(received(log)).toEqual(['initialize', 'initialized', 'textDocument/didOpen', 'textDocument/references', 'textDocument/hover', '$/cancelRequest', 'shutdown', 'exit'])
  })

  it('once answered, the server is no longer warming, and the pool keeps it for the next query', async () => {
    const { root, log, server, at } = await hostWithFake({ references: [] })
    const pool = new HostPool()
    onTestFinished(() => pool.disposeAll())
    const warmUp = pool.warm(server, at('findReferences'))!
    const [entry] = pool.entries()
    expect(pool.warming(entry!)).toBe(true)
    expect(await warmUp).toEqual({ kind: 'locations', locations: [], resolvedWorkspaceRoot: root, completeness: { state: 'complete' } })
    expect(pool.warming(entry!)).toBe(false)
    await pool.query(server, at('findReferences'), new AbortController().signal)
    expect(pool.entries()).toEqual([entry])
    expect(received(log).filter((method) => method === 'initialize' || method === 'textDocument/references')).toEqual(['initialize', 'textDocument/references', 'textDocument/references'])
  })

  it('a pool that was disposed starts no warm-up and no server', async () => {
    const { server, at } = await hostWithFake({})
    const pool = new HostPool()
    await pool.disposeAll()
    expect(pool.warm(server, at('findReferences'))).toBeUndefined()
    await expect(pool.query(server, at('hover'), new AbortController().signal)).rejects.toMatchObject({ code: 'LSP_DISPOSED' })
    expect(pool.entries()).toEqual([])
  })
})
