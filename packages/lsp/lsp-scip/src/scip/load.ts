import { readFile } from 'node:fs/promises'
import { fromBinary } from '@bufbuild/protobuf'
import { configureTextEncoding, getTextEncoding } from '@bufbuild/protobuf/wire'
import { DocumentSchema, IndexSchema, MetadataSchema, OccurrenceSchema, SymbolInformationSchema, type Index } from '@c4312/scip/scip_pb.js'
import { LspError } from '@agent-lsp/lsp'
import { layoutOf, type ScipLayout } from './layout.js'
import type { SliceDecoder } from './lazy-model.js'

/** The command that builds the index a provider looks for, named in `LSP_INDEX_NOT_FOUND`. */
export const BUILD_COMMAND = 'agent-lsp index'

/** `LSP_INDEX_NOT_FOUND` for the index a provider looked for at `path`, saying how to build it. */
export function indexNotFound(path: string, root: string, cause?: unknown): LspError {
  return new LspError('LSP_INDEX_NOT_FOUND', `no SCIP index at ${path}; build one with: ${BUILD_COMMAND} --root ${root}`, { cause })
}

let lenient = false

/**
 * Decode strings that are not well-formed UTF-8 with U+FFFD in their place instead of failing the
 * whole index: scip-typescript writes a JavaScript string's lone surrogate (effect 4.1.0's sources
 * have some) as bytes that are not UTF-8, which protobuf-es refuses in proto3 strings. Configures
 * this process's copy of `@bufbuild/protobuf` (lsp-scip is its only user here); encoding is unchanged.
 */
function decodeLeniently(): void {
  if (lenient) return
  lenient = true
  const encoding = getTextEncoding()
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true })
  configureTextEncoding({ ...encoding, decodeUtf8: (bytes) => decoder.decode(bytes) })
}

/**
 * Read and decode a SCIP index file (scip.proto's `Index`, protobuf binary).
 * @throws LspError `LSP_INDEX_NOT_FOUND` (no file at `path`), `LSP_INDEX_INVALID` (it does not
 *   decode, or has no metadata or a document without a path: not an index).
 */
export async function readScipIndex(path: string, root: string): Promise<{ index: Index; bytes: Uint8Array }> {
  const bytes = await readBytes(path, root)
  let index: Index
  try {
    decodeLeniently()
    index = fromBinary(IndexSchema, bytes)
  } catch (error) {
    throw new LspError('LSP_INDEX_INVALID', `${path} is not a SCIP index: ${(error as Error).message}`, { cause: error })
  }
  if (index.metadata === undefined || index.metadata.toolInfo === undefined) {
    throw new LspError('LSP_INDEX_INVALID', `${path} is not a SCIP index: it has no metadata naming the indexer`)
  }
  if (index.documents.some((document) => document.relativePath === '')) {
    throw new LspError('LSP_INDEX_INVALID', `${path} is not a SCIP index: a document has no relative path`)
  }
  return { index, bytes }
}

async function readBytes(path: string, root: string): Promise<Buffer> {
  try {
    return await readFile(path)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw indexNotFound(path, root, error)
    }
    throw new LspError('LSP_INDEX_INVALID', `cannot read the SCIP index ${path}: ${(error as Error).message}`, { cause: error })
  }
}

/** A read index, its messages located but not decoded (see `LazyScipModel`). */
export interface ScipIndexFile {
  readonly bytes: Buffer
  readonly layout: ScipLayout
  /** Decodes one message; a message that does not decode is `LSP_INDEX_INVALID`, when it is asked for. */
  readonly decoder: SliceDecoder
}

/**
 * Read a SCIP index file and locate its messages (see `layoutOf`), decoding only its metadata:
 * what a query needs before it knows which documents to decode.
 * @throws LspError as {@link readScipIndex}: `LSP_INDEX_NOT_FOUND`, `LSP_INDEX_INVALID` (its framing
 *   is not protobuf, its metadata does not decode or names no indexer, a document has no path).
 */
export async function readScipIndexFile(path: string, root: string): Promise<ScipIndexFile> {
  const bytes = await readBytes(path, root)
  const invalid = (why: string, cause?: unknown) => new LspError('LSP_INDEX_INVALID', `${path} is not a SCIP index: ${why}`, { cause })
  decodeLeniently()
  const { decodeUtf8 } = getTextEncoding()
  let layout: ScipLayout
  let metadata
  try {
    layout = layoutOf(bytes, decodeUtf8)
    metadata = fromBinary(MetadataSchema, Buffer.concat(layout.metadata.map(({ start, end }) => bytes.subarray(start, end))))
  } catch (error) {
    throw invalid((error as Error).message, error)
  }
  if (layout.metadata.length === 0 || metadata.toolInfo === undefined) throw invalid('it has no metadata naming the indexer')
  if (layout.documents.some((document) => document.path === '')) throw invalid('a document has no relative path')
  const decoded = <T>(what: string, decode: () => T): T => {
    try {
      return decode()
    } catch (error) {
      throw invalid(`${what} does not decode: ${(error as Error).message}`, error)
    }
  }
  const decoder: SliceDecoder = {
    document: ({ start, end }, i) => decoded(`document ${i} (${layout.documents[i]?.path})`, () => fromBinary(DocumentSchema, bytes.subarray(start, end))),
    occurrence: ({ start, end }) => decoded(`an occurrence at byte ${start}`, () => fromBinary(OccurrenceSchema, bytes.subarray(start, end))),
    symbolInformation: ({ start, end }) => decoded(`a symbol's information at byte ${start}`, () => fromBinary(SymbolInformationSchema, bytes.subarray(start, end))),
  }
  return { bytes, layout, decoder }
}
