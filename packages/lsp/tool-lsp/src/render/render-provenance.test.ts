import { describe, expect, it } from 'vitest'
import { provenanceLine } from './render-provenance.js'

describe('provenanceLine', () => {
  const provenance = { source: 'index', index: '/work/app/.agent-lsp/index.scip', builtAt: '2026-12-01T09:30:00.000Z', revision: '85475a5', staleUris: [] } as const

  it('names the index relative to the root, when it was built and from what', () => {
    expect(provenanceLine(provenance, '/work/app')).toBe('From index .agent-lsp/index.scip, built 2026-12-01T09:30:00.000Z at 85475a5')
    expect(provenanceLine({ ...provenance, index: '/ci/app.scip' }, '/work/app')).toBe('From index /ci/app.scip, built 2026-12-01T09:30:00.000Z at 85475a5')
    expect(provenanceLine({ ...provenance, partly: true }, '/work/app')).toBe('Partly from index .agent-lsp/index.scip, built 2026-12-01T09:30:00.000Z at 85475a5 (the other servers asked answered live)')
  })

  it('lists the files of the answer that changed since the build', () => {
    const stale = { ...provenance, staleUris: ['file:///work/app/src/a.ts', 'file:///work/app/src/b%20c.ts'] }
    expect(provenanceLine(stale, '/work/app')).toBe('From index .agent-lsp/index.scip, built 2026-12-01T09:30:00.000Z at 85475a5; changed since (rows there may have moved): src/a.ts, src/b c.ts')
  })
})
