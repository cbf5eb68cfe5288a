import { describe, expect, it } from 'vitest'
import { checkResultShape } from './conformance-shapes.js'

describe('checkResultShape: provenance', () => {
  const expected = { operation: 'findReferences', kind: 'locations', resolvedWorkspaceRoot: '/w' }
  const provenance = { source: 'index', index: '/w/.agent-lsp/index.scip', builtAt: '2026-12-01T09:30:00.000Z', revision: 'abc', staleUris: ['file:///w/a.ts', 'file:///w/b.ts'] }
  const answer = (extra: object) => ({ kind: 'locations', locations: [], resolvedWorkspaceRoot: '/w', completeness: { state: 'complete' }, ...extra })

  it('accepts an answer without provenance, and one from an index with its fields', () => {
    expect(checkResultShape(answer({}), expected)).toBe(0)
    expect(checkResultShape(answer({ provenance }), expected)).toBe(0)
    expect(checkResultShape(answer({ completeness: { state: 'partial', reason: 'stale', message: 'a.ts changed' }, provenance }), expected)).toBe(0)
  })

  it('refuses a provenance with a foreign field, a time not in ISO 8601 UTC, or unsorted stale URIs', () => {
    expect(() => checkResultShape(answer({ provenance: { ...provenance, extra: 1 } }), expected)).toThrow('findReferences result.provenance.extra is not a field of the seam')
    expect(() => checkResultShape(answer({ provenance: { ...provenance, builtAt: '1 Dec 2026' } }), expected)).toThrow('findReferences result.provenance.builtAt must be an ISO 8601 UTC time (toISOString)')
    expect(() => checkResultShape(answer({ provenance: { ...provenance, staleUris: ['file:///w/b.ts', 'file:///w/a.ts'] } }), expected)).toThrow('findReferences result.provenance.staleUris[1] must be sorted and distinct')
    expect(() => checkResultShape(answer({ provenance: undefined }), expected)).toThrow('findReferences result.provenance must be absent rather than undefined')
  })
})
