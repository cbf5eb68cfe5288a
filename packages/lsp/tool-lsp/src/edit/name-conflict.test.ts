import { describe, expect, it } from 'vitest'
import { definitionProbes, MAX_DEFINITION_PROBES, placesText, type RenameBinding, type Site } from './name-conflict.js'

const site = (path: string, line: number): Site => ({ path, position: { line, character: 4 } })

describe('the renamed references asked goToDefinition', () => {
  it('are each file\'s first before any file\'s second, in the references\' order, at most MAX_DEFINITION_PROBES', () => {
    // 200 references in a.ts, then one in each of 100 other files: every file keeps one.
    const expected = [...Array.from({ length: 200 }, (_, line) => site('/w/a.ts', line)), ...Array.from({ length: 100 }, (_, index) => site(`/w/f${index}.ts`, 0))]
    const binding: RenameBinding = { at: expected[0]!, expected, unlisted: [], written: expected, names: { old: 'total', new: 'count' } }
    const probes = definitionProbes(binding)
    expect(probes).toHaveLength(MAX_DEFINITION_PROBES)
    expect(new Set(probes.map((probe) => probe.path)).size).toBe(101)
    expect(probes.filter((probe) => probe.path === '/w/a.ts').map((probe) => probe.position.line)).toEqual(Array.from({ length: MAX_DEFINITION_PROBES - 100 }, (_, line) => line))
    expect(probes.slice(-100)).toEqual(expected.slice(200))
  })
})

describe('places in a conflict\'s sentence', () => {
  it('are path:line:col with 1-based code-point columns, the first max of them', () => {
    // "const 🙂 = fmt": fmt at UTF-16 character 11, code-point column 11 (the emoji is one code point, two units).
    const lines = new Map([['/w/src/b.ts', ['x', 'const 🙂 = fmt']]])
    const sites = [{ path: '/w/src/b.ts', position: { line: 1, character: 11 } }, { path: '/w/src/c.ts', position: { line: 0, character: 4 } }]
    expect(placesText(sites, (file) => lines.get(file), '/w', 3)).toBe('src/b.ts:2:11, src/c.ts:1:5')
    expect(placesText(sites, (file) => lines.get(file), '/w', 1)).toBe('src/b.ts:2:11, …')
  })
})
