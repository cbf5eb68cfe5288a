import { setImmediate as nextTurn } from 'node:timers/promises'
import { LspError, lspProviderId, type LspProvider, type LspProviderQuery, type LspQueryResult } from '@agent-lsp/lsp'
import { LanguageServerClient } from './process/client.js'
import { slidingWindowCrashPolicy, slidingWindowMemoryPolicy, type CrashPolicy } from './process/crash-policy.js'
import type { LocalServerConfig } from './config.js'
import { validateServerConfig } from './config-validate.js'
import { defaultLocalProviderLimits, type LocalProviderLimits } from './limits.js'
import { MemoryCaps, withHeapLimit } from './process/memory-cap.js'
import { groupRssBytes } from './process/process-memory.js'
import { lookListeners } from './operations/look-listeners.js'
import { OpenDocuments } from './sync/documents.js'
import { ServerRestarted, answerWith, type Session } from './operations/answer.js'
import { askEarly, type EarlyAsk } from './operations/early-ask.js'
import { implementationsTransitively } from './operations/implementation-transitive.js'
import { ServerPool } from './process/server-pool.js'
import { serverStatus, type LocalServerStatus, type ServerRecord } from './process/server-status.js'
import { nearestRoot, resolveWorkspaceFile, resolveWorkspaceRoot, workspaceMarkedRoot } from './sync/paths.js'
import { firstFileWith, projectAwareRoot, workspaceServerRoot } from './sync/projects.js'
import { findVirtualenv, settingsWithVirtualenv } from './sync/virtualenv.js'
import { CompileDatabases } from './sync/compile-database.js'
import { SourceFiles } from './sync/source-files.js'
import { ViewGate } from './sync/view-gate.js'

/** An {@link LspProvider} that owns language server processes; `dispose()` stops them all. */
export interface LocalLspProvider extends LspProvider {
  /** Stop every server (`shutdown`, `exit`, then kill). Later queries throw `LSP_DISPOSED`. */
  dispose(): Promise<void>
  /** Every server this provider started (or tried to) and has not forgotten, by root. */
  status(): LocalServerStatus[]
  /**
   * The servers running now with no query in flight: their root, pid (their process group's), and
   * when their last query ended (ms since the epoch). What a host's budget across providers may stop.
   */
  idleServers(): IdleServer[]
  /** Stop `root`'s server if it is idle (never one with a query in flight); whether it did. */
  stopIdle(root: string): boolean
}

/** A running server with no query in flight (see {@link LocalLspProvider.idleServers}). */
export interface IdleServer {
  readonly root: string
  readonly pid: number
  readonly lastUsedAt: number
}

/** Options of {@link createLocalLspProvider}. */
export interface LocalLspProviderOptions {
  /** Override some bounds of {@link defaultLocalProviderLimits}. */
  readonly limits?: Partial<LocalProviderLimits>
  /** When to stop restarting a crashing server; default {@link slidingWindowCrashPolicy}(). */
  readonly crashPolicy?: CrashPolicy
  /**
   * When to stop restarting a server that goes over its memory cap (`maxMemoryMB`); default
   * {@link slidingWindowMemoryPolicy}() (the third time in 10 min it is stopped).
   */
  readonly memoryPolicy?: CrashPolicy
  /** Resident bytes of a process group (default: summed from `/proc`); for tests. */
  readonly sampleRss?: (pgid: number) => number | null
}

/**
 * A provider hosting the stdio language server `config` describes: one process per server root
 * (see `rootMarkers`), started lazily by the first query there, shared by concurrent first
 * queries, restarted by the next query after a crash. A server that fails to start is remembered
 * as broken, not retried in a loop. Every `memorySampleMs` each idle server's process group is
 * weighed against its memory cap (`maxMemoryMB`); one over it is stopped, and the next query there
 * starts another and carries an `LSP_SERVER_RESTARTED` notice, until the memory policy gives up.
 *
 * Each query: resolves the file inside the workspace, syncs open documents from disk, waits
 * (bounded) while the server reports `$/progress` work, sends the request (retrying
 * `ContentModified`), and normalizes the answer. Positions are zero-based UTF-16.
 *
 * @throws LspError (from `query`) `LSP_FILE_NOT_FOUND`, `LSP_OUTSIDE_WORKSPACE`,
 *   `LSP_INVALID_POSITION`, `LSP_UNSUPPORTED_OPERATION`, `LSP_SERVER_NOT_FOUND`,
 *   `LSP_SERVER_START_FAILED`, `LSP_SERVER_CRASHED`, `LSP_SERVER_ERROR`, `LSP_TIMEOUT`,
 *   `LSP_MALFORMED_RESPONSE`, `LSP_CANCELLED`, `LSP_DISPOSED`, `LSP_SERVER_OVER_MEMORY`; `LSP_INVALID_PROVIDER` from the
 *   factory itself for a bad config.
 */
export function createLocalLspProvider(config: LocalServerConfig, options: LocalLspProviderOptions = {}): LocalLspProvider {
  validateServerConfig(config)
  const limits: LocalProviderLimits = { ...defaultLocalProviderLimits, ...options.limits }
  const pool = new ServerPool<Session>(limits, (session) => session.client.dispose())
  const crashPolicy = options.crashPolicy ?? slidingWindowCrashPolicy()
  /** Per server root: when its server crashed, and the last crash, for the give-up message. */
  const crashes = new Map<string, { times: number[]; last: LspError }>()
  /** Per server root: what `status()` reports of its server. */
  const records = new Map<string, ServerRecord>()
  /** Per server root: when its last query ended (ms since the epoch). */
  const lastUsed = new Map<string, number>()
  /** Per server root: its session once started, for a query asked before its paths are resolved (see `askBefore`). */
  const sessions = new Map<string, Session>()
  /** Per workspace root and file as a query gave them: where the last such query resolved to. */
  const places = new Map<string, ResolvedPlace>()
  const memory = new MemoryCaps(config, limits, options.memoryPolicy ?? slidingWindowMemoryPolicy())
  const sampleRss = options.sampleRss ?? groupRssBytes
  let sampler: NodeJS.Timeout | undefined
  let disposed = false

  /** Stop every idle server over its cap: restarted by its next query, or refused once the policy gives up. */
  const weighServers = (): void => {
    for (const [root, record] of records) {
      const { client } = record
      if (client?.state !== 'running' || client.pid === undefined || !pool.isIdle(root)) continue
      const rss = sampleRss(client.pid)
      if (rss === null || rss <= memory.capBytes || !pool.stopIdle(root)) continue
      if (memory.over(root, rss, Date.now()) === 'stop') record.failure = { error: memory.refusal(root, Date.now())!, state: 'stopped' }
    }
  }

  /**
   * Start the server of `root`, unless the crash policy gave up on it (thrown synchronously, so
   * the pool keeps nothing). A failed start stays in the pool: broken, reported to every query.
   */
  const startSession = (root: string, workspaceRoot: string): Promise<Session> => {
    const history = crashes.get(root)
    const record: ServerRecord = { startedAt: Date.now(), client: undefined, openDocuments: () => 0, failure: undefined, crashes: history?.times.length ?? 0, lastError: history?.last }
    const refused = memory.refusal(root, Date.now())
    if (refused) {
      records.set(root, { ...record, failure: { error: refused, state: 'stopped' } })
      throw refused
    }
    if (history) {
      const verdict = crashPolicy(history.times, Date.now())
      if (!verdict.restart) {
        const error = new LspError('LSP_SERVER_CRASHED', `language server "${config.id}" keeps crashing: ${verdict.reason} (last: ${history.last.message})`, { cause: history.last })
        records.set(root, { ...record, failure: { error, state: 'stopped' } })
        throw error
      }
    }
    records.set(root, record)
    const serverConfig = configFor(config, root, workspaceRoot)
    // Told only as it starts: a virtualenv made in the root later restarts it (see `answerFromDisk`).
    const awaitsVirtualenv = config.virtualenv !== undefined && serverConfig === config
    const started = LanguageServerClient.start(withHeapLimit(serverConfig, limits), root, limits)
    started.catch((error: LspError) => (record.failure = { error, state: 'broken' }))
    const session: Promise<Session> = started.then((client) => {
      record.client = client
      // A server that is gone is dropped so that the next query starts a fresh one, if the policy allows.
      void client.exited.then((reason) => {
        pool.forget(root, session)
        if (sessions.get(root)?.client === client) sessions.delete(root)
        if (reason.code !== 'LSP_SERVER_CRASHED') return
        const entry = crashes.get(root) ?? { times: [], last: reason }
        crashes.set(root, { times: [...entry.times, Date.now()], last: reason })
        record.crashes = entry.times.length + 1
        record.lastError = reason
      })
      const documents = new OpenDocuments(client, limits.maxOpenDocuments)
      record.openDocuments = () => documents.size
      const started: Session = {
        client,
        documents,
        projectsLoaded: new Map(),
        excluded: new Map(),
        projects: new Map(),
        ...lookListeners(client.watchedFiles, config),
        // What is on disk as the server starts is what it reads itself (see `openChangedFiles`).
        sources: config.openChangedFiles || config.compileDatabase ? new SourceFiles(root, extensions) : undefined,
        databases: config.compileDatabase ? new CompileDatabases(config.compileDatabase, config.args ?? [], root) : undefined,
        awaitsVirtualenv,
        sendingChanges: undefined,
        view: new ViewGate(),
      }
      sessions.set(root, started)
      return started
    })
    return session
  }

  const projectMarkers = config.projectMarkers ?? []
  const extensions = new Set(Object.keys(config.extensionToLanguage))

  /** The server root of a file: its `workspaceRootMarkers` folder, its `rootMarkers` project, else the workspace (or the project containing it). */
  const serverRoot = (path: string, workspaceRoot: string): string => {
    const outer = workspaceMarkedRoot(path, workspaceRoot, config.workspaceRootMarkers ?? [])
    if (outer !== undefined) return outer
    const marked = nearestRoot(path, workspaceRoot, config.rootMarkers ?? [])
    return marked === workspaceRoot ? projectAwareRoot(path, workspaceRoot, projectMarkers) : marked
  }

  /** Ask `request` of the session its file's last place names, before resolving its paths (see `askEarly`). */
  const askBefore = (key: string | undefined, request: LspProviderQuery, signal: AbortSignal | undefined): { readonly place: ResolvedPlace; readonly ask: EarlyAsk } | undefined => {
    const place = key === undefined ? undefined : places.get(key)
    const session = place === undefined ? undefined : sessions.get(place.root)
    if (place === undefined || session === undefined || session.view.overlaid) return undefined
    const ask = askEarly(session, request, place, config, limits, signal)
    return ask === undefined ? undefined : { place, ask }
  }
  /** Where `request` runs: the workspace root's realpath, the file's (after a move, its new path's), and its server root. */
  const placeOf = (request: LspProviderQuery): ResolvedPlace => {
    const resolvedWorkspaceRoot = resolveWorkspaceRoot(request.workspaceRoot)
    // After a move the file is at its new path (`didRenameFiles`): that is the file to sync.
    const asked = request.operation === 'didRenameFiles' ? request.newPath : request.filePath
    if (asked === null) return { path: null, root: workspaceServerRoot(resolvedWorkspaceRoot, projectMarkers), resolvedWorkspaceRoot }
    const path = resolveWorkspaceFile(asked, request.workspaceRoot, resolvedWorkspaceRoot)
    return { path, root: serverRoot(path, resolvedWorkspaceRoot), resolvedWorkspaceRoot }
  }
  const rememberPlace = (key: string, place: ResolvedPlace): void => {
    if (places.size >= MAX_PLACES && !places.has(key)) places.clear()
    places.set(key, place)
  }

  /** One query, answered by the server once (see `query`, which completes a direct-only implementations answer). */
  const answer = async (request: LspProviderQuery, signal?: AbortSignal): Promise<LspQueryResult> => {
    if (disposed) throw new LspError('LSP_DISPOSED', `the "${config.id}" provider has been disposed`)
    if (sampler === undefined && Number.isFinite(memory.capBytes)) {
      sampler = setInterval(weighServers, limits.memorySampleMs)
      sampler.unref() // weighing servers must not keep the host alive
    }
    // A warm question about the file asked last time goes to the server now; the paths are resolved meanwhile.
    const key = request.filePath === null ? undefined : `${request.workspaceRoot}\0${request.filePath}`
    const early = askBefore(key, request, signal)
    // vscode-jsonrpc writes a request on a later turn (setImmediate): let it go out before the
    // paths are resolved (realpath, stat), not after (measured: 40-80 µs sooner at the server).
    if (early !== undefined) await nextTurn()
    let place: ResolvedPlace
    try {
      place = placeOf(request)
    } catch (error) {
      early?.ask.cancel()
      throw error
    }
    const { path, root, resolvedWorkspaceRoot } = place
    const anyFile = request.filePath === null ? firstFileWith(resolvedWorkspaceRoot, extensions) : undefined
    if (request.filePath === null && anyFile === undefined) {
      // A search of every language: this one has no file here, so nothing to start or find.
      const complete = { resolvedWorkspaceRoot, completeness: { state: 'complete' } } as const
      return request.operation === 'workspaceDiagnostics' ? { kind: 'workspaceDiagnostics', files: [], checks: [], ...complete } : { kind: 'symbols', symbols: [], ...complete }
    }
    if (key !== undefined && path !== null) rememberPlace(key, { path, root, resolvedWorkspaceRoot })
    const sent = early && early.place.path === path && early.place.root === root && early.place.resolvedWorkspaceRoot === resolvedWorkspaceRoot ? early.ask : (early?.ask.cancel(), undefined)
    const run = (): Promise<LspQueryResult> =>
      pool.use(root, () => startSession(root, resolvedWorkspaceRoot), (starting) => {
        const restart = async (): Promise<void> => {
          pool.forget(root, starting)
          await (await starting).client.dispose()
        }
        return answerWith(starting, request, { path, root, resolvedWorkspaceRoot, anyFile, restart, early: sent }, config, limits, signal)
      })
    try {
      // Once: the new server reads the database as it is now.
      const result = await run().catch((error: unknown) => (error instanceof ServerRestarted ? run() : Promise.reject(error)))
      return memory.annotate(root, result)
    } finally {
      lastUsed.set(root, Date.now())
    }
  }

  return {
    id: lspProviderId(config.id),
    extensionToLanguage: config.extensionToLanguage,
    ...(config.fileNameToLanguage === undefined ? {} : { fileNameToLanguage: config.fileNameToLanguage }),

    async query(request: LspProviderQuery, signal?: AbortSignal): Promise<LspQueryResult> {
      const result = await answer(request, signal)
      if (request.operation !== 'goToImplementation' || config.implementation !== 'direct' || result.kind !== 'locations') return result
      return implementationsTransitively(result, (filePath, position) => answer({ ...request, filePath, position }, signal), signal)
    },

    async dispose(): Promise<void> {
      disposed = true
      clearInterval(sampler)
      await pool.stopAll()
    },

    idleServers(): IdleServer[] {
      return [...records].flatMap(([root, { client }]) =>
        client?.state === 'running' && client.pid !== undefined && pool.isIdle(root) ? [{ root, pid: client.pid, lastUsedAt: lastUsed.get(root) ?? 0 }] : [])
    },

    stopIdle(root: string): boolean {
      return pool.stopIdle(root)
    },

    status(): LocalServerStatus[] {
      return [...records].map(([root, record]) => serverStatus(config.id, root, record))
    },
  }
}

/** Where a query resolved: its file's realpath (`null`: no file), its server root, the workspace root's realpath. */
interface ResolvedPlace {
  readonly path: string | null
  readonly root: string
  readonly resolvedWorkspaceRoot: string
}

/** Files whose last place is kept (a model works on a few hundred at most; past this, forgotten at once). */
const MAX_PLACES = 1_000

/** `config` as the server of `root` runs: with its virtualenv in the settings (see `virtualenv`). */
function configFor(config: LocalServerConfig, root: string, workspaceRoot: string): LocalServerConfig {
  if (config.virtualenv === undefined) return config
  const venv = findVirtualenv(root, config.env?.VIRTUAL_ENV ?? process.env.VIRTUAL_ENV, workspaceRoot)
  if (venv === undefined) return config
  const { interpreterSetting, searchPathsSetting, runWorkspaceInterpreter = false } = config.virtualenv
  return { ...config, settings: settingsWithVirtualenv(config.settings, venv, { interpreterSetting, searchPathsSetting, runWorkspaceInterpreter }) }
}
