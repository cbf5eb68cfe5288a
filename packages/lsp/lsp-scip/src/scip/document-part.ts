import type { DocumentSlice, Slice } from './layout.js'
import { scanFields } from './wire.js'

/** The messages of one document that may name a string, located (see {@link documentPartOf}). */
export interface DocumentPart {
  /** `Document.occurrences` (field 2) holding one of the places, in document order. */
  readonly occurrences: readonly Slice[]
  /** `Document.symbols` (field 3) holding one of the places, in document order. */
  readonly symbols: readonly Slice[]
  /** `Document.position_encoding` (field 6; the last one, as protobuf reads it), 0 when absent. */
  readonly positionEncoding: number
}

/**
 * The occurrences and symbol informations of a document that contain one of `places` (byte
 * offsets in the index, sorted: where a string may be written, see `hitsIn`), found by scanning
 * the document's top-level fields only: what a symbol's lookups need of a document that is not
 * asked about, without decoding the rest of it.
 */
export function documentPartOf(bytes: Uint8Array, document: DocumentSlice, places: readonly number[]): DocumentPart {
  const occurrences: Slice[] = []
  const symbols: Slice[] = []
  let positionEncoding = 0
  let next = 0
  scanFields(bytes, document.start, document.end, ({ field, wireType, start, end, varint }) => {
    if (field === 6 && wireType === 0) positionEncoding = varint
    if (wireType !== 2 || (field !== 2 && field !== 3)) return
    while (next < places.length && places[next]! < start) next++
    if (next >= places.length || places[next]! >= end) return
    ;(field === 2 ? occurrences : symbols).push({ start, end })
  })
  return { occurrences, symbols, positionEncoding }
}
