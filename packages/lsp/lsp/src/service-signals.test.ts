// The signal a provider is given: its query's own, linked to the caller's, so that many queries at
// once on one caller's signal leave one listener on it (Node warns past 10 on one signal).
import { getEventListeners } from 'node:events'
import { describe, expect, it } from 'vitest'
import { createLspService, lspProviderId, type LspQueryResult } from './index.js'

const root = '/work/app'

describe('the signal a provider query gets', () => {
  it('is its own, aborted with the caller\'s reason, and 20 queries at once hold one listener on the caller\'s', async () => {
    const lsp = createLspService()
    const given: AbortSignal[] = []
    const answers: (() => void)[] = []
    lsp.registerProvider({
      id: lspProviderId('held'),
      extensionToLanguage: { '.ts': 'typescript' },
      query(_request, signal) {
        given.push(signal!)
        // Three listeners per query, as a provider waiting on start, readiness and its request holds.
        for (let i = 0; i < 3; i++) signal!.addEventListener('abort', () => {}, { once: true })
        return new Promise<LspQueryResult>((resolve) => answers.push(() => resolve({ kind: 'locations', locations: [], resolvedWorkspaceRoot: root, completeness: { state: 'complete' } })))
      },
    })
    const caller = new AbortController()
    const query = (line: number) => lsp.query({ operation: 'goToDefinition', filePath: `${root}/f${line}.ts`, position: { line, character: 0 }, workspaceRoot: root }, caller.signal)

    const first = Array.from({ length: 20 }, (_, line) => query(line))
    expect(given).toHaveLength(20)
    expect(new Set(given).size).toBe(20)
    expect(given.every((signal) => signal !== caller.signal && getEventListeners(signal, 'abort').length === 3)).toBe(true)
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(1)
    for (const answer of answers.splice(0)) answer()
    await Promise.all(first)
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0)

    const second = [query(0), query(1)]
    const reason = new Error('stop')
    caller.abort(reason)
    expect(given.slice(20).map((signal) => signal.reason)).toEqual([reason, reason])
    for (const answer of answers.splice(0)) answer()
    await Promise.all(second)
  })
})
