/** A field of a protobuf message as it lies in the bytes, its value not decoded. */
export interface WireField {
  readonly field: number
  /** 0 varint, 1 fixed 64-bit, 2 length-delimited, 5 fixed 32-bit. */
  readonly wireType: number
  /** Where its value lies (for a length-delimited field, after its length). */
  readonly start: number
  readonly end: number
  /** A varint field's value (below 2^53; larger ones are imprecise), else 0. */
  readonly varint: number
}

/**
 * Visit the top-level fields of the message in `bytes[start, end)`, in order, without decoding
 * their values: a scan by tags and length prefixes (protobuf's encoding, see
 * https://protobuf.dev/programming-guides/encoding/). Groups (wire types 3 and 4, unused by SCIP)
 * are refused.
 * @throws RangeError for framing that is not protobuf (a value past `end`, a bad wire type).
 */
export function scanFields(bytes: Uint8Array, start: number, end: number, visit: (field: WireField) => void): void {
  let pos = start
  const varint = (): number => {
    let value = 0
    let scale = 1
    for (let i = 0; i < 10; i++) {
      if (pos >= end) throw new RangeError(`a varint runs past byte ${end}`)
      const byte = bytes[pos++]!
      value += (byte & 0x7f) * scale
      if (byte < 0x80) return value
      scale *= 128
    }
    throw new RangeError(`a varint at byte ${pos - 10} is longer than 10 bytes`)
  }
  while (pos < end) {
    const tag = varint()
    const field = Math.floor(tag / 8)
    const wireType = tag % 8
    const at = pos
    let value = 0
    if (wireType === 0) value = varint()
    else if (wireType === 1) pos += 8
    else if (wireType === 5) pos += 4
    else if (wireType === 2) {
      const length = varint()
      visitEnd(pos + length, end, at)
      const valueStart = pos
      pos += length
      visit({ field, wireType, start: valueStart, end: pos, varint: 0 })
      continue
    } else throw new RangeError(`wire type ${wireType} at byte ${at - 1} is not one SCIP uses`)
    visitEnd(pos, end, at)
    visit({ field, wireType, start: at, end: pos, varint: value })
  }
}

function visitEnd(valueEnd: number, end: number, at: number): void {
  if (valueEnd > end) throw new RangeError(`a field at byte ${at} runs past byte ${end}`)
}
