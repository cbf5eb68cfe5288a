import { readFile } from 'node:fs/promises'
import { fromBinary } from '@bufbuild/protobuf'
import { configureTextEncoding, getTextEncoding } from '@bufbuild/protobuf/wire'
import { IndexSchema, type Index } from '@c4312/scip/scip_pb.js'
import { LspError } from '@agent-lsp/lsp'

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
  let bytes: Uint8Array
  try {
    bytes = await readFile(path)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw indexNotFound(path, root, error)
    }
    throw new LspError('LSP_INDEX_INVALID', `cannot read the SCIP index ${path}: ${(error as Error).message}`, { cause: error })
  }
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
