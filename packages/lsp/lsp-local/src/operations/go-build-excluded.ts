import type { LspCompleteness } from '@agent-lsp/lsp'
import { basename, relative } from 'node:path'
import type { LocalServerConfig } from '../config.js'
import { goBuildExcluded, type GoExcludedFile } from '../sync/go-build.js'
import { isInside } from '../sync/paths.js'
import type { WatchedFiles } from '../sync/watched-files.js'

/** How many excluded declarations a message names in full; the rest are listed by place, up to {@link MAX_MORE_PLACES}. */
const MAX_NAMED = 3
const MAX_MORE_PLACES = 5

/**
 * The Go files a server's build leaves out by their build constraints (`LocalServerConfig.buildConstraints`),
 * per server root, listed by `go list` once per change to the Go files: a look of the watched
 * files that finds a `.go`, `go.mod` or `go.work` file created, changed or deleted makes the next
 * query list them again; otherwise every query reads the same list.
 */
export class GoBuildExcluded {
  #generation = 0
  readonly #lists = new Map<string, { readonly generation: number; readonly files: Promise<GoExcludedFile[] | undefined> }>()

  constructor(
    watchedFiles: Pick<WatchedFiles, 'onLook'>,
    private readonly config: LocalServerConfig,
  ) {
    watchedFiles.onLook((changes) => {
      if (changes.some(({ path }) => path.endsWith('.go') || ['go.mod', 'go.work'].includes(basename(path)))) this.#generation++
    })
  }

  /** The excluded files under `root`, as of the last look; `undefined` when `go` could not tell. */
  files(root: string): Promise<GoExcludedFile[] | undefined> {
    const cached = this.#lists.get(root)
    if (cached?.generation === this.#generation) return cached.files
    const files = goBuildExcluded(root, this.#env(), this.#buildFlags())
    this.#lists.set(root, { generation: this.#generation, files })
    return files
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
    const matches = nameMatcher(query)
    if (matches === undefined) return undefined
    const files = await this.files(root)
    if (files === undefined) return undefined
    const found = files.flatMap((file) => file.declarations.filter(({ name }) => matches(name)).map((declaration) => ({ file, ...declaration })))
    if (found.length === 0) return undefined
    const shown = (path: string): string => (isInside(path, workspaceRoot) ? relative(workspaceRoot, path).split('\\').join('/') : path)
    const outside = (path: string): number => (isInside(path, workspaceRoot) ? 0 : 1)
    found.sort((a, b) => outside(a.file.path) - outside(b.file.path) || (a.file.path < b.file.path ? -1 : a.file.path > b.file.path ? 1 : a.line - b.line))
    const named = found.slice(0, MAX_NAMED).map(({ file, line, name }) => `${shown(file.path)}:${line} declares ${name} (${file.why})`)
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

/** Whether a declared name is one the workspace symbol query `query` lists; `undefined` for a query naming no identifier. */
function nameMatcher(query: string): ((name: string) => boolean) | undefined {
  const text = query.trim().replace(/^'/, '')
  const start = text.startsWith('^')
  const end = text.endsWith('$')
  const last = /[\p{L}\p{N}_]+(?=[^\p{L}\p{N}_]*$)/u.exec(text)?.[0]?.toLowerCase()
  if (last === undefined) return undefined
  return (name) => {
    const lower = name.toLowerCase()
    return start && end ? lower === last : start ? lower.startsWith(last) : end ? lower.endsWith(last) : lower.includes(last)
  }
}
