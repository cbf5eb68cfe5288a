import type { LspOperation, LspProviderQuery, LspQueryResult } from '@agent-lsp/lsp'
import type { LocalServerConfig } from '@agent-lsp/lsp-local/config'
import type { BackendFactory, ServerBackend } from '../serving/served-provider.js'
import { declarationSite } from './declaration-site.js'
import { answeredInProcess, unanswered } from './live-ready.js'
import { withElsewhere, type Elsewhere } from './spanned.js'
import { createWarmUps, type WarmUps } from './warm-ups.js'

export type { AnswerSource } from './source-names.js'

/** What answers from an index: an `lsp-scip` provider's `query`, and the operations it answers (`scipOperations`). */
export interface IndexAnswerer {
  readonly operations: readonly LspOperation[]
  /** The extensions its indexers cover and their languages (`defaultScipExtensions`): `auto` leaves other servers live. */
  readonly extensionToLanguage: Readonly<Record<string, string>>
  query(request: LspProviderQuery, signal?: AbortSignal): Promise<LspQueryResult>
  /**
   * Whether an index of `request`'s workspace may be there to answer it (its file exists); `false`
   * lets `auto` ask the live server at once, without probing whether it is ready. Default: yes.
   */
  covers?(request: LspProviderQuery): boolean
  /**
   * The extensions of the documents the index of `workspaceRoot` holds, and of the files its
   * manifest saw at the build (`ScipLspProvider.extensionsOf`): a workspace search is not answered
   * from an index holding none of a server's files when some were there.
   */
  extensionsOf?(workspaceRoot: string): Promise<{ readonly indexed: ReadonlySet<string>; readonly listed: ReadonlySet<string> }>
  /** Other repositories' rows for a `findReferences` or `goToImplementation` (a config's `[[indexes]]`), added to every answer, live or not. */
  readonly elsewhere?: Elsewhere
}

/** How {@link withAnswerSource} chooses (`--source index` or `auto`; `live` needs no wrapping). */
export interface AnswerSourceOptions {
  readonly source: 'index' | 'auto'
  /** The workspace's index (its default path, `.agent-lsp/index.scip`). */
  readonly index: IndexAnswerer
  /**
   * `auto`: when the index answers, ask the live server the same in the background, so it is
   * ready for a later query (for a process that lives on: `agent-lsp mcp`, the shared host).
   * One warm-up per backend and workspace root at a time; it starts once the answer has been
   * given (see `warmUps`), through the backend's `warm` when it has one (the shared host's: it
   * runs there, whoever leaves), else as a query in this process. Its failure is left to the
   * next live query to report.
   */
  readonly warm: boolean
  /** When warm-ups start: the host's (see `WarmUps`); default one of this wrapping's own. */
  readonly warmUps?: WarmUps
  /**
   * `auto`: whether the live server of `config` is ready to answer `request`. Default: its backend
   * answered a query of that workspace in this process and none of its servers is starting or
   * indexing (see `answeredInProcess`).
   */
  readonly liveReady?: (config: LocalServerConfig, request: LspProviderQuery) => Promise<boolean>
}

/**
 * Wrap `make` so each backend answers by `options.source`:
 * - `index`: from the index only, the live server never started (`LSP_INDEX_NOT_FOUND` without
 *   one; the index's `LSP_UNSUPPORTED_OPERATION` for what it does not answer).
 * - `auto`: an operation the index answers (`IndexAnswerer.operations`), while the live server is not
 *   ready, is answered from the index at once (the result's `provenance` says so); everything
 *   else, and once the live server is ready, the live server answers. The live server also
 *   answers when the index fails (there is none, `LSP_INDEX_INVALID`, a request it refuses), when
 *   it cannot answer the asked file (changed since the build, or not in it: an empty `partial`
 *   answer), and when rows of its answer are in files changed since (see `unanswered`): every
 *   row it gives is in a file unchanged since the build.
 * A workspace-wide `workspaceSymbol` is asked of every served server: each keeps the index's rows
 * of its own extensions (else each would repeat the whole index). With `auto`, a server none of
 * whose extensions the index covers is left as it is (live): such a search asked of it is not
 * answered by an index that holds none of its files.
 */
export function withAnswerSource(make: BackendFactory, options: AnswerSourceOptions): BackendFactory {
  const warmUps = options.warmUps ?? createWarmUps()
  return (config, slot) => {
    // auto: a server of files no indexer covers (gopls, a JSON server) answers live, workspace searches too.
    if (options.source === 'auto' && !Object.keys(config.extensionToLanguage).some((extension) => Object.hasOwn(options.index.extensionToLanguage, extension))) return make(config, slot)
    let live: ServerBackend | undefined
    const liveBackend = (): ServerBackend => (live ??= make(config, slot))
    const answered = new Set<string>()
    const warming = new Set<string>()
    let disposed = false
    const askLive = async (request: LspProviderQuery, signal?: AbortSignal): Promise<LspQueryResult> => {
      const result = await liveBackend().query(request, signal)
      answered.add(request.workspaceRoot)
      return result
    }
    const ready = (request: LspProviderQuery): Promise<boolean> =>
      options.liveReady ? options.liveReady(config, request) : Promise.resolve(answeredInProcess(answered, live, request))
    const warm = (request: LspProviderQuery): void => {
      const root = request.workspaceRoot
      if (!options.warm || warming.has(root)) return
      warming.add(root)
      const done = (): void => void warming.delete(root)
      const start = async (): Promise<void> => {
        // A backend disposed meanwhile (its config replaced) starts no server again.
        if (disposed) return done()
        const backend = liveBackend()
        if (backend.warm) return backend.warm(request).finally(done)
        // In this process: asked now, answered later. Its failure is the next live query's to report.
        void askLive(request).then(done, done)
      }
      warmUps.hold(start, done)
    }
    const fromIndex = async (request: LspProviderQuery, signal?: AbortSignal): Promise<LspQueryResult> => {
      const result = await options.index.query(request, signal)
      if (request.operation !== 'workspaceSymbol' || request.filePath !== null || result.kind !== 'symbols') return result
      const extensions = Object.keys(config.extensionToLanguage)
      const symbols = result.symbols.filter((symbol) => extensions.some((extension) => symbol.uri.toLowerCase().endsWith(extension)))
      // An index holding none of this server's files while the build saw some (a folder of projects,
      // its TypeScript ones not indexed) has not searched them: partial (`unanswered`: auto asks live).
      const covered = extensions.filter((extension) => Object.hasOwn(options.index.extensionToLanguage, extension))
      const seen = covered.length > 0 ? await options.index.extensionsOf?.(request.workspaceRoot) : undefined
      if (seen !== undefined && !covered.some((extension) => seen.indexed.has(extension)) && covered.some((extension) => seen.listed.has(extension))) {
        const message = `the index holds no ${config.id} files (${covered.filter((extension) => seen.listed.has(extension)).join(' ')} files were there at its build), so they were not searched; index them (agent-lsp index) or ask the live server`
        return { ...result, symbols, completeness: { state: 'partial', reason: 'unconfigured', message } }
      }
      return { ...result, symbols }
    }
    const { elsewhere } = options.index
    const answer = async (request: LspProviderQuery, signal?: AbortSignal): Promise<LspQueryResult> => {
      if (options.source === 'index') return fromIndex(request, signal)
      if (!options.index.operations.includes(request.operation) || options.index.covers?.(request) === false || (await ready(request))) return askLive(request, signal)
      let result: LspQueryResult
      try {
        result = await fromIndex(request, signal)
      } catch (error) {
        // No index, one that does not decode, or a request it refuses: the live server answers
        // (and says what is wrong in its own words, as without an index).
        if (signal?.aborted) throw error
        return askLive(request, signal)
      }
      if (unanswered(result)) return askLive(request, signal)
      warm(request)
      return result
    }
    return {
      query: async (request, signal) => {
        const result = await answer(request, signal)
        if (elsewhere === undefined) return result
        // auto: without this workspace's index to say which symbol is at the cursor, the live
        // server's declaration of it says (it answered this query, or is asked only now).
        const declared = options.source === 'auto' ? () => declarationSite(liveBackend(), config, request, signal) : undefined
        return withElsewhere(result, request, elsewhere, signal, declared)
      },
      dispose: async () => {
        disposed = true
        await live?.dispose()
      },
      status: () => live?.status?.() ?? [],
    }
  }
}
