import { scanFields } from './wire.js'

/** A byte range of the index file: `[start, end)`. */
export interface Slice {
  readonly start: number
  readonly end: number
}

/** One `Document` message of the index: where its bytes are, and its `relative_path`. */
export interface DocumentSlice extends Slice {
  readonly path: string
}

/** Where an index's top-level messages lie in its bytes, read without decoding them. */
export interface ScipLayout {
  /** `Index.metadata` (field 1): each occurrence (protobuf merges them, in order). */
  readonly metadata: readonly Slice[]
  /** `Index.documents` (field 2), in order. */
  readonly documents: readonly DocumentSlice[]
  /** `Index.external_symbols` (field 3), in order. */
  readonly externalSymbols: readonly Slice[]
}

/**
 * The layout of a SCIP `Index` (protobuf binary): its length-delimited fields located by their
 * length prefixes, and each document's `relative_path` (field 1, the last one when repeated, as
 * protobuf reads it) read from the document's own top-level fields, every other field skipped
 * unread. Unknown fields are skipped, as protobuf-es skips them.
 * @throws RangeError when the framing is not protobuf (see `scanFields`).
 */
export function layoutOf(bytes: Uint8Array, decodeUtf8: (bytes: Uint8Array) => string): ScipLayout {
  const metadata: Slice[] = []
  const documents: DocumentSlice[] = []
  const externalSymbols: Slice[] = []
  scanFields(bytes, 0, bytes.length, ({ field, wireType, start, end }) => {
    if (wireType !== 2) return
    if (field === 1) metadata.push({ start, end })
    else if (field === 3) externalSymbols.push({ start, end })
    else if (field === 2) documents.push({ start, end, path: pathOf(bytes, start, end, decodeUtf8) })
  })
  return { metadata, documents, externalSymbols }
}

/** A `Document`'s `relative_path` (field 1), `''` when it has none. */
function pathOf(bytes: Uint8Array, start: number, end: number, decodeUtf8: (bytes: Uint8Array) => string): string {
  let path = ''
  scanFields(bytes, start, end, (field) => {
    if (field.field === 1 && field.wireType === 2) path = decodeUtf8(bytes.subarray(field.start, field.end))
  })
  return path
}
