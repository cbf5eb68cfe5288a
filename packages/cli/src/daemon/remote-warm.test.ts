// The live server's warm-up through the shared host (the default path), on a stub wire: the client
// hands it to the host (`agent-lsp/warm`) only once the index's answer has been given to the
// caller, and before the command closes its connection; the host then runs it on its own.
import path from 'node:path'
import type { LspProviderQuery, LspQueryResult } from '@agent-lsp/lsp'
import type { LocalServerConfig } from '@agent-lsp/lsp-local'
import type { MessageConnection } from 'vscode-jsonrpc/node'
import { describe, expect, it } from 'vitest'
import type { IndexAnswerer } from '../sources/answer-source.js'
import { tempWorkspace } from '../workspace.test-support.js'
import type { HostConnection } from './connect.js'
import { createRemoteLspHost } from './remote-host.js'
import { retryLimitRow } from './remote-stub.test-support.js'

const config: LocalServerConfig = { id: 'typescript', command: 'typescript-language-server', args: ['--stdio'], extensionToLanguage: { '.ts': 'typescript' } }

/** A connection to no host: what crossed it (`method` and the query's operation), in order, into `events`. */
function stubConnection(events: string[]): HostConnection {
  let markClosed = (): void => {}
  const closed = new Promise<void>((resolve) => (markClosed = resolve))
  const connection = {
    sendRequest: async (type: { method: string }, params?: { request?: LspProviderQuery }) => {
      events.push(params?.request ? `${type.method} ${params.request.operation}` : type.method)
      if (type.method === 'agent-lsp/ready') return false
      if (type.method === 'agent-lsp/warm') return { started: true }
      throw new Error(`the stub host answers no ${type.method}`)
    },
  } as unknown as MessageConnection
  return {
    connection,
    hello: { version: 't', build: 't', pid: 1 },
    closed,
    request: (send) => send(connection),
    close: () => (events.push('close'), markClosed()),
  }
}

/** An index answering `findReferences` with the one row at the cursor, labelled as its own. */
function stubIndex(root: string, events: string[]): IndexAnswerer {
  return {
    operations: ['findReferences'],
    extensionToLanguage: { '.ts': 'typescript' },
    query: async (request): Promise<LspQueryResult> => {
      events.push(`index ${request.operation}`)
      return retryLimitRow(root, 'index')
    },
  }
}

describe('the live warm-up of an index answer, through the shared host', () => {
  it('is handed to the host after the answer was given, before the command closes its connection', async () => {
    const root = await tempWorkspace({ 'src/a.ts': 'export const retryLimit = 3;\n' })
    const events: string[] = []
    const host = createRemoteLspHost(async () => stubConnection(events), [config], { crossCheck: false, answers: { source: 'auto', warm: true, index: stubIndex(root, events) } })
    const request = { operation: 'findReferences', filePath: path.join(root, 'src/a.ts'), position: { line: 0, character: 13 }, workspaceRoot: root } as const
    // As a one-shot command does: ask, give the answer (its stdout), then dispose.
    await host.foreground(async () => {
      const answer = await host.ctx.lsp.query(request)
      events.push(`given from ${answer.provenance?.source}`)
    })
    await host.dispose()
    expect(events).toEqual(['agent-lsp/ready', 'index findReferences', 'given from index', 'agent-lsp/warm findReferences', 'close'])
  })

  it('waits while other answers are being made: warm-ups start once none is in flight', async () => {
    const root = await tempWorkspace({ 'src/a.ts': 'export const retryLimit = 3;\n' })
    const events: string[] = []
    const host = createRemoteLspHost(async () => stubConnection(events), [config], { crossCheck: false, answers: { source: 'auto', warm: true, index: stubIndex(root, events) } })
    const request = { operation: 'findReferences', filePath: path.join(root, 'src/a.ts'), position: { line: 0, character: 13 }, workspaceRoot: root } as const
    let finishSecond = (): void => {}
    const second = new Promise<void>((resolve) => (finishSecond = resolve))
    let firstGiven = (): void => {}
    const given = new Promise<void>((resolve) => (firstGiven = resolve))
    const both = Promise.all([
      host.foreground(async () => {
        await host.ctx.lsp.query(request)
        events.push('first given')
        firstGiven()
      }),
      host.foreground(async () => {
        await second
        events.push('second given')
      }),
    ])
    // The first answer given, the second still being made: nothing handed over, past the turn after.
    await given
    await new Promise((resolve) => setImmediate(resolve))
    await new Promise((resolve) => setImmediate(resolve))
    expect(events).toEqual(['agent-lsp/ready', 'index findReferences', 'first given'])
    finishSecond()
    await both
    await host.dispose()
    expect(events).toEqual(['agent-lsp/ready', 'index findReferences', 'first given', 'second given', 'agent-lsp/warm findReferences', 'close'])
  })
})
