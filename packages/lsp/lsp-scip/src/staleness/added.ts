import { readdirSync, statSync, type Dirent } from 'node:fs'
import { join } from 'node:path'
import { compareCodeUnits } from '@agent-lsp/lsp'
import { identityOf } from './identity.js'

/** How many folders made since the build one check lists at most (a new tree of sources is walked whole). */
const MAX_NEW_FOLDERS = 1_000

/** What one folder held the last time it was listed, while its `stat` stays the same. */
interface Listed {
  /** The folder's {@link identityOf} when listed (`''`: gone). */
  readonly identity: string
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
 * listed (see `folderListings`), an entry it did not list; under a folder made since, every such
 * file; not a file added beside sources the index left out, every one (a folder the indexer's
 * project configuration excludes). Listings are kept per folder until its identity (see `identityOf`) changes, so a warm check
 * is a `stat` of each listed folder.
 */
export class AddedFiles {
  readonly #listings: ReadonlyMap<string, ReadonlySet<string>>
  readonly #seen = new Map<string, Listed>()
  /** Listed folders whose sources the index left out, every one: a file added there is taken as left out too. */
  readonly #sourcesLeftOut: ReadonlySet<string>

  constructor(private readonly options: AddedFilesOptions) {
    const within = (folder: string, name: string): string => (folder === '' ? name : `${folder}/${name}`)
    // A folder whose sources were all left out by the indexer's project configuration (tests
    // outside a tsconfig's include) would leave out one added there too; folders made in it are still looked into.
    const leftOut = ([folder, names]: [string, readonly string[]]): boolean => {
      const sources = names.map((name) => within(folder, name)).filter(options.served)
      return sources.length > 0 && !sources.some((path) => options.indexed.has(path))
    }
    this.#listings = new Map(Object.entries(options.folders).map(([folder, names]) => [folder, new Set(names)]))
    this.#sourcesLeftOut = new Set(Object.entries(options.folders).filter(leftOut).map(([folder]) => folder))
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
      return { identity: '', added: [], made: [] } // gone: its indexed files are stale already
    }
    const seen = this.#seen.get(folder)
    const identity = identityOf(info)
    if (seen?.identity === identity) return seen
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
      if (entry.isFile() && this.options.served(path) && !this.options.indexed.has(path) && !this.#sourcesLeftOut.has(folder)) added.push(path)
      else if (entry.isDirectory() && !this.options.skipFolder(entry.name)) made.push(path)
    }
    const listed = { identity, added, made }
    this.#seen.set(folder, listed)
    return listed
  }
}
