import { join, relative, sep } from 'node:path'
import { namedList } from '@agent-lsp/wording'
import {
  LspError,
  lspProviderId,
  type LspCompleteness,
  type LspOperation,
  type LspProvider,
  type LspProviderQuery,
  type LspQueryResult,
} from '@agent-lsp/lsp'
import { answerAt, answerFile, answerReferences, answerSearch, type Answer } from './answer/answer.js'
import { DEFAULT_INDEX_PATH, extensionOf, Indexes, type LoadedIndex } from './indexes.js'
import { declaredMatcher, type ScipDeclarationSite } from './repositories/declared-symbol.js'
import { answerElsewhere, type RepositoryIndex, type ScipElsewhere } from './repositories/elsewhere.js'
import { matchingSymbols } from './repositories/same-symbol.js'
import { isLocalSymbol } from './scip/symbol.js'
import { checkPosition, fileUri, linesOf, readText, resolveFile, resolveRoot } from './workspace/files.js'

export type { ScipElsewhere } from './repositories/elsewhere.js'
export type { ScipDeclarationSite } from './repositories/declared-symbol.js'

/** The extensions an index provider serves by default: what scip-typescript and scip-python index. */
export const defaultScipExtensions: Readonly<Record<string, string>> = {
  '.ts': 'typescript', '.tsx': 'typescriptreact', '.mts': 'typescript', '.cts': 'typescript',
  '.js': 'javascript', '.jsx': 'javascriptreact', '.mjs': 'javascript', '.cjs': 'javascript',
  '.py': 'python', '.pyi': 'python',
}

/** Options of {@link createScipLspProvider}. */
export interface ScipLspProviderOptions {
  /** The provider's id; default `scip`. */
  readonly id?: string
  /** Extension → LSP language id; default {@link defaultScipExtensions}. */
  readonly extensionToLanguage?: Readonly<Record<string, string>>
  /** The SCIP index: absolute, or relative to the workspace root; default `.agent-lsp/index.scip`. */
  readonly indexPath?: string
  /**
   * Other repositories' indexes (a library and its consumers), searched by {@link ScipLspProvider.elsewhere}:
   * each a name (how its rows are displayed, `name:path`), its root (absolute) and its index
   * (absolute, or relative to that root; default `.agent-lsp/index.scip`).
   */
  readonly repositories?: readonly { readonly name: string; readonly root: string; readonly indexPath?: string }[]
  /**
   * Whether a folder made since the build (by name) is left out of the look for files added
   * since (see `AddedFiles`); default: names starting with `.`. A host passes its own rule for
   * installed packages and virtualenvs.
   */
  readonly skipFolder?: (name: string) => boolean
}

/** An index provider; `dispose()` drops its decoded indexes, later queries throw `LSP_DISPOSED`. */
export interface ScipLspProvider extends LspProvider {
  /**
   * The other repositories' share of a `findReferences` or `goToImplementation` at a cursor: the
   * symbol there, as this workspace's index has it, searched in each configured repository's
   * index by its package-qualified SCIP symbol (see `matchingSymbols`). `undefined` when no
   * repository is configured or the request is not such a query. When this workspace's index
   * cannot say which symbol is at the cursor (there is none, the file is not in it or changed
   * since the build), `declared` is asked where a live server says it is declared, and the
   * repositories are searched for that declaration (see `declaredMatcher`): no rows when it says
   * none; without `declared`, nothing is searched and the answer is `partial` (`unconfigured` or
   * `stale`) saying so.
   * @throws LspError as `query` for the request itself (`LSP_FILE_NOT_FOUND`, `LSP_OUTSIDE_WORKSPACE`, `LSP_CANCELLED`, `LSP_DISPOSED`); whatever `declared` rejects with.
   */
  elsewhere(request: LspProviderQuery, signal?: AbortSignal, declared?: () => Promise<ScipDeclarationSite | undefined>): Promise<ScipElsewhere | undefined>
  /**
   * The extensions (lowercase, leading dot) of the documents the index of `workspaceRoot` holds
   * (`indexed`), and of the files its manifest's folder listings name (`listed`: seen at the
   * build, indexed or not): a workspace search of a language whose files were there but none
   * indexed is not the index's to answer (a folder of projects whose TypeScript ones were not indexed).
   * @throws LspError as `query` when there is no index or it does not decode.
   */
  extensionsOf(workspaceRoot: string): Promise<{ readonly indexed: ReadonlySet<string>; readonly listed: ReadonlySet<string> }>
  dispose(): void
}

/** The operations an index answers; every other one is `LSP_UNSUPPORTED_OPERATION`. */
export const scipOperations: readonly LspOperation[] = ['goToDefinition', 'findReferences', 'goToImplementation', 'hover', 'documentSymbol', 'workspaceSymbol']

const cancelled = () => new LspError('LSP_CANCELLED', 'the query was cancelled')

/**
 * A provider answering from a SCIP index (scip-typescript, scip-python; see `agent-lsp index`)
 * instead of a live server: `goToDefinition`, `findReferences` (declaration included),
 * `goToImplementation` (SCIP `is_implementation` relationships), `hover` (the symbol's
 * documentation and signature), `documentSymbol` and `workspaceSymbol`. Positions are zero-based
 * lines and UTF-16 characters, as the seam's.
 *
 * Every answer carries `provenance` (the index, when it was built, from what). Files are checked
 * against the manifest beside the index (`<index>.json`: content hashes), else against the index
 * file's modification time: a file changed since the build is not answered from the index for
 * positions in it (empty, `partial`/`stale`); an answer with other changed files in scope is
 * `partial`/`stale` and lists the changed ones among its rows in `provenance.staleUris`. A file the
 * index does not hold answers empty, `partial`/`unconfigured`.
 *
 * @throws LspError (from `query`) `LSP_UNSUPPORTED_OPERATION`, `LSP_FILE_NOT_FOUND`,
 *   `LSP_OUTSIDE_WORKSPACE`, `LSP_NOT_TEXT`, `LSP_INVALID_POSITION`, `LSP_INDEX_NOT_FOUND` (no index
 *   file: the message says where it looked and how to build one), `LSP_INDEX_INVALID` (its framing
 *   or metadata does not decode, a document the answer needs does not — documents are decoded as
 *   answers need them —, or its manifest does not parse), `LSP_CANCELLED`, `LSP_DISPOSED`.
 */
export function createScipLspProvider(options: ScipLspProviderOptions = {}): ScipLspProvider {
  const id = options.id ?? 'scip'
  const extensionToLanguage = options.extensionToLanguage ?? defaultScipExtensions
  const extensions = new Set(Object.keys(extensionToLanguage))
  const served = (path: string): boolean => {
    const dot = path.lastIndexOf('.')
    return dot > path.lastIndexOf('/') && extensions.has(path.slice(dot).toLowerCase())
  }
  const indexes = new Indexes(options.indexPath ?? DEFAULT_INDEX_PATH, { served, skipFolder: options.skipFolder ?? ((name) => name.startsWith('.')) })
  const repositories: RepositoryIndex[] = (options.repositories ?? []).map((repository) => ({ name: repository.name, root: repository.root, indexes: new Indexes(repository.indexPath ?? DEFAULT_INDEX_PATH) }))
  let disposed = false

  return {
    id: lspProviderId(id),
    extensionToLanguage,

    async query(request: LspProviderQuery, signal?: AbortSignal): Promise<LspQueryResult> {
      const live = () => {
        if (signal?.aborted) throw cancelled()
        if (disposed) throw new LspError('LSP_DISPOSED', `the "${id}" provider has been disposed`)
      }
      live()
      if (!scipOperations.includes(request.operation)) {
        throw new LspError('LSP_UNSUPPORTED_OPERATION', `${request.operation} is not answered from a SCIP index (it answers ${scipOperations.join(', ')})`)
      }
      const root = await resolveRoot(request.workspaceRoot)
      live()
      const file = request.filePath === null ? null : await resolveFile(request.filePath, request.workspaceRoot, root)
      live()
      const loaded = await indexes.load(root)
      live()
      const relativePath = file === null ? null : relative(root, file).split(sep).join('/')
      const uriOf = (path: string) => fileUri(join(root, path))
      let answer: Answer
      if (request.operation === 'workspaceSymbol') {
        answer = answerSearch(loaded.model, loaded.model.paths.filter(served), request.query, uriOf)
      } else if ('position' in request && relativePath !== null && file !== null) {
        const lines = linesOf(await readText(file))
        checkPosition(lines, request.position, request.filePath ?? file)
        // A file changed since the build is not read for the uses of an alias (its places may have moved).
        const indexedText = async (path: string) => (loaded.model.has(path) && !(await loaded.check.isStale(path)) ? readText(join(root, path)).catch(() => undefined) : undefined)
        answer =
          request.operation === 'findReferences'
            ? await answerReferences(loaded.model, relativePath, request.position, uriOf, indexedText)
            : answerAt(loaded.model, request.operation, relativePath, request.position, uriOf)
      } else if (relativePath !== null) {
        answer = answerFile(loaded.model, relativePath, uriOf)
      } else {
        throw new LspError('LSP_INVALID_REQUEST', `${request.operation} needs a file`)
      }
      const result = await judged(loaded, answer, request.operation, relativePath, uriOf, root)
      live()
      return result
    },

    async elsewhere(request: LspProviderQuery, signal?: AbortSignal, declared?: () => Promise<ScipDeclarationSite | undefined>): Promise<ScipElsewhere | undefined> {
      if (repositories.length === 0 || (request.operation !== 'findReferences' && request.operation !== 'goToImplementation') || request.filePath === null) return undefined
      const check = () => {
        if (signal?.aborted) throw cancelled()
        if (disposed) throw new LspError('LSP_DISPOSED', `the "${id}" provider has been disposed`)
      }
      check()
      const root = await resolveRoot(request.workspaceRoot)
      const file = await resolveFile(request.filePath, request.workspaceRoot, root)
      const names = repositories.map((repository) => repository.name).join(', ')
      const { operation } = request
      const none: ScipElsewhere = { locations: [], repositories: [], completeness: { state: 'complete' } }
      const notSearched = async (reason: 'unconfigured' | 'stale', why: string): Promise<ScipElsewhere> => {
        if (declared === undefined) return { locations: [], repositories: [], completeness: { state: 'partial', reason, message: `${names} not searched: ${why}` } }
        const site = await declared()
        check()
        if (site === undefined) return none
        const found = await answerElsewhere(declaredMatcher(site, root), root, operation, repositories)
        check()
        return found
      }
      let loaded: LoadedIndex
      try {
        loaded = await indexes.load(root)
      } catch (error) {
        if (!LspError.isInstance(error)) throw error
        return notSearched('unconfigured', `the symbol at the cursor is found through this workspace's index (${error.code}: ${error.message})`)
      }
      check()
      const path = relative(root, file).split(sep).join('/')
      if (!loaded.model.has(path)) return notSearched('unconfigured', `${path} is not in this workspace's index ${loaded.provenance.index}, through which the symbol at the cursor is found`)
      if (await loaded.check.isStale(path)) return notSearched('stale', `${path} changed since this workspace's index was built, so the symbol at the cursor is not known to it (agent-lsp index)`)
      const occurrence = loaded.model.at(path, request.position)
      if (occurrence === undefined || isLocalSymbol(occurrence.symbol)) return none
      const asking = { model: loaded.model, root }
      const found = await answerElsewhere((other) => matchingSymbols(occurrence.symbol, asking, other), root, request.operation, repositories)
      check()
      return found
    },

    async extensionsOf(workspaceRoot: string) {
      if (disposed) throw new LspError('LSP_DISPOSED', `the "${id}" provider has been disposed`)
      const loaded = await indexes.load(await resolveRoot(workspaceRoot))
      return { indexed: new Set(loaded.model.paths.map(extensionOf)), listed: loaded.listedExtensions }
    },

    dispose(): void {
      disposed = true
      indexes.clear()
      for (const repository of repositories) repository.indexes.clear()
    },
  }
}

/** Operations whose answer depends on every indexed file, not just the ones it names. */
const workspaceWide: ReadonlySet<LspOperation> = new Set(['findReferences', 'goToImplementation', 'workspaceSymbol'])

/** How many changed files a message names before it counts the rest. */
const NAMED_STALE_FILES = 3

/** The answer with its provenance and completeness, after checking the files it depends on. */
async function judged(loaded: LoadedIndex, answer: Answer, operation: LspOperation, asked: string | null, uriOf: (path: string) => string, root: string): Promise<LspQueryResult> {
  const base = { resolvedWorkspaceRoot: root }
  const provenance = (stale: readonly string[]) => ({ ...loaded.provenance, staleUris: [...new Set(stale.map(uriOf))].sort() })
  if (asked !== null && !loaded.model.has(asked)) {
    const completeness: LspCompleteness = { state: 'partial', reason: 'unconfigured', message: `${asked} is not in the index ${loaded.provenance.index} (added since it was built, or left out by the indexer's project configuration)` }
    return { ...answer.empty, ...base, completeness, provenance: provenance([]) }
  }
  if (asked !== null && (await loaded.check.isStale(asked))) {
    const completeness: LspCompleteness = { state: 'partial', reason: 'stale', message: `${asked} changed since the index was built, so positions in it are not answered from the index; rebuild it (agent-lsp index) or ask the live server` }
    return { ...answer.empty, ...base, completeness, provenance: provenance([asked]) }
  }
  const wide = workspaceWide.has(operation)
  const stale = await loaded.check.staleAmong(wide ? loaded.indexedFiles : answer.paths)
  const added = (wide && loaded.added?.check()) || { files: [], more: false }
  const { unwatched } = loaded
  const named = (paths: readonly string[], uncounted = false) => namedList(paths, { shown: NAMED_STALE_FILES, uncounted })
  const says = [
    stale.length > 0 && `${stale.length} indexed file${stale.length === 1 ? '' : 's'} changed since the index was built (${named(stale)}): rows there may have moved, and what was written since is missing`,
    added.files.length > 0 && `${added.files.length}${added.more ? '+' : ''} file${added.files.length === 1 && !added.more ? '' : 's'} added since the index was built (${named(added.files, added.more)}): not in it, so what ${added.files.length === 1 && !added.more ? 'it holds' : 'they hold'} is missing; rebuild it (agent-lsp index) or ask the live server`,
    wide && unwatched !== undefined && `files added since the build in ${unwatched.count}${unwatched.count === 1 ? ' folder' : '+ folders'} past the 5,000 the index's manifest records are not noticed (${named(unwatched.first, unwatched.count > unwatched.first.length)}, and what is under them); ask the live server for what may be there`,
  ].filter((said): said is string => typeof said === 'string')
  const completeness: LspCompleteness = says.length === 0 ? { state: 'complete' } : { state: 'partial', reason: 'stale', message: says.join('; ') }
  const rowPaths = new Set(answer.paths)
  return { ...answer.result, ...base, completeness, provenance: provenance(stale.filter((path) => rowPaths.has(path))) }
}
