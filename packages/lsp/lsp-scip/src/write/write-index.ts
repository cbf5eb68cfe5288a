import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { dirname, join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { create, toBinary } from '@bufbuild/protobuf'
import { IndexSchema, type Document, type SymbolInformation } from '@c4312/scip/scip_pb.js'
import { readScipIndex } from '../scip/load.js'
import { folderListings } from '../staleness/folders.js'
import { manifestPathOf, sha256, type ScipManifest } from '../staleness/manifest.js'
import { fileUri } from '../workspace/files.js'

/** What {@link writeScipIndex} needs. */
export interface WriteScipIndexOptions {
  /** The workspace root (absolute, resolved): the documents' paths are made relative to it. */
  readonly root: string
  /** The indexers' outputs (SCIP files), merged in this order. */
  readonly parts: readonly string[]
  /** Where to write the merged index (absolute); its manifest goes to `<out>.json`. */
  readonly out: string
  /** The commit the workspace is at, or null (outside git, or with uncommitted changes). */
  readonly commit: string | null
  /** When the build started (the manifest's `builtAt`). */
  readonly builtAt: Date
  /** Folders (by name) the manifest's listing leaves out: installed packages, virtualenvs, build output; dot folders always. */
  readonly skipFolder?: (name: string) => boolean
}

/** What was written. */
export interface WrittenScipIndex {
  readonly manifest: ScipManifest
  /** The index file's size in bytes. */
  readonly bytes: number
  readonly documents: number
  readonly occurrences: number
}

/** A document's path relative to `root`, when its part was indexed under another project root. */
function rebased(document: Document, projectRoot: string, root: string): string {
  if (!projectRoot.startsWith('file:')) return document.relativePath
  const absolute = join(fileURLToPath(projectRoot), document.relativePath)
  return relative(root, absolute).split(sep).join('/')
}

/**
 * Merge SCIP index parts into one index at `out` (documents and external symbols concatenated,
 * paths relative to `root`; the first part's metadata, its project root set to `root`) and write
 * the manifest beside it: `builtAt`, `commit`, the parts' tools, the SHA-256 of every indexed
 * file as it is on disk now, and the entries of each folder under the root (see `folderListings`). Both are written to a temporary file and renamed into place.
 * @throws LspError `LSP_INDEX_NOT_FOUND`, `LSP_INDEX_INVALID` for a part that is missing or not SCIP.
 */
export async function writeScipIndex(options: WriteScipIndexOptions): Promise<WrittenScipIndex> {
  const { root, out } = options
  const documents: Document[] = []
  const externalSymbols: SymbolInformation[] = []
  const tools: { name: string; version: string }[] = []
  let metadata
  for (const part of options.parts) {
    const { index } = await readScipIndex(part, root)
    metadata ??= index.metadata
    const info = index.metadata?.toolInfo
    if (info) tools.push({ name: info.name, version: info.version })
    for (const document of index.documents) documents.push({ ...document, relativePath: rebased(document, index.metadata?.projectRoot ?? '', root) })
    externalSymbols.push(...index.externalSymbols)
  }
  const merged = create(IndexSchema, { ...(metadata ? { metadata: { ...metadata, projectRoot: fileUri(root) } } : {}), documents, externalSymbols })
  const bytes = toBinary(IndexSchema, merged)
  const files: Record<string, string> = {}
  for (const path of [...new Set(documents.map((document) => document.relativePath))].sort()) {
    try {
      files[path] = sha256(await readFile(join(root, path)))
    } catch {
      // A document the indexer synthesized or that is gone already: nothing to compare it with.
    }
  }
  // Listed once the index's own folder exists, so that it is not taken for one made since.
  await mkdir(dirname(out), { recursive: true })
  const { folders, unwatched } = folderListings(root, Object.keys(files), options.skipFolder ?? (() => false))
  const manifest: ScipManifest = { format: 'agent-lsp-scip-manifest', version: 1, builtAt: options.builtAt.toISOString(), commit: options.commit, tools, files, folders, ...(unwatched ? { unwatched } : {}) }
  await replace(out, bytes)
  await replace(manifestPathOf(out), `${JSON.stringify(manifest, null, 2)}\n`)
  return { manifest, bytes: bytes.length, documents: documents.length, occurrences: documents.reduce((sum, document) => sum + document.occurrences.length, 0) }
}

async function replace(path: string, content: Uint8Array | string): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`
  await writeFile(temporary, content)
  await rename(temporary, path)
}
