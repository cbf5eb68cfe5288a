import { describe, expect, it } from 'vitest'
import { identifierAt, isName, symbolName } from './name.js'

describe('names', () => {
  it('takes the identifier at or just after the cursor, never one used as a keyword there', () => {
    expect(identifierAt('  cart.addItem(x)', 7, 'javascript')).toBe('addItem')
    expect(identifierAt('  cart.addItem(x)', 14, 'javascript')).toBe('addItem')
    expect(identifierAt('const shapes = 1', 2, 'javascript')).toBeUndefined()
    expect(identifierAt('a + b', 2, 'javascript')).toBeUndefined()
    expect([identifierAt("log('type=' + e.type)", 17, 'javascript'), identifierAt('type T = string', 1, 'javascript'), identifierAt('  in(d, &b)', 2, 'c')]).toEqual(['type', undefined, 'in'])
    // A server's place spelled like a keyword names a symbol.
    expect([isName('$store'), isName('_x1'), isName('1x'), isName('type'), isName('in')]).toEqual([true, true, false, true, true])
  })

  it("prefers the text of the answer's place at the cursor, then the definitions, then the word", () => {
    const lines = new Map([
      ['file:///a.ts', ['const shapes = make()', 'shapes.push(1)']],
      ['file:///b.ts', ['export function make() {}']],
    ])
    const linesOf = (uri: string) => lines.get(uri)
    const place = (uri: string, line: number, start: number, end: number) => ({ uri, range: { start: { line, character: start }, end: { line, character: end } } })
    const cursor = { uri: 'file:///a.ts', position: { line: 0, character: 1 } }
    expect(symbolName([place('file:///a.ts', 0, 6, 12)], cursor, linesOf, 'javascript')).toBe('shapes')
    expect(symbolName([place('file:///b.ts', 0, 16, 20)], { uri: 'file:///a.ts', position: { line: 0, character: 16 } }, linesOf, 'javascript')).toBe('make')
    expect(symbolName([], { uri: 'file:///a.ts', position: { line: 1, character: 2 } }, linesOf, 'javascript')).toBe('shapes')
    expect(symbolName([], cursor, linesOf, 'javascript')).toBeUndefined()
  })

  it("takes no keyword for a name: clangd places C++'s operator+ at `operator`, which names no symbol to search for", () => {
    const linesOf = () => ['V operator+(V a, V b) {']
    const atKeyword = { uri: 'file:///v.cpp', range: { start: { line: 0, character: 2 }, end: { line: 0, character: 10 } } }
    expect(symbolName([atKeyword], { uri: 'file:///v.cpp', position: { line: 0, character: 3 } }, linesOf, 'cpp')).toBeUndefined()
    // In C, `operator` is a name.
    expect(symbolName([atKeyword], { uri: 'file:///v.c', position: { line: 0, character: 3 } }, linesOf, 'c')).toBe('operator')
  })
})
