import { describe, expect, it } from 'vitest'
import { malformedMessage } from './malformed.test-support.js'
import { normalizeHover, normalizeLocations } from './normalize.js'

const range = (sl: number, sc: number, el: number, ec: number) => ({ start: { line: sl, character: sc }, end: { line: el, character: ec } })

describe('normalizeLocations', () => {
  it('accepts Location, Location[] and null', () => {
    const a = { uri: 'file:///w/a.ts', range: range(1, 2, 1, 5) }
    expect(normalizeLocations(null, 'ts definition')).toEqual([])
    expect(normalizeLocations(a, 'ts definition')).toEqual([a])
    expect(normalizeLocations([], 'ts definition')).toEqual([])
  })

  it('takes targetSelectionRange from a LocationLink, not targetRange', () => {
    const link = {
      originSelectionRange: range(3, 27, 3, 32),
      targetUri: 'file:///w/src/audit.ts',
      targetRange: range(5, 2, 12, 3),
      targetSelectionRange: range(7, 2, 7, 7),
    }
    expect(normalizeLocations([link], 'ts definition')).toEqual([{ uri: 'file:///w/src/audit.ts', range: range(7, 2, 7, 7) }])
  })

  it('deduplicates, canonicalizes URIs and sorts by uri then position', () => {
    const raw = [
      { uri: 'file:///w/b.ts', range: range(4, 0, 4, 3) },
      { uri: 'file:///w/r%c3%a9f.ts', range: range(0, 0, 0, 1) },
      { uri: 'file:///w/b.ts', range: range(1, 9, 1, 12) },
      { uri: 'file:///w/b.ts', range: range(4, 0, 4, 3) },
      { uri: 'file:///w/a.ts', range: range(9, 0, 9, 1) },
    ]
    expect(normalizeLocations(raw, 'ts references').map((l) => `${l.uri}:${l.range.start.line}`)).toEqual([
      'file:///w/a.ts:9',
      'file:///w/b.ts:1',
      'file:///w/b.ts:4',
      'file:///w/r%C3%A9f.ts:0',
    ])
  })

  it('refuses malformed answers with a coded error naming the server and method', () => {
    expect(malformedMessage(() => normalizeLocations(42, 'ts textDocument/definition'))).toBe(
      'ts textDocument/definition answered a malformed result: expected Location or LocationLink, got 42',
    )
    expect(malformedMessage(() => normalizeLocations([{ uri: 5 }], 'x'))).toBe(
      'x answered a malformed result: expected Location or LocationLink, got {"uri":5}',
    )
    expect(malformedMessage(() => normalizeLocations([{ uri: 'file:///a', range: range(-1, 0, 0, 0) }], 'x'))).toContain(
      'expected Location or LocationLink',
    )
  })
})

describe('normalizeHover', () => {
  const cases: [string, unknown, string | null][] = [
    ['plain string', { contents: 'plain *markdown* text' }, 'plain *markdown* text'],
    ['{language, value}', { contents: { language: 'python', value: 'def f() -> int' } }, '```python\ndef f() -> int\n```'],
    [
      'array with an empty string',
      { contents: ['', { language: 'ts', value: 'const x: 1' }, 'Docs here.'] },
      '```ts\nconst x: 1\n```\n\nDocs here.',
    ],
    ['plaintext MarkupContent', { contents: { kind: 'plaintext', value: 'int x' } }, 'int x'],
    ['markdown MarkupContent with CJK', { contents: { kind: 'markdown', value: '**価格** を計算する' } }, '**価格** を計算する'],
    ['empty array', { contents: [] }, null],
    ['empty string', { contents: '' }, null],
    ['null', null, null],
    ['empty markdown', { contents: { kind: 'markdown', value: '  \n' } }, null],
  ]
  for (const [name, raw, expected] of cases) {
    it(`renders ${name}`, () => {
      expect(normalizeHover(raw, 'x')?.contents ?? null).toBe(expected)
    })
  }

  it('keeps the range', () => {
    expect(normalizeHover({ contents: 'x', range: range(1, 2, 1, 4) }, 'x')).toEqual({ contents: 'x', range: range(1, 2, 1, 4) })
  })

  it('refuses shapes that are not hover content', () => {
    expect(malformedMessage(() => normalizeHover({ contents: 42 }, 'py textDocument/hover'))).toBe(
      'py textDocument/hover answered a malformed result: hover contents is not MarkupContent or MarkedString: 42',
    )
    expect(malformedMessage(() => normalizeHover('text', 'x'))).toBe('x answered a malformed result: expected Hover, got "text"')
  })
})
