// What a document's change is sent as to a server that takes incremental changes (LSP 3.17
// §TextDocumentContentChangeEvent): the one range that differs, never the whole text. A 10 MB file
// re-sent whole after `sed -i '1i // x'` kept tsserver re-parsing for minutes (its whole-range
// `change` of 10 MB); the range of the inserted line is answered in about a second.
import { describe, expect, it } from 'vitest'
import { contentChange } from './content-change.js'

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
