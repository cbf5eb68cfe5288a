import { readdirSync, statSync, type Dirent } from 'node:fs'
import { join } from 'node:path'
import { compareCodeUnits } from '@agent-lsp/lsp'

/** How many folders made since the build one check lists at most (a new tree of sources is walked whole). */
const MAX_NEW_FOLDERS = 1_000

/** What one folder held the last time it was listed, while its `stat` stays the same. */
interface Listed {
  readonly mtimeMs: number
  readonly ino: number
  /** Files of the served languages in it that the index does not hold and the build did not see. */
  readonly added: readonly string[]
  /** Folders in it the build did not see (relative to the root). */
  readonly made: readonly string[]
}

/** What {@link AddedFiles} needs: the manifest's listing of folders, and which files count. */
export interface AddedFilesOptions {
  /** The workspace root (absolute, resolved). */
  readonly root: string
  /** The manifest's `folders`: folder (relative, `''` the root) → the names of its entries at the build. */
  readonly folders: Readonly<Record<string, readonly string[]>>
  /** The indexed files (relative, `/`-separated). */
  readonly indexed: ReadonlySet<string>
  /** Whether a file (relative) is of a language the index answers for. */
  readonly served: (path: string) => boolean
  /** Whether a folder made since the build is left out by name (installed packages, virtualenvs). */
  readonly skipFolder: (name: string) => boolean
}

/**
 * The files of the served languages added since the index was built: in a folder the manifest
 * listed (one holding an indexed file, or above one), an entry it did not list; under a folder
 * made since, every such file. A folder that existed and held no indexed file (one the indexer's
 * project configuration left out) is not looked into. Listings are kept per folder until its
 * `stat` changes, so a warm check is a `stat` of each listed folder.
 */
export class AddedFiles {
  readonly #listings: ReadonlyMap<string, ReadonlySet<string>>
  readonly #seen = new Map<string, Listed>()

  constructor(private readonly options: AddedFilesOptions) {
    this.#listings = new Map(Object.entries(options.folders).map(([folder, names]) => [folder, new Set(names)]))
  }

  /** The added files (relative, sorted), and whether more may be there (past {@link MAX_NEW_FOLDERS} new folders). */
  check(): { readonly files: readonly string[]; readonly more: boolean } {
    const files: string[] = []
    const made: string[] = []
    for (const folder of this.#listings.keys()) {
      const listed = this.#list(folder)
      files.push(...listed.added)
      made.push(...listed.made)
    }
    let walked = 0
    while (made.length > 0 && walked < MAX_NEW_FOLDERS) {
      const listed = this.#list(made.pop()!)
      walked++
      files.push(...listed.added)
      made.push(...listed.made)
    }
    return { files: files.sort(compareCodeUnits), more: made.length > 0 }
  }

  #list(folder: string): Listed {
    const absolute = join(this.options.root, folder)
    let info
    try {
      info = statSync(absolute)
    } catch {
      return { mtimeMs: 0, ino: 0, added: [], made: [] } // gone: its indexed files are stale already
    }
    const seen = this.#seen.get(folder)
    if (seen && seen.mtimeMs === info.mtimeMs && seen.ino === info.ino) return seen
    const atBuild = this.#listings.get(folder)
    const added: string[] = []
    const made: string[] = []
    let entries: Dirent[]
    try {
      entries = readdirSync(absolute, { withFileTypes: true })
    } catch {
      entries = []
    }
    // A folder made since that holds pyvenv.cfg is a virtualenv (PEP 405), whatever its name: not sources.
    if (atBuild === undefined && entries.some((entry) => entry.name === 'pyvenv.cfg')) entries = []
    for (const entry of entries) {
      if (atBuild?.has(entry.name)) continue
      const path = folder === '' ? entry.name : `${folder}/${entry.name}`
      if (entry.isFile() && this.options.served(path) && !this.options.indexed.has(path)) added.push(path)
      else if (entry.isDirectory() && !this.options.skipFolder(entry.name)) made.push(path)
    }
    const listed = { mtimeMs: info.mtimeMs, ino: info.ino, added, made }
    this.#seen.set(folder, listed)
    return listed
  }
}
