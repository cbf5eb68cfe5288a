// When a live server's warm-up starts: once the answer it follows has been given (no foreground
// work in flight, one event-loop turn later), never after the host closed, once per backend and
// root; on stand-in backends (what each was asked, in order), no process.
import type { LspProviderQuery, LspQueryResult } from '@agent-lsp/lsp'
import type { LocalServerConfig } from '@agent-lsp/lsp-local'
import { describe, expect, it } from 'vitest'
import type { BackendFactory } from '../serving/served-provider.js'
import { withAnswerSource, type IndexAnswerer } from './answer-source.js'
import { createWarmUps } from './warm-ups.js'

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))
const config: LocalServerConfig = { id: 'typescript', command: 'typescript-language-server', args: ['--stdio'], extensionToLanguage: { '.ts': 'typescript' } }
const request: LspProviderQuery = { operation: 'findReferences', filePath: '/w/src/a.ts', position: { line: 0, character: 13 }, workspaceRoot: '/w', languageId: 'typescript' }
const answer = (from: string): LspQueryResult => ({
  kind: 'locations',
  locations: [],
  resolvedWorkspaceRoot: '/w',
  completeness: { state: 'complete' },
  ...(from === 'index' ? { provenance: { source: 'index', index: '/w/.agent-lsp/index.scip', builtAt: '2026-12-03T00:00:00.000Z', revision: 'sha256:0', staleUris: [] } } : {}),
})

/** Backends answering in this process (no `warm`): each query, make and dispose into `events`; a live answer waits for `release()`. */
function standIns(events: string[]) {
  const waiting: (() => void)[] = []
  const make: BackendFactory = (made) => {
    events.push(`make ${made.id}`)
    return {
      query: async (asked) => {
        events.push(`live ${asked.operation}`)
        await new Promise<void>((resolve) => waiting.push(resolve))
        return answer('live')
      },
      dispose: async () => void events.push('dispose'),
    }
  }
  const index: IndexAnswerer = {
    operations: ['findReferences'],
    extensionToLanguage: { '.ts': 'typescript' },
    query: async (asked) => (events.push(`index ${asked.operation}`), answer('index')),
  }
  const release = (): void => waiting.splice(0).forEach((resolve) => resolve())
  return { make, index, release, waiting }
}

describe('warm-ups', () => {
  it('start once no foreground work is in flight, the turn after the last settled', async () => {
    const events: string[] = []
    const warmUps = createWarmUps()
    let finish = (): void => {}
    const work = warmUps.foreground(() => new Promise<void>((resolve) => (finish = resolve)))
    warmUps.hold(async () => void events.push('started'), () => events.push('dropped'))
    await turn()
    expect(events).toEqual([])
    finish()
    await work
    events.push('given')
    await turn()
    expect(events).toEqual(['given', 'started'])
  })

  it('closing drops what is held (this process stops its servers), or hands it over and waits (the shared host keeps them)', async () => {
    const dropped: string[] = []
    const local = createWarmUps()
    local.hold(async () => void dropped.push('started'), () => dropped.push('dropped'))
    await local.close({ handOver: false })
    local.hold(async () => void dropped.push('started after close'), () => dropped.push('dropped after close'))
    expect(dropped).toEqual(['dropped', 'dropped after close'])

    const handed: string[] = []
    const remote = createWarmUps()
    let accept = (): void => {}
    remote.hold(() => new Promise<void>((resolve) => (accept = () => (handed.push('accepted'), resolve()))), () => handed.push('dropped'))
    const closing = remote.close({ handOver: true }).then(() => handed.push('closed'))
    await turn()
    expect(handed).toEqual([])
    accept()
    await closing
    expect(handed).toEqual(['accepted', 'closed'])
  })

  it('in this process: the live server is asked after the index answer was given, once while it warms, and answers once it has', async () => {
    const events: string[] = []
    const { make, index, release, waiting } = standIns(events)
    const warmUps = createWarmUps()
    const backend = withAnswerSource(make, { source: 'auto', warm: true, index, warmUps })(config, 'typescript')
    const first = await warmUps.foreground(() => backend.query(request))
    events.push(`given from ${first.provenance?.source}`)
    await turn()
    expect(events).toEqual(['index findReferences', 'given from index', 'make typescript', 'live findReferences'])
    // While it warms: from the index, no second warm-up.
    expect((await warmUps.foreground(() => backend.query(request))).provenance?.source).toBe('index')
    await turn()
    expect(events.slice(4)).toEqual(['index findReferences'])
    release()
    await turn()
    const warm = backend.query(request)
    await turn()
    expect(waiting).toHaveLength(1)
    release()
    expect(await warm).toEqual(answer('live'))
    expect(events.slice(5)).toEqual(['live findReferences'])
  })

  it('in this process: a backend disposed before its warm-up\'s turn starts no server', async () => {
    const events: string[] = []
    const { make, index } = standIns(events)
    const warmUps = createWarmUps()
    const backend = withAnswerSource(make, { source: 'auto', warm: true, index, warmUps })(config, 'typescript')
    await backend.query(request)
    await backend.dispose()
    await turn()
    await turn()
    expect(events).toEqual(['index findReferences'])
  })
})
