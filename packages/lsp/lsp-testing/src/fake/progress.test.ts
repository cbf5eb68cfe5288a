import { afterEach, describe, expect, it } from 'vitest'
import {
  HoverRequest,
  InitializedNotification,
  WorkDoneProgress,
  WorkDoneProgressCreateRequest,
} from 'vscode-languageserver-protocol'
import { cleanUp, spawnFake } from './test-client.js'

afterEach(cleanUp)

describe('progress', () => {
  it('creates the token, reports begin then end, and answers requests sent meanwhile only after the end', async () => {
    const events: string[] = []
    let began = () => {}
    const begin = new Promise<void>((resolve) => {
      began = resolve
    })
    const fake = spawnFake(
      { progress: { token: 'idx', delayMs: 50 }, hover: { '0': { contents: 'ready' } } },
      {
        register: (connection) => {
          connection.onRequest(WorkDoneProgressCreateRequest.type, ({ token }) => {
            events.push(`create ${token}`)
          })
          connection.onProgress(WorkDoneProgress.type, 'idx', (value) => {
            events.push(value.kind === 'begin' ? `begin ${value.title}` : value.kind)
            if (value.kind === 'begin') began()
          })
        },
      },
    )
    await fake.initialize()
    await fake.connection.sendNotification(InitializedNotification.type, {})
    await begin
    const hover = await fake.connection.sendRequest(HoverRequest.type, {
      textDocument: { uri: 'file:///w/a.ts' },
      position: { line: 0, character: 0 },
    })
    events.push(`hover ${JSON.stringify(hover)}`)
    expect(events).toEqual(['create idx', 'begin Indexing', 'end', 'hover {"contents":"ready"}'])
  })
})
