import { LspError, type LspLocation, type LspLocationsResult } from '@agent-lsp/lsp'
import { describe, expect, it } from 'vitest'
import { implementationsTransitively, MAX_IMPLEMENTATION_ASKS } from './implementation-transitive.js'

const at = (file: string, line: number): LspLocation => ({ uri: `file:///w/${file}`, range: { start: { line, character: 0 }, end: { line, character: 1 } } })
const answer = (locations: LspLocation[]): LspLocationsResult => ({ kind: 'locations', locations, resolvedWorkspaceRoot: '/w', completeness: { state: 'complete' } })

describe('implementationsTransitively', () => {
  it('asks each implementation once, lists a place outside the workspace without following it', async () => {
    const below: Record<string, LspLocation[]> = { 'a.h:1': [at('a.h', 5), at('b.h', 2)], 'a.h:5': [at('b.h', 2)], 'b.h:2': [] }
    const asked: string[] = []
    const result = await implementationsTransitively(answer([at('a.h', 1), { uri: 'file:///usr/include/x.h', range: at('x', 3).range }]), async (filePath, position) => {
      asked.push(`${filePath}:${position.line}`)
      if (filePath.startsWith('/usr')) throw new LspError('LSP_OUTSIDE_WORKSPACE', 'outside')
      return answer(below[`${filePath.slice(3)}:${position.line}`]!)
    }, undefined)
    expect(asked).toEqual(['/w/a.h:1', '/usr/include/x.h:3', '/w/a.h:5', '/w/b.h:2'])
    expect(result.locations.map((location) => `${location.uri}:${location.range.start.line}`)).toEqual(['file:///usr/include/x.h:3', 'file:///w/a.h:1', 'file:///w/a.h:5', 'file:///w/b.h:2'])
    expect(result.completeness).toEqual({ state: 'complete' })
  })

  it('past its bound of asks, says how many implementations were not followed', async () => {
    let next = 0
    const result = await implementationsTransitively(answer([at('a.h', 0)]), async () => answer([at('a.h', ++next), at('a.h', ++next)]), undefined)
    expect(result.locations).toHaveLength(1 + 2 * MAX_IMPLEMENTATION_ASKS)
    expect(result.completeness).toEqual({
      state: 'partial',
      reason: 'unchecked',
      message: `the server lists direct implementations only, and ${1 + MAX_IMPLEMENTATION_ASKS} implementations were not asked for their own (at most ${MAX_IMPLEMENTATION_ASKS} are asked): deeper ones may be missing`,
    })
  })
})
