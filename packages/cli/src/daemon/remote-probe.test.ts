// What a query of `--source auto` asks the shared host besides itself, on a stub wire: nothing for a
// workspace without an index (an MCP session answers live there, and each probe was a round trip
// in which the host sampled every process's memory: 0.73 ms of its CPU per call), and only the
// cheap `agent-lsp/ready` where an index could answer instead.
import { realpathSync } from 'node:fs'
import path from 'node:path'
import type { LspProviderQuery } from '@agent-lsp/lsp'
import type { LocalServerConfig } from '@agent-lsp/lsp-local'
import type { MessageConnection } from 'vscode-jsonrpc/node'
import { describe, expect, it } from 'vitest'
import type { IndexAnswerer } from '../sources/answer-source.js'
import { indexAnswers } from '../sources/index-answers.js'
import { tempWorkspace } from '../workspace.test-support.js'
import type { HostConnection } from './connect.js'
import { createRemoteLspHost } from './remote-host.js'
import { retryLimitRow } from './remote-stub.test-support.js'

const config: LocalServerConfig = { id: 'typescript', command: 'typescript-language-server', args: ['--stdio'], extensionToLanguage: { '.ts': 'typescript' } }

/** A connection to no host that answers queries live and `agent-lsp/ready` with `ready`; what crossed it into `events`. */
function stubConnection(root: string, events: string[], ready: boolean): HostConnection {
  const connection = {
    sendRequest: async (type: { method: string }, params?: { request?: LspProviderQuery; serverId?: string; workspace?: string }) => {
      events.push(params?.request ? `${type.method} ${params.request.operation}` : params?.serverId ? `${type.method} ${params.serverId} ${params.workspace}` : type.method)
      if (type.method === 'agent-lsp/query') return retryLimitRow(root, 'live')
      if (type.method === 'agent-lsp/ready') return ready
      if (type.method === 'agent-lsp/warm') return { started: true }
      throw new Error(`the stub host answers no ${type.method}`)
    },
  } as unknown as MessageConnection
  return { connection, hello: { version: 't', build: 't', pid: 1 }, closed: new Promise(() => {}), request: (send) => send(connection), close: () => {} }
}

const referencesAt = (root: string) => ({ operation: 'findReferences', filePath: path.join(root, 'src/a.ts'), position: { line: 0, character: 13 }, workspaceRoot: root }) as const

describe('what a query of --source auto asks the shared host', () => {
  it('in a workspace without an index (an MCP session that looks for one later): the query only', async () => {
    const root = await tempWorkspace({ 'src/a.ts': 'export const retryLimit = 3;\n' })
    const side = (await indexAnswers('auto', root, { lookLater: true, warm: true }))!
    const events: string[] = []
    const host = createRemoteLspHost(async () => stubConnection(root, events, true), [config], { crossCheck: false, answers: side.answers })
    for (let i = 0; i < 3; i++) expect(await host.ctx.lsp.query(referencesAt(root))).toEqual(retryLimitRow(root, 'live'))
    await host.dispose()
    expect(events).toEqual(['agent-lsp/query findReferences', 'agent-lsp/query findReferences', 'agent-lsp/query findReferences'])
  })

  it('where an index answers: the server of that workspace asked `agent-lsp/ready`, not the whole status', async () => {
    const root = await tempWorkspace({ 'src/a.ts': 'export const retryLimit = 3;\n' })
    const index: IndexAnswerer = { operations: ['findReferences'], extensionToLanguage: { '.ts': 'typescript' }, covers: () => true, query: async () => retryLimitRow(root, 'index') }
    for (const ready of [false, true]) {
      const events: string[] = []
      const host = createRemoteLspHost(async () => stubConnection(root, events, ready), [config], { crossCheck: false, answers: { source: 'auto', warm: false, index } })
      expect(await host.ctx.lsp.query(referencesAt(root))).toEqual(retryLimitRow(root, ready ? 'live' : 'index'))
      await host.dispose()
      expect(events).toEqual([`agent-lsp/ready typescript ${realpathSync(root)}`, ...(ready ? ['agent-lsp/query findReferences'] : [])])
    }
  })
})
