import { describe, expect, it } from 'vitest'
import { isKeywordUse, languageOfExtension, type KeywordLanguage } from './index.js'

/** Whether the first `word` of `line` is used as a keyword of `language` there. */
const keywordIn = (language: KeywordLanguage | undefined, line: string, word: string, from = 0): boolean => {
  const start = line.indexOf(word, from)
  return isKeywordUse(line, start, start + word.length, language)
}

describe('keywords where they stand', () => {
  it('tells TypeScript keywords from members and names spelled the same', () => {
    const ts = (line: string, word: string, from?: number) => keywordIn('javascript', line, word, from)
    expect([ts('type Ev = { kind: string }', 'type'), ts("import type { A } from './a'", 'type'), ts("import type { A } from './a'", 'from')]).toEqual([true, true, true])
    expect([ts('export interface Ev { type: string; get: number }', 'type'), ts('  type?: string', 'type'), ts("console.log(e.type + '!')", 'type'), ts('const { type } = e', 'type')]).toEqual([false, false, false, false])
    expect([ts('store.delete(key)', 'delete'), ts('  delete(key: string) {', 'delete'), ts('delete cache[key]', 'delete'), ts('Array.from(xs)', 'from'), ts('from(xs).pipe(map(f))', 'from')]).toEqual([false, false, true, false, false])
    // The sixth trial: the operator before a parenthesis, and an accessor's `get`.
    expect([ts('delete (globalThis as any).flag', 'delete'), ts('  get size(): number {', 'get'), ts('  get(k: string): number {', 'get'), ts("c.get('b')", 'get'), ts('const get = make()', 'get')]).toEqual([true, true, false, false, false])
    expect([ts('if (ready) go()', 'if'), ts('const run = async () => 1', 'async'), ts('async function main() {}', 'async'), ts('for (const k in obj) {}', 'in'), ts('x.in = 1', 'in')]).toEqual([true, true, true, true, false])
    expect([ts('} else', 'else'), ts('  return', 'return'), ts('let type = 1', 'type'), ts('const x = type', 'type', 6)]).toEqual([true, true, false, false])
    expect([ts('this.total()', 'this'), ts('return null', 'null'), ts('const o = { null: 1 }', 'null'), ts('api.this', 'this')]).toEqual([true, true, false, false])
  })

  it("keeps Python's hard keywords, and tells its soft ones and self by their use", () => {
    const py = (line: string, word: string) => keywordIn('python', line, word)
    expect([py('from a import b', 'from'), py('    else:', 'else'), py('x = y if z else w', 'if')]).toEqual([true, true, true])
    expect([py('match (a, b):', 'match'), py('match command:', 'match'), py('m = re.match(p, s)', 'match'), py('match(p, s)', 'match'), py('    type: str', 'type'), py('t = type(x)', 'type')]).toEqual([true, true, false, false, false, false])
    expect([py('    def run(self, x):', 'self'), py('        self.type = "click"', 'self'), py('        self.type = "click"', 'type')]).toEqual([true, true, false])
  })

  it("never takes a word for a keyword of another language: C's `in` and `new` are names", () => {
    expect([keywordIn('c', '#define NEXT() (have == 0 ? in(indp, &next) : 0)', 'in'), keywordIn('c', 'int new = 1;', 'new'), keywordIn('c', 'int new = 1;', 'int')]).toEqual([false, false, true])
    expect([keywordIn('cpp', 'auto p = new Box();', 'new'), keywordIn('go', 'type T struct{}', 'type'), keywordIn('shell', 'for f in *.sh; do', 'in'), keywordIn(undefined, 'for f in x', 'for')]).toEqual([true, true, true, false])
  })

  it('knows a language by its extension', () => {
    expect(['.ts', '.mjs', '.py', '.c', '.h', '.hpp', '.go', '.rs', '.java', '.bash', '.kt', ''].map(languageOfExtension)).toEqual([
      'javascript', 'javascript', 'python', 'c', 'c', 'cpp', 'go', 'rust', 'java', 'shell', undefined, undefined,
    ])
  })
})
