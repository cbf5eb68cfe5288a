import { compareCodeUnits, joinedCompleteness, type LspCompleteness } from '@agent-lsp/lsp'
import { basename, dirname, relative } from 'node:path'
import type { LocalServerConfig } from '../config.js'
import { goBuildExcluded, type GoExcludedFile } from '../sync/go-build.js'
import { isInside } from '../sync/paths.js'
import type { WatchedFiles } from '../sync/watched-files.js'

/** How many excluded declarations a message names in full; the rest are listed by place, up to {@link MAX_MORE_PLACES}. */
const MAX_NAMED = 3
const MAX_MORE_PLACES = 5

/** What is known of one root's excluded files: by folder, and their declarations as one list to match queries against. */
interface Listing {
  readonly byFolder: Map<string, GoExcludedFile[]>
  readonly declared: readonly ExcludedDeclaration[]
  /** Every declared name lowercased, each between line breaks (`\nabs\nvectorabs\n`), searched at once. */
  readonly names: string
  /** Where each of `declared`'s names starts in `names`. */
  readonly starts: readonly number[]
}

interface ExcludedDeclaration {
  readonly file: GoExcludedFile
  readonly name: string
  readonly line: number
}

/**
 * The Go files a server's build leaves out by their build constraints (`LocalServerConfig.buildConstraints`),
 * listed by `go list` once and then again only where the Go files changed: a look of the watched
 * files that finds a `.go` file created, changed or deleted has that folder listed again before the
 * next query, a `go.mod` or `go.work` the whole root; otherwise every query reads the same list.
 */
export class GoBuildExcluded {
  #listing: Promise<Listing | undefined> | undefined
  #listedRoot: string | undefined
  /** Folders whose `.go` files changed since the last listing; `all` after a `go.mod` or `go.work` did. */
  #changed: Set<string> | 'all' = new Set()

  constructor(
    watchedFiles: Pick<WatchedFiles, 'onLook'>,
    private readonly config: LocalServerConfig,
  ) {
    watchedFiles.onLook((changes) => {
      for (const { path } of changes) {
        if (['go.mod', 'go.work'].includes(basename(path))) this.#changed = 'all'
        else if (path.endsWith('.go') && this.#changed !== 'all') this.#changed.add(dirname(path))
      }
    })
  }

  /** The excluded files under `root` and their declarations, as of the last look; `undefined` when `go` could not tell. */
  files(root: string): Promise<Listing | undefined> {
    if (this.#listing !== undefined && this.#listedRoot === root && this.#changed !== 'all' && this.#changed.size === 0) return this.#listing
    const changed = this.#listedRoot === root ? this.#changed : 'all'
    this.#changed = new Set()
    this.#listedRoot = root
    this.#listing = this.#list(root, changed, this.#listing)
    return this.#listing
  }

  /** `previous` listed again where `changed`, or `root` listed in full. */
  async #list(root: string, changed: ReadonlySet<string> | 'all', previous: Promise<Listing | undefined> | undefined): Promise<Listing | undefined> {
    const before = await previous
    const env = this.#env()
    const flags = this.#buildFlags()
    if (before !== undefined && changed !== 'all') {
      const listed = await goBuildExcluded(root, env, flags, [...changed])
      if (listed !== undefined) {
        const byFolder = new Map(before.byFolder)
        for (const folder of changed) byFolder.delete(folder)
        for (const [folder, files] of listed) byFolder.set(folder, files)
        return indexed(byFolder)
      }
    }
    const byFolder = await goBuildExcluded(root, env, flags)
    return byFolder && indexed(byFolder)
  }

  /**
   * `partial / unconfigured` when a file under `root` the build leaves out declares a name
   * `query` (a workspace symbol query) matches, naming the nearest three with their line and why,
   * the rest by place: `not searched: num/num_s390x.go:3 declares vectorAbs (excluded from this
   * build: GOARCH=amd64)`. A name is matched as gopls' fuzzy search would surely list it: holding
   * the query's last identifier, case-insensitively (`^` and `$` anchor it). Paths inside
   * `workspaceRoot` are shown relative to it, and come first.
   */
  async completeness(root: string, query: string, workspaceRoot: string): Promise<LspCompleteness | undefined> {
    const needle = nameNeedle(query)
    if (needle === undefined) return undefined
    const listing = await this.files(root)
    if (listing === undefined) return undefined
    const found = matching(listing, needle)
    if (found.length === 0) return undefined
    const shown = (path: string): string => (isInside(path, workspaceRoot) ? relative(workspaceRoot, path).split('\\').join('/') : path)
    // Inside the workspace first, then by path and line; each file looked at once.
    const order = new Map([...new Set(found.map(({ file }) => file))].sort((a, b) => Number(!isInside(a.path, workspaceRoot)) - Number(!isInside(b.path, workspaceRoot)) || compareCodeUnits(a.path, b.path)).map((file, index) => [file, index]))
    found.sort((a, b) => order.get(a.file)! - order.get(b.file)! || a.line - b.line)
    // Three named, why said once per file: `a.go:9 declares x, a.go:11 declares y (why); b.go:3 declares z (why)`.
    const groups: (typeof found)[] = []
    for (const hit of found.slice(0, MAX_NAMED)) {
      const group = groups[groups.length - 1]
      if (group?.[0]?.file === hit.file) group.push(hit)
      else groups.push([hit])
    }
    const named = groups.map((hits) => `${hits.map(({ file, line, name }) => `${shown(file.path)}:${line} declares ${name}`).join(', ')} (${hits[0]!.file.why})`)
    const rest = found.slice(MAX_NAMED)
    const places = rest.slice(0, MAX_MORE_PLACES).map(({ file, line }) => `${shown(file.path)}:${line}`)
    const more = rest.length === 0 ? '' : `; and ${rest.length} more (${places.join(', ')}${rest.length > places.length ? ', …' : ''})`
    return { state: 'partial', reason: 'unconfigured', message: `not searched: ${named.join('; ')}${more}` }
  }

  /** The server's environment: ours, its config's `env`, and gopls' own `env` setting over them. */
  #env(): NodeJS.ProcessEnv {
    const own = settingOf(this.config, 'env')
    const strings = own !== null && typeof own === 'object' ? Object.entries(own).filter((entry): entry is [string, string] => typeof entry[1] === 'string') : []
    return { ...process.env, ...this.config.env, ...Object.fromEntries(strings) }
  }

  /** gopls' `buildFlags` setting (`["-tags=fancy"]`), which its loads pass to go list. */
  #buildFlags(): string[] {
    const flags = settingOf(this.config, 'buildFlags')
    return Array.isArray(flags) ? flags.filter((flag): flag is string => typeof flag === 'string') : []
  }
}

/** A gopls setting, from its `workspace/configuration` section (`settings.gopls`) or its initialization options. */
function settingOf(config: LocalServerConfig, name: string): unknown {
  const field = (value: unknown): unknown => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined)
  return field(config.settings?.['gopls']) ?? field(config.initializationOptions)
}

/**
 * What a declared name holds when the workspace symbol query `query` lists it, in {@link Listing.names}:
 * its last identifier lowercased, with a line break before it for `^` and after it for `$`;
 * `undefined` for a query naming no identifier.
 */
function nameNeedle(query: string): string | undefined {
  const text = query.trim().replace(/^'/, '')
  const last = /[\p{L}\p{N}_]+(?=[^\p{L}\p{N}_]*$)/u.exec(text)?.[0]?.toLowerCase()
  if (last === undefined) return undefined
  return `${text.startsWith('^') ? '\n' : ''}${last}${text.endsWith('$') ? '\n' : ''}`
}

/** The declarations whose name holds `needle` (see {@link nameNeedle}): one search of the joined names, each name once. */
function matching(listing: Listing, needle: string): ExcludedDeclaration[] {
  const { names, starts, declared } = listing
  const found: ExcludedDeclaration[] = []
  const skip = needle.startsWith('\n') ? 1 : 0
  for (let at = names.indexOf(needle); at >= 0; ) {
    // The name holding the match: the last that starts at or before it (binary search).
    let low = 0
    let high = starts.length - 1
    while (low < high) {
      const middle = (low + high + 1) >> 1
      if (starts[middle]! <= at + skip) low = middle
      else high = middle - 1
    }
    found.push(declared[low]!)
    at = low + 1 < starts.length ? names.indexOf(needle, starts[low + 1]! - skip) : -1
  }
  return found
}

/** `note` (a {@link GoBuildExcluded.completeness}) with what the server's answer said it may miss (`known`: past its result limit) after it. */
export function alongside(note: LspCompleteness | undefined, known: LspCompleteness | undefined): LspCompleteness | undefined {
  return note !== undefined && known !== undefined ? joinedCompleteness(note, known) : (note ?? known)
}

function indexed(byFolder: Map<string, GoExcludedFile[]>): Listing {
  const declared = [...byFolder.values()].flat().flatMap((file) => file.declarations.map(({ name, line }) => ({ file, name, line })))
  const lower = declared.map(({ name }) => name.toLowerCase())
  const starts: number[] = []
  let offset = 1
  for (const name of lower) {
    starts.push(offset)
    offset += name.length + 1
  }
  return { byFolder, declared, starts, names: `\n${lower.join('\n')}\n` }
}
