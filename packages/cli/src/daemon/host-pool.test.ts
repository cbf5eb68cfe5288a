// The host's pool when configs change, on the fake server (no real server needed to count
// processes): a config asked after another for the same root and server supersedes it, and the
// older one's server stops once no connected client's latest query used it.
import type { LspProviderQuery } from '@agent-lsp/lsp'
import type { LocalServerConfig } from '@agent-lsp/lsp-local'
import { fakeServerPath, isAlive, waitUntilGone } from '@agent-lsp/lsp-testing'
import { describe, expect, it, onTestFinished } from 'vitest'
import { tempWorkspace } from '../workspace.test-support.js'
import { HostPool } from './host-pool.js'

const config = (id: string, mark: string): LocalServerConfig => ({ id, command: process.execPath, args: [fakeServerPath], extensionToLanguage: { '.fake': 'plaintext' }, env: { MARK: mark } })

async function pool() {
  const root = await tempWorkspace({ 'a.fake': 'a\n' })
  const hosted = new HostPool()
  onTestFinished(() => hosted.disposeAll())
  const request: LspProviderQuery = { operation: 'hover', filePath: `${root}/a.fake`, position: { line: 0, character: 0 }, workspaceRoot: root, languageId: 'plaintext' } as LspProviderQuery
  const ask = (server: LocalServerConfig, client: object, slot?: string) => hosted.query(server, request, new AbortController().signal, client, slot)
  /** [config mark, pid] of each provider kept, in the order made. */
  const kept = () => hosted.entries().map((entry) => [entry.config.env!.MARK, entry.provider.status()[0]?.pid ?? null] as const)
  return { hosted, ask, kept }
}

describe('the host pool, when a config changes', () => {
  it('stops the older config once the client that asked with it asks with another', async () => {
    const { ask, kept } = await pool()
    const client = {}
    await ask(config('fake', 'old'), client)
    const [[, oldPid]] = kept() as [[string, number]]
    await ask(config('fake', 'new'), client)
    expect(kept().map(([mark]) => mark)).toEqual(['new'])
    expect(await waitUntilGone([oldPid], 5_000)).toEqual([])
    expect(isAlive(oldPid)).toBe(false)
  })

  it('keeps both while two connected clients ask with two configs, and the older one after the last of its clients leaves', async () => {
    const { hosted, ask, kept } = await pool()
    const trusting = {}
    const other = {}
    await ask(config('fake', 'trusted'), trusting)
    await ask(config('fake', 'untrusted'), other)
    await ask(config('fake', 'trusted'), trusting)
    await ask(config('fake', 'untrusted'), other)
    expect(kept().map(([mark]) => mark)).toEqual(['trusted', 'untrusted'])
    const [[, trustedPid], [, untrustedPid]] = kept() as [[string, number], [string, number]]
    // The untrusted one was asked last: it stays warm with no client; the trusted one does not.
    hosted.release(other)
    expect(kept()).toEqual([['trusted', trustedPid], ['untrusted', untrustedPid]])
    hosted.release(trusting)
    expect(kept()).toEqual([['untrusted', untrustedPid]])
  })

  it('leaves other servers and slots alone', async () => {
    const { ask, kept } = await pool()
    const client = {}
    await ask(config('fake', 'a1'), client, 'a')
    await ask(config('fake', 'b1'), client, 'b')
    const [, b1] = kept()
    await ask(config('fake', 'a2'), client, 'a')
    expect(kept()).toEqual([b1, ['a2', expect.any(Number)]])
  })
})
