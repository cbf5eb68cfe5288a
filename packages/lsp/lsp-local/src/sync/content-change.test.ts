// What a document's change is sent as to a server that takes incremental changes (LSP 3.17
// §TextDocumentContentChangeEvent): the one range that differs, never the whole text. A 10 MB file
// re-sent whole after `sed -i '1i // x'` kept tsserver re-parsing for minutes (its whole-range
// `change` of 10 MB); the range of the inserted line is answered in about a second.
import { describe, expect, it } from 'vitest'
import { changeToSend, contentChange } from './content-change.js'

const at = (line: number, character: number) => ({ line, character })

describe('contentChange', () => {
  it('is the inserted line at the top, as an empty range at 0:0', () => {
    expect(contentChange('a\nb\n', '// x\na\nb\n')).toEqual({ range: { start: at(0, 0), end: at(0, 0) }, text: '// x\n' })
  })

  it('is the one word replaced inside a line, at its UTF-16 columns', () => {
    expect(contentChange('const a = 1\nconst 名 = a\n', 'const a = 1\nconst 名 = b\n')).toEqual({ range: { start: at(1, 10), end: at(1, 11) }, text: 'b' })
  })

  it('is a deletion at the end as an empty text', () => {
    expect(contentChange('a\nb\nc', 'a\nb')).toEqual({ range: { start: at(1, 1), end: at(2, 1) }, text: '' })
  })

  it('counts \\r\\n and \\r as one line break each, and never splits \\r\\n', () => {
    // The common prefix ends after a \r and the common suffix starts at a \n: the range takes both.
    expect(contentChange('a\r\nb\rc', 'a\r\r\nb\rc')).toEqual({ range: { start: at(0, 1), end: at(1, 0) }, text: '\r\r\n' })
    expect(contentChange('a\r\nb\rc\r\nd', 'a\r\nb\rc\r\nD')).toEqual({ range: { start: at(3, 0), end: at(3, 1) }, text: 'D' })
  })

  it('never splits a surrogate pair', () => {
    // 😀 is \ud83d\ude00, 😁 is \ud83d\ude01: they share their first unit.
    expect(contentChange('x😀y', 'x😁y')).toEqual({ range: { start: at(0, 1), end: at(0, 3) }, text: '😁' })
  })

  it('is the whole new text over the whole old range when nothing is shared', () => {
    expect(contentChange('ab\ncd', 'xy')).toEqual({ range: { start: at(0, 0), end: at(1, 2) }, text: 'xy' })
  })
})

describe('changeToSend', () => {
  const incremental = { textDocumentSync: 2 as const }
  it('is the one range to a server that takes incremental changes', () => {
    expect(changeToSend('a\nb = 1\n', 'a\nb = 2\n', incremental)).toEqual({ range: { start: at(1, 4), end: at(1, 5) }, text: '2' })
  })

  it("is a reopen when the old text has a line break servers count differently (a lone CR, U+2028, U+2029): a range, even the whole text's, would land elsewhere", () => {
    // gopls counts only \n: the range 5:18 of the client's lines is past the end of its line 4.
    const go = 'package main\n\nvar target = 1\n\n// note\rmore\nfunc main() { _ = target }\n'
    expect(changeToSend(go, go.replaceAll('target', 'tgt'), incremental)).toBe('reopen')
    const ts = 'export const target = 1\nconst s = "a\u2028b"; const v = target\n'
    expect(changeToSend(ts, ts.replace('v = target', 'v = zzz'), incremental)).toBe('reopen')
    expect(changeToSend('a\u2029b', 'a\u2029c', { textDocumentSync: 1 })).toBe('reopen')
    expect(changeToSend('a\r\nb', 'a\r\nc', { textDocumentSync: 1 })).toEqual({ text: 'a\r\nc' })
  })
})
