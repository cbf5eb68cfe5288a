import { describe, expect, it } from 'vitest'
import { invalidUtf8 } from './invalid-utf8.js'

const latin1 = (text: string): Buffer => Buffer.from(text, 'latin1')

describe('invalidUtf8', () => {
  it('is undefined for UTF-8, a written U+FFFD, emoji and a byte order mark included', () => {
    expect(invalidUtf8(Buffer.from('\ufeffé 🎉 \ufffd\n'))).toBeUndefined()
  })

  it('names the first byte UTF-8 does not allow, at its 1-based line (LSP lines) and code-point column', () => {
    expect(invalidUtf8(latin1('# coding: latin-1\r\ntarget = 1\ns = "caf\xe9"\n'))).toEqual({ byte: '0xE9', at: '3:9' })
    // After a written U+FFFD and an emoji (two UTF-16 units, one column), on a line after a lone CR.
    expect(invalidUtf8(Buffer.concat([Buffer.from('a\r\ufffd🎉'), latin1('\xff')]))).toEqual({ byte: '0xFF', at: '2:3' })
    // A byte order mark is no column.
    expect(invalidUtf8(Buffer.concat([Buffer.from('\ufeffab'), latin1('\x80')]))).toEqual({ byte: '0x80', at: '1:3' })
  })

  it('finds a sequence cut short at the end, an overlong form and an encoded surrogate', () => {
    expect(invalidUtf8(Buffer.from([0x61, 0xe2, 0x82]))).toEqual({ byte: '0xE2', at: '1:2' })
    expect(invalidUtf8(Buffer.from([0x61, 0x62, 0xc0, 0xaf]))).toEqual({ byte: '0xC0', at: '1:3' })
    expect(invalidUtf8(Buffer.from([0xed, 0xa0, 0x80]))).toEqual({ byte: '0xED', at: '1:1' })
  })
})
