import { describe, expect, it } from 'vitest'
import type { LexicalFamily } from '@agent-lsp/lexical'
import type { Texts } from '../search/texts.js'
import { declaredAt, isCallAt } from './call-site.js'

/** Whether `price` on `line` (its first occurrence) is called there. */
const called = (line: string, family?: LexicalFamily): boolean => {
  const start = line.indexOf('price')
  return isCallAt(line, start, start + 'price'.length, family)
}

describe('isCallAt', () => {
  it('tells calls from the other places a name leads to its function', () => {
    expect(['price(3)', 'a.price (3)', 'a?.price?.(3)', 'price<number>(3)', 'price`x`', 'price.call(null, 3)', '@price', 'new price()'].map((line) => called(line))).toEqual([true, true, true, true, true, true, true, true])
    expect(['import { price } from "./a"', 'export { price } from "./a"', 'type P = typeof price', 'list.map(price)', 'const f = price', 'price < limit', 'price.bind(null)', 'price < a && b > (c)'].map((line) => called(line))).toEqual([false, false, false, false, false, false, false, false])
  })

  it("reads a call by its file's language: `?.(`, type arguments, templates and `.call(` are JavaScript's, type arguments C++'s too", () => {
    const javascript = ['price?.(3)', 'price<number>(3)', 'price?.<T>(3)', 'price`x`', 'price.call(null)', '@price', 'price (3)']
    expect(javascript.map((line) => called(line, 'javascript'))).toEqual([true, true, true, true, true, true, true])
    // Type arguments balanced: a generic call, not its type argument.
    expect(['price<Array<number>>([1])', 'price<Map<K, Set<V>>>(m)', 'gen<price<number>>([1])', 'new Map<K, price<T>>()'].map((line) => called(line, 'javascript'))).toEqual([true, true, false, false])
    // A member by its string key, the quotes in the place (tsserver's range) or not.
    expect(['s["price"]()', "s['price']?.()", 's[price]()', 's["price"]'].map((line) => called(line, 'javascript'))).toEqual([true, true, false, false])
    expect([isCallAt('s["price"]()', 2, 9, 'javascript'), isCallAt('s["price"]', 2, 9, 'javascript')]).toEqual([true, false])
    expect(['price<int>(3)', 'price(3)', 'price < a && b > (c)', 'price.call(3)', '@price'].map((line) => called(line, 'c'))).toEqual([true, true, false, false, false])
    // Python: a comparison chain, a method named `call`, a decorator; `@price.setter` applies `setter`.
    expect(['price < a and b > (c)', 'price.call(3)', '@price', '@price.setter', 'price(3)'].map((line) => called(line, 'python'))).toEqual([false, false, true, false, true])
    // Go: a struct field's tag follows its type; a generic call's type arguments are bracketed.
    expect(['price `json:"n"`', 'price[int, string](3)', 'price[i]', 'price(3)'].map((line) => called(line, 'go'))).toEqual([false, true, false, true])
  })
})

describe('declaredAt', () => {
  it("tells a C function's declaration from its calls: a type before its name, on its line or the one above", () => {
    const file = ['int', 'main (int argc, char **argv)', '{', '  static void werror(const char *fmt, ...);', '  werror("x");', '  return werror("y");', '  else', '    werror("z");', '  n = werror("w");', '}']
    const texts = { lines: () => file } as unknown as Texts
    const at = (line: number) => ({ uri: 'file:///w/a.c', range: { start: { line, character: file[line]!.search(/main|werror/) }, end: { line, character: 0 } } })
    expect([1, 3, 4, 5, 7, 8].map((line) => declaredAt(texts, at(line)))).toEqual([true, true, false, false, false, false])
    // Not by a type outside C and C++: `werror("x");` in a JavaScript file is a call.
    expect(declaredAt(texts, { ...at(4), uri: 'file:///w/a.js' })).toBe(false)
  })

  it("tells a JavaScript method's head from a call: parameters, a return type, then its body", () => {
    const file = ['const unit = {', '  area() {', '  area(): { w: number } {', '  area(): () => void {', '  async load<T>(', '    key: T,', '  ): Promise<T> {', '  return area() + 1', '  if (area()) {', '  run(area(() => {', '  area()', '  {']
    const texts = { lines: () => file } as unknown as Texts
    const at = (line: number) => ({ uri: 'file:///w/a.ts', range: { start: { line, character: file[line]!.search(/area|load/) }, end: { line, character: file[line]!.search(/area|load/) + (file[line]!.includes('load') ? 4 : 4) } } })
    expect([1, 2, 3, 4, 7, 8, 9, 10].map((line) => declaredAt(texts, at(line)))).toEqual([true, true, true, true, false, false, false, false])
    // A type member's signature (the fifteenth trial: `run` of `type Cb = { run(a: number): void }` named as a call); not a ternary's call.
    const members = ['type Cb = { run(a: number): void }', '  readonly run(a: T): void;', 'const v = c ? run(1) : 2', 'x = { k: run(1) }']
    const memberTexts = { lines: () => members } as unknown as Texts
    const member = (line: number) => ({ uri: 'file:///w/a.ts', range: { start: { line, character: members[line]!.indexOf('run') }, end: { line, character: members[line]!.indexOf('run') + 3 } } })
    expect([0, 1, 2, 3].map((line) => declaredAt(memberTexts, member(line)))).toEqual([true, true, false, false])
  })
})
