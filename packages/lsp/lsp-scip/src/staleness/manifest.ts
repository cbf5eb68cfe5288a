import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { LspError } from '@agent-lsp/lsp'

/**
 * What `agent-lsp index` writes beside the index (`<index>.json`): when and from what it was
 * built, and the SHA-256 of each indexed file's bytes, so that answers can tell a changed file.
 */
export interface ScipManifest {
  readonly format: 'agent-lsp-scip-manifest'
  readonly version: 1
  /** ISO 8601, UTC. */
  readonly builtAt: string
  /** The commit the workspace was at (`git rev-parse HEAD`), or null outside git or with local changes. */
  readonly commit: string | null
  /** The indexers that wrote the index, e.g. `{ name: 'scip-typescript', version: '0.4.0' }`. */
  readonly tools: readonly { readonly name: string; readonly version: string }[]
  /** Indexed file (relative to the workspace, `/`-separated) → SHA-256 of its bytes, lowercase hex. */
  readonly files: Readonly<Record<string, string>>
  /**
   * Each folder under the workspace root (`''`; see `folderListings`: those holding an indexed
   * file and those above them always) → the names of its entries at the build, sorted: what tells
   * a file added since from one the indexer's project configuration left out. Absent from
   * manifests written before it.
   */
  readonly folders?: Readonly<Record<string, readonly string[]>>
  /**
   * The folders `folders` leaves out for want of room (past 5,000): how many were met, the nearest
   * few. A file added in or under them is not told, so workspace-wide answers say so. Absent when
   * every folder is listed (and from manifests written before it).
   */
  readonly unwatched?: { readonly count: number; readonly first: readonly string[] }
}

/** Where the manifest of an index file is: beside it, `<index>.json`. */
export function manifestPathOf(indexPath: string): string {
  return `${indexPath}.json`
}

/** SHA-256 of some bytes, lowercase hex. */
export function sha256(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex')
}

/** `sha256:<hex>` over the files' paths and hashes, in path order: the tree's content hash. */
export function contentRevision(files: Readonly<Record<string, string>>): string {
  const lines = Object.keys(files)
    .sort()
    .map((path) => `${path}\u0000${files[path]}\n`)
  return `sha256:${sha256(lines.join(''))}`
}

/** The revision an answer names: the commit when the manifest has one, else the content hash. */
export function revisionOf(manifest: ScipManifest): string {
  return manifest.commit ?? contentRevision(manifest.files)
}

/**
 * Read the manifest of an index; `undefined` when there is none (an index built by another tool).
 * @throws LspError `LSP_INDEX_INVALID` for a manifest that does not parse or lacks a field.
 */
export async function readManifest(path: string): Promise<ScipManifest | undefined> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw new LspError('LSP_INDEX_INVALID', `cannot read the index manifest ${path}: ${(error as Error).message}`, { cause: error })
  }
  let value: Partial<ScipManifest>
  try {
    value = JSON.parse(text) as Partial<ScipManifest>
  } catch (error) {
    throw new LspError('LSP_INDEX_INVALID', `the index manifest ${path} is not JSON: ${(error as Error).message}`, { cause: error })
  }
  const valid =
    value.format === 'agent-lsp-scip-manifest' &&
    value.version === 1 &&
    typeof value.builtAt === 'string' &&
    !Number.isNaN(Date.parse(value.builtAt)) &&
    (value.commit === null || typeof value.commit === 'string') &&
    Array.isArray(value.tools) &&
    typeof value.files === 'object' &&
    value.files !== null &&
    Object.values(value.files).every((hash) => typeof hash === 'string') &&
    (value.folders === undefined || (typeof value.folders === 'object' && value.folders !== null && Object.values(value.folders).every((names) => Array.isArray(names) && names.every((name) => typeof name === 'string')))) &&
    (value.unwatched === undefined || (typeof value.unwatched === 'object' && value.unwatched !== null && typeof value.unwatched.count === 'number' && Array.isArray(value.unwatched.first)))
  if (!valid) throw new LspError('LSP_INDEX_INVALID', `the index manifest ${path} is not an agent-lsp-scip-manifest of version 1`)
  return { ...(value as ScipManifest), builtAt: new Date(value.builtAt!).toISOString() }
}
