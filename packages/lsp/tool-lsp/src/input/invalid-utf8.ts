import { isUtf8 } from 'node:buffer'
import { splitLines } from '@agent-lsp/text-lines'

/** The first byte of a file that is not UTF-8, and where an editor shows it. */
export interface InvalidUtf8 {
  /** The byte, `0xE9`. */
  readonly byte: string
  /** 1-based line (LSP lines) and column (code points), `3:9`. */
  readonly at: string
}

/**
 * Where `bytes` stop being UTF-8 (RFC 3629: a byte no sequence allows, a sequence cut short, an
 * overlong form, a surrogate), or `undefined` when they are UTF-8. Found in one pass by `isUtf8`;
 * only a file that fails it is walked: decoded leniently, each code point is matched against its
 * bytes, and the first U+FFFD that the bytes do not spell (EF BF BD) is where decoding gave up.
 */
export function invalidUtf8(bytes: Uint8Array): InvalidUtf8 | undefined {
  if (isUtf8(bytes)) return undefined
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')
  let offset = 0
  let units = 0
  for (const char of text) {
    const code = char.codePointAt(0)!
    if (code === 0xfffd && !(bytes[offset] === 0xef && bytes[offset + 1] === 0xbf && bytes[offset + 2] === 0xbd)) {
      const lines = splitLines(text.slice(0, units))
      // A leading byte order mark is no column an editor shows.
      const column = [...lines[lines.length - 1]!].length + 1 - (lines.length === 1 && text.startsWith('\ufeff') ? 1 : 0)
      return { byte: `0x${bytes[offset]!.toString(16).toUpperCase().padStart(2, '0')}`, at: `${lines.length}:${column}` }
    }
    offset += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4
    units += char.length
  }
  // isUtf8 and the decoder disagree only if one of them is wrong: name the end.
  return { byte: 'none', at: 'the end' }
}
