import type { Slice } from './layout.js'

/** The bytes protobuf writes for a string field's value: its length (a varint), then its UTF-8. */
interface Needle {
  readonly text: Buffer
  readonly length: readonly number[]
}

function varint(value: number): number[] {
  const out: number[] = []
  let rest = value
  while (rest > 0x7f) {
    out.push((rest & 0x7f) | 0x80)
    rest >>>= 7
  }
  out.push(rest)
  return out
}

/**
 * The needle of a string, or `undefined` when bytes cannot say where it is: it holds U+FFFD, which
 * stands for bytes that were not UTF-8 when decoded leniently (see `load.ts`).
 */
function needleOf(text: string): Needle | undefined {
  if (text.includes('\uFFFD')) return undefined
  const bytes = Buffer.from(text, 'utf8')
  return { text: bytes, length: varint(bytes.length) }
}

/** The next place at or after `from`, below `end`, where the needle's UTF-8 follows its own length. */
function nextHit(bytes: Buffer, needle: Needle, from: number, start: number, end: number): number {
  let at = from
  for (;;) {
    at = bytes.indexOf(needle.text, at)
    if (at < 0 || at + needle.text.length > end) return -1
    const framed = at - needle.length.length >= start && needle.length.every((byte, i) => bytes[at - needle.length.length + i] === byte)
    if (framed) return at
    at += 1
  }
}

/**
 * The indices of the slices (sorted, not overlapping) whose bytes may hold `text` as a whole
 * protobuf string field: where its UTF-8 follows its own length. Every slice holding such a field
 * is among them; a few more may be (the same bytes ending a longer string, a document's text),
 * which decoding then finds empty-handed. `undefined` when the bytes cannot say (see `needleOf`).
 */
export function slicesMentioning(bytes: Buffer, slices: readonly Slice[], text: string): number[] | undefined {
  const needle = needleOf(text)
  if (needle === undefined) return undefined
  const found: number[] = []
  let from = slices[0]?.start ?? bytes.length
  const last = slices.at(-1)?.end ?? 0
  while (from < last) {
    const at = nextHit(bytes, needle, from, 0, last)
    if (at < 0) break
    const slice = sliceAt(slices, at)
    const inside = slice !== undefined && at - needle.length.length >= slices[slice]!.start && at + needle.text.length <= slices[slice]!.end
    if (!inside) {
      from = at + 1
      continue
    }
    found.push(slice)
    from = slices[slice]!.end
  }
  return found
}

/** The places in `slice` where `text` may be a whole string field (see {@link slicesMentioning}); `undefined` as there. */
export function hitsIn(bytes: Buffer, slice: Slice, text: string): number[] | undefined {
  const needle = needleOf(text)
  if (needle === undefined) return undefined
  const hits: number[] = []
  for (let at = nextHit(bytes, needle, slice.start, slice.start, slice.end); at >= 0; at = nextHit(bytes, needle, at + 1, slice.start, slice.end)) hits.push(at)
  return hits
}

/**
 * The indices of the slices (sorted, not overlapping) holding a needle of `length` bytes anywhere:
 * `find(from)` is where it next is at or after byte `from`, or -1 (`Buffer#indexOf`, or a one-byte
 * string's `indexOf`, whose offsets are the bytes').
 */
export function slicesHolding(slices: readonly Slice[], length: number, find: (from: number) => number): number[] {
  const found: number[] = []
  let from = slices[0]?.start ?? 0
  for (let at = find(from); at >= 0; at = find(from)) {
    const slice = sliceAt(slices, at)
    if (slice !== undefined && at + length <= slices[slice]!.end) {
      found.push(slice)
      from = slices[slice]!.end
    } else from = at + 1
  }
  return found
}

/**
 * The bytes as a Latin-1 string in lower case: ASCII capitals made small at the same offsets.
 * Bytes from 0x80 change too (Latin-1's capitals), but stay above 0x7F, so an ASCII needle is
 * found where it is in the ASCII-lowered bytes and nowhere else. 126 ms for effect's 50 MB index
 * (a byte loop: 363 ms).
 */
export function asciiLowered(bytes: Buffer): string {
  return bytes.toString('latin1').toLowerCase()
}

/** The index of the slice containing byte `at`, by binary search. */
export function sliceAt(slices: readonly Slice[], at: number): number | undefined {
  let low = 0
  let high = slices.length - 1
  while (low <= high) {
    const middle = (low + high) >>> 1
    const slice = slices[middle]!
    if (at < slice.start) high = middle - 1
    else if (at >= slice.end) low = middle + 1
    else return middle
  }
  return undefined
}
