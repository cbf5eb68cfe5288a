import { relative } from 'node:path'
import {
  LspError,
  extensionOf,
  lspProviderId,
  type LspCompleteness,
  type LspOperation,
  type LspPosition,
  type LspProvider,
  type LspProviderQuery,
  type LspQueryResult,
} from '@agent-lsp/lsp'
import type { ServerCapabilities } from 'vscode-languageserver-protocol'
import { untilAborted } from '@agent-lsp/abort'
import { cancelledError } from './process/client-errors.js'
import { LanguageServerClient } from './process/client.js'
import { slidingWindowCrashPolicy, type CrashPolicy } from './process/crash-policy.js'
import { defaultLocalProviderLimits, validateServerConfig, type LocalProviderLimits, type LocalServerConfig } from './config.js'
import { OpenDocuments } from './sync/documents.js'
import { lineAt } from './sync/lines.js'
import { runOperation } from './operations/operations.js'
import { ServerPool } from './process/server-pool.js'
import { isInside, nearestRoot, resolveWorkspaceFile, resolveWorkspaceRoot } from './sync/paths.js'
import { findProjects, firstFileWith, nearestMarkedDirectory, projectAwareRoot } from './sync/projects.js'
import { pathToUri } from './normalize/uri.js'

/** An {@link LspProvider} that owns language server processes; `dispose()` stops them all. */
export interface LocalLspProvider extends LspProvider {
  /** Stop every server (`shutdown`, `exit`, then kill). Later queries throw `LSP_DISPOSED`. */
  dispose(): Promise<void>
}

/** Options of {@link createLocalLspProvider}. */
export interface LocalLspProviderOptions {
  /** Override some bounds of {@link defaultLocalProviderLimits}. */
  readonly limits?: Partial<LocalProviderLimits>
  /** When to stop restarting a crashing server; default {@link slidingWindowCrashPolicy}(). */
  readonly crashPolicy?: CrashPolicy
}

interface Session {
  readonly client: LanguageServerClient
  readonly documents: OpenDocuments
  /** Workspace roots whose projects were opened, once each (see `projectMarkers`). */
  readonly projectsLoaded: Map<string, Promise<void>>
}

/**
 * A provider hosting the stdio language server `config` describes: one process per server root
 * (see `rootMarkers`), started lazily by the first query there, shared by concurrent first
 * queries, restarted by the next query after a crash. A server that fails to start is remembered
 * as broken, not retried in a loop.
 *
 * Each query: resolves the file inside the workspace, syncs open documents from disk, waits
 * (bounded) while the server reports `$/progress` work, sends the request (retrying
 * `ContentModified`), and normalizes the answer. Positions are zero-based UTF-16.
 *
 * @throws LspError (from `query`) `LSP_FILE_NOT_FOUND`, `LSP_OUTSIDE_WORKSPACE`,
 *   `LSP_INVALID_POSITION`, `LSP_UNSUPPORTED_OPERATION`, `LSP_SERVER_NOT_FOUND`,
 *   `LSP_SERVER_START_FAILED`, `LSP_SERVER_CRASHED`, `LSP_SERVER_ERROR`, `LSP_TIMEOUT`,
 *   `LSP_MALFORMED_RESPONSE`, `LSP_CANCELLED`, `LSP_DISPOSED`; `LSP_INVALID_PROVIDER` from the
 *   factory itself for a bad config.
 */
export function createLocalLspProvider(config: LocalServerConfig, options: LocalLspProviderOptions = {}): LocalLspProvider {
  validateServerConfig(config)
  const limits: LocalProviderLimits = { ...defaultLocalProviderLimits, ...options.limits }
  const pool = new ServerPool<Session>(limits, (session) => session.client.dispose())
  const crashPolicy = options.crashPolicy ?? slidingWindowCrashPolicy()
  /** Per server root: when its server crashed, and the last crash, for the give-up message. */
  const crashes = new Map<string, { times: number[]; last: LspError }>()
  let disposed = false

  /**
   * Start the server of `root`, unless the crash policy gave up on it (thrown synchronously, so
   * the pool keeps nothing). A failed start stays in the pool: broken, reported to every query.
   */
  const startSession = (root: string): Promise<Session> => {
    const history = crashes.get(root)
    if (history) {
      const verdict = crashPolicy(history.times, Date.now())
      if (!verdict.restart) {
        throw new LspError('LSP_SERVER_CRASHED', `language server "${config.id}" keeps crashing: ${verdict.reason} (last: ${history.last.message})`, { cause: history.last })
      }
    }
    const session: Promise<Session> = LanguageServerClient.start(config, root, limits).then((client) => {
      // A server that is gone is dropped so that the next query starts a fresh one, if the policy allows.
      void client.exited.then((reason) => {
        pool.forget(root, session)
        if (reason.code !== 'LSP_SERVER_CRASHED') return
        const entry = crashes.get(root) ?? { times: [], last: reason }
        crashes.set(root, { times: [...entry.times, Date.now()], last: reason })
      })
      return { client, documents: new OpenDocuments(client, limits.maxOpenDocuments), projectsLoaded: new Map() }
    })
    return session
  }

  const projectMarkers = config.projectMarkers ?? []
  const extensions = new Set(Object.keys(config.extensionToLanguage))

  /** Open one file of every project under `scanRoot`, once per session, so each is searched. */
  const loadProjects = (session: Session, scanRoot: string): Promise<void> => {
    if (projectMarkers.length === 0) return Promise.resolve()
    let loaded = session.projectsLoaded.get(scanRoot)
    if (!loaded) {
      loaded = (async () => {
        for (const { file } of findProjects(scanRoot, projectMarkers, extensions)) {
          await session.documents.sync(file, config.extensionToLanguage[extensionOf(file)] ?? 'plaintext')
        }
      })()
      session.projectsLoaded.set(scanRoot, loaded)
    }
    return loaded
  }

  /** The server root of a file: its `rootMarkers` project, else the workspace (or the project containing it). */
  const serverRoot = (path: string, workspaceRoot: string): string => {
    const marked = nearestRoot(path, workspaceRoot, config.rootMarkers ?? [])
    return marked === workspaceRoot ? projectAwareRoot(path, workspaceRoot, projectMarkers) : marked
  }

  /** Answer `request` with the session of its server root (the lines a query runs once resolved). */
  const answerWith = async (
    starting: Promise<Session>,
    request: LspProviderQuery,
    path: string | null,
    root: string,
    resolvedWorkspaceRoot: string,
    signal: AbortSignal | undefined,
    /** For a query without a file: a file of this server's languages in the workspace, if known. */
    anyFile: string | undefined | 'unknown',
  ): Promise<LspQueryResult> => {
    const session = await untilAborted(starting, signal, () => cancelledError(request.operation))
    const { client, documents } = session
    assertSupported(client.capabilities, request.operation, config.id)

    const workspaceWide = workspaceWideOperations.has(request.operation)
    // Files that are not open reach the server only through this (pyright, and tsserver with
    // useClientFileWatcher, do not watch the disk themselves): a hover in an open file shows the
    // types of an unopened one as it is now. A scan of the watched files, bounded.
    await client.watchedFiles.sync()
    if (workspaceWide) {
      await untilAborted(loadProjects(session, isInside(root, resolvedWorkspaceRoot) ? root : resolvedWorkspaceRoot), signal, () => cancelledError(request.operation))
    }
    let text: string | null = null
    if (path === null) {
      await documents.refreshOpen()
      // A server that loads its project when a document opens (clangd and compile_commands.json)
      // knows no symbol before one is: give it one.
      if (documents.size === 0 && anyFile !== undefined && anyFile !== 'unknown') {
        const languageId = config.extensionToLanguage[extensionOf(anyFile)]
        if (languageId !== undefined) {
          await documents.sync(anyFile, languageId)
          // Its first diagnostics say it has taken the document in (and begun any indexing it
          // brings, which readiness then waits for); bounded, as a server may publish none.
          await client.diagnostics.current(pathToUri(anyFile), FIRST_OPEN_SETTLE_MS, signal)
        }
      }
    }
    if (path !== null && request.languageId !== null) {
      text = await documents.sync(path, request.languageId)
      if ('position' in request) assertPosition(text, request.position, path)
      const range = request.operation === 'codeActions' || request.operation === 'format' ? request.range : null
      if (range !== null) {
        assertPosition(text, range.start, path)
        assertPosition(text, range.end, path)
      }
    }
    const whenReady = (): Promise<boolean> =>
      client.readiness.whenReady(limits.readinessTimeoutMs, signal).catch(() => {
        throw cancelledError(request.operation)
      })
    const reopen =
      path === null ? null : () => documents.reopen(path, (uri) => client.diagnostics.next(uri, REOPEN_CLOSE_WAIT_MS))
    const ask = () => runOperation(request, { client, serverId: config.id, uri: path === null ? null : pathToUri(path), limits, signal, text, reopen })
    let ready = await whenReady()
    const announcedBefore = client.readiness.announced
    let { completeness: known, ...answer } = await ask()
    // The query itself may start work the server announces only after readiness was checked
    // (clangd indexes once a didOpen loaded compile_commands.json): an answer that arrives
    // while that work still runs predates it, so ask again once it is done.
    if (ready && client.readiness.announced > announcedBefore && !client.readiness.ready) {
      ready = await whenReady()
      ;({ completeness: known, ...answer } = await ask())
    }
    assertCurrentVersions(answer as LspQueryResult, documents, config.id)
    const unconfigured = workspaceWide && path !== null && projectMarkers.length > 0 && nearestMarkedDirectory(path, projectMarkers) === undefined
    const completeness: LspCompleteness = !ready
      ? {
          state: 'partial',
          reason: 'indexing',
          message: `${config.id} was still busy (${client.readiness.pending.join(', ')}) after ${limits.readinessTimeoutMs / 1000} s; the answer may be incomplete`,
        }
      : unconfigured
        ? {
            state: 'partial',
            reason: 'unconfigured',
            message: `no ${projectMarkers.join(' or ')} covers ${relative(resolvedWorkspaceRoot, path)}, so ${config.id} searched only the files it reaches from there; add one to search the whole workspace`,
          }
        : (known ?? { state: 'complete' })
    return { ...answer, resolvedWorkspaceRoot, completeness } as LspQueryResult
  }

  return {
    id: lspProviderId(config.id),
    extensionToLanguage: config.extensionToLanguage,

    async query(request: LspProviderQuery, signal?: AbortSignal): Promise<LspQueryResult> {
      if (disposed) throw new LspError('LSP_DISPOSED', `the "${config.id}" provider has been disposed`)
      const resolvedWorkspaceRoot = resolveWorkspaceRoot(request.workspaceRoot)
      const anyFile = request.filePath === null ? firstFileWith(resolvedWorkspaceRoot, extensions) : undefined
      if (request.filePath === null && anyFile === undefined) {
        // A search of every language: this one has no file here, so nothing to start or find.
        return { kind: 'symbols', symbols: [], resolvedWorkspaceRoot, completeness: { state: 'complete' } }
      }
      const path = request.filePath === null ? null : resolveWorkspaceFile(request.filePath, request.workspaceRoot, resolvedWorkspaceRoot)
      const root = path === null ? resolvedWorkspaceRoot : serverRoot(path, resolvedWorkspaceRoot)
      return pool.use(root, () => startSession(root), (starting) => answerWith(starting, request, path, root, resolvedWorkspaceRoot, signal, anyFile))
    },

    async dispose(): Promise<void> {
      disposed = true
      await pool.stopAll()
    },
  }
}

/** How long a query without a file waits for the first document it opened to be taken in. */
const FIRST_OPEN_SETTLE_MS = 3_000

/** How long a reopen waits for the server's answer to the close (its empty diagnostics) before opening again. */
const REOPEN_CLOSE_WAIT_MS = 1_000

/** Which server capability each operation needs (LSP 3.17 §ServerCapabilities). */
const capabilityOf = {
  goToDefinition: 'definitionProvider',
  goToTypeDefinition: 'typeDefinitionProvider',
  findReferences: 'referencesProvider',
  goToImplementation: 'implementationProvider',
  hover: 'hoverProvider',
  signatureHelp: 'signatureHelpProvider',
  incomingCalls: 'callHierarchyProvider',
  outgoingCalls: 'callHierarchyProvider',
  documentSymbol: 'documentSymbolProvider',
  workspaceSymbol: 'workspaceSymbolProvider',
  diagnostics: 'textDocumentSync',
  completion: 'completionProvider',
  rename: 'renameProvider',
  codeActions: 'codeActionProvider',
  format: 'documentFormattingProvider',
} as const satisfies Record<LspOperation, keyof ServerCapabilities>

/** Operations whose answer spans the workspace: every project must be loaded first. */
const workspaceWideOperations = new Set<LspOperation>(['findReferences', 'goToImplementation', 'incomingCalls', 'workspaceSymbol', 'rename'])

function assertSupported(capabilities: ServerCapabilities, operation: LspOperation, id: string): void {
  const capability = capabilityOf[operation]
  if (!capabilities[capability]) {
    throw new LspError('LSP_UNSUPPORTED_OPERATION', `language server "${id}" does not support ${operation} (no ${capability})`)
  }
}

/**
 * Refuse an edit the server computed against another version of an open document than the one
 * it was sent (a `TextDocumentEdit` whose `version` is not the document's), as editors do: its
 * ranges would land on the wrong text.
 * @throws LspError `LSP_SERVER_ERROR`.
 */
function assertCurrentVersions(answer: LspQueryResult, documents: OpenDocuments, id: string): void {
  const edits =
    answer.kind === 'workspaceEdit' ? [answer.edit] : answer.kind === 'codeActions' ? answer.actions.map((action) => action.edit) : []
  for (const edit of edits) {
    for (const change of edit?.changes ?? []) {
      if (change.kind !== 'edit' || change.version === null) continue
      const current = documents.versionOf(change.uri)
      if (current !== undefined && current !== change.version) {
        throw new LspError(
          'LSP_SERVER_ERROR',
          `language server "${id}" computed an edit of ${change.uri} for version ${change.version}, but the document is at version ${current}; ask again`,
        )
      }
    }
  }
}

function assertPosition(text: string, position: LspPosition, path: string): void {
  const { line, character } = position
  const lineText = lineAt(text, line)
  if (lineText === undefined) {
    const count = text.split(/\r\n|\r|\n/).length
    throw new LspError('LSP_INVALID_POSITION', `line ${line} (zero-based) is past the end of ${path} (${count} lines)`)
  }
  if (character > lineText.length) {
    throw new LspError(
      'LSP_INVALID_POSITION',
      `character ${character} (zero-based, UTF-16) is past the end of line ${line} of ${path} (${lineText.length} UTF-16 units)`,
    )
  }
}

