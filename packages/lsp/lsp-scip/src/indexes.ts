import { readFileSync } from 'node:fs'
import { stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { LspProvenance } from '@agent-lsp/lsp'
import { LazyScipModel } from './scip/lazy-model.js'
import { indexNotFound, readScipIndexFile } from './scip/load.js'
import type { ScipModel } from './scip/model.js'
import { AddedFiles } from './staleness/added.js'
import { StalenessCheck } from './staleness/check.js'
import { identityOf } from './staleness/identity.js'
import { manifestPathOf, readManifest, revisionOf, sha256, type ScipManifest } from './staleness/manifest.js'
import { linesOf } from './workspace/files.js'

/** Where an index provider looks for the index, relative to the workspace root, by default. */
export const DEFAULT_INDEX_PATH = '.agent-lsp/index.scip'

/** A read index of one workspace, with what its answers say about it and the check of its files. */
export interface LoadedIndex {
  readonly model: ScipModel
  readonly check: StalenessCheck
  /** The provenance of its answers, before their stale URIs. */
  readonly provenance: Omit<LspProvenance, 'staleUris'>
  /** The files the index was built from (the manifest's, else its documents), sorted. */
  readonly indexedFiles: readonly string[]
  /** Files added since the build; `undefined` for an index whose manifest lists no folders (see `ScipManifest.folders`). */
  readonly added: AddedFiles | undefined
  /** The folders the manifest does not list (past its bound): files added there are not told. */
  readonly unwatched: ScipManifest['unwatched']
  /** The extensions (lowercase, leading dot) of the names in the manifest's folder listings: files seen at the build, indexed or not. */
  readonly listedExtensions: ReadonlySet<string>
}

/** Which files and folders count when looking for files added since a build (see `AddedFilesOptions`). */
export interface AddedScope {
  readonly served: (path: string) => boolean
  readonly skipFolder: (name: string) => boolean
}

interface Entry {
  /** The index file's {@link identityOf} when read. */
  readonly identity: string
  readonly loaded: Promise<LoadedIndex>
}

/**
 * The indexes of the workspaces a provider is asked about, each read once and again only when
 * its file changes (its identity: inode, size, mtime, ctime); concurrent first queries share one reading. Each
 * is decoded in part, as questions need its documents (`LazyScipModel`).
 */
export class Indexes {
  readonly #entries = new Map<string, Entry>()

  /**
   * @param indexPath - absolute, or relative to the workspace root.
   * @param scope - which files added since a build count; without it, none is looked for.
   */
  constructor(
    private readonly indexPath: string,
    private readonly scope?: AddedScope,
  ) {}

  /** The index file of a (resolved) workspace root. */
  pathFor(root: string): string {
    return resolve(root, this.indexPath)
  }

  /**
   * The loaded index of `root`.
   * @throws LspError `LSP_INDEX_NOT_FOUND`, `LSP_INDEX_INVALID` (see `readScipIndex`, `readManifest`).
   */
  async load(root: string): Promise<LoadedIndex> {
    const path = this.pathFor(root)
    let info
    try {
      info = await stat(path)
    } catch (error) {
      this.#entries.delete(root)
      throw indexNotFound(path, root, error)
    }
    const entry = this.#entries.get(root)
    const identity = identityOf(info)
    if (entry?.identity === identity) return entry.loaded
    const loaded = decode(path, root, info.mtimeMs, this.scope)
    this.#entries.set(root, { identity, loaded })
    loaded.catch(() => this.#entries.delete(root))
    return loaded
  }

  clear(): void {
    this.#entries.clear()
  }
}

async function decode(path: string, root: string, mtimeMs: number, scope: AddedScope | undefined): Promise<LoadedIndex> {
  const [{ bytes, layout, decoder }, manifest] = await Promise.all([readScipIndexFile(path, root), readManifest(manifestPathOf(path))])
  const lineText = (file: string, line: number): string | undefined => {
    try {
      return linesOf(readFileSync(join(root, file), 'utf8'))[line]
    } catch {
      return undefined
    }
  }
  const model = new LazyScipModel(bytes, layout, decoder, lineText)
  const provenance = manifest
    ? { source: 'index' as const, index: path, builtAt: manifest.builtAt, revision: revisionOf(manifest) }
    : { source: 'index' as const, index: path, builtAt: new Date(mtimeMs).toISOString(), revision: `sha256:${sha256(bytes)}` }
  const check = new StalenessCheck(root, manifest, mtimeMs)
  const indexedFiles = [...check.indexedFiles(model.paths)].sort()
  const added = manifest?.folders && scope ? new AddedFiles({ root, folders: manifest.folders, indexed: new Set(indexedFiles), ...scope }) : undefined
  const listedExtensions = new Set(Object.values(manifest?.folders ?? {}).flatMap((names) => names.map((name) => extensionOf(name))))
  return { model, check, provenance, indexedFiles, added, unwatched: manifest?.unwatched, listedExtensions }
}

/** A file name's extension, lowercase with its dot (`.ts`); `''` without one. */
export function extensionOf(name: string): string {
  return /\.[^./]+$/.exec(name)?.[0].toLowerCase() ?? ''
}
