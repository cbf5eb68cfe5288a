// A server that wedges forever when any of its requests is refused, or a configuration answer has
// the wrong shape, must still answer: the host answers every server request properly.
import { pathToFileURL } from 'node:url'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { fakeProvider, workspace } from './fake.test-support.js'

describe('wedged by a refused request', () => {
  it('answers definition at once (not at a request timeout), the server requests answered as it needs', async () => {
    const root = workspace({ 'a.ts': 'const a = 1\nconst b = a\n' })
    const uri = pathToFileURL(join(root, 'a.ts')).href
    const target = { uri, range: { start: { line: 0, character: 6 }, end: { line: 0, character: 7 } } }
    const fake = fakeProvider(root, {
      wedgeOnRefusal: true,
      definition: [target],
      serverRequests: [
        { method: 'client/registerCapability', params: { registrations: [{ id: 'cfg', method: 'workspace/didChangeConfiguration' }] } },
        // Not announced by any capability of the server, sent all the same.
        { method: 'window/workDoneProgress/create', params: { token: 'unannounced' } },
        { method: 'workspace/configuration', params: { items: [{ section: 'fake' }, { section: 'fake.format' }] } },
      ],
    })
    const started = performance.now()
    const result = await fake.query('goToDefinition', { line: 1, character: 10 })
    // Wedged, it would answer nothing until the request bound; the margin is for a loaded machine.
    expect(performance.now() - started).toBeLessThan(10_000)
    expect(result).toEqual({ kind: 'locations', locations: [target], resolvedWorkspaceRoot: root, completeness: { state: 'complete' } })
    const replies = (await fake.log()).flatMap((entry) => (entry.direction === 'reply' ? [[entry.method, entry.error ?? entry.result]] : []))
    expect(replies).toEqual([
      ['client/registerCapability', null],
      ['window/workDoneProgress/create', null],
      ['workspace/configuration', [null, null]],
    ])
  })
})
