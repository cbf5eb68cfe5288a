import { relative } from 'node:path'
import {
  LspError,
  extensionOf,
  lspProviderId,
  type LspCompleteness,
  type LspProvider,
  type LspProviderQuery,
  type LspQueryResult,
} from '@agent-lsp/lsp'
import {
  DefinitionRequest,
  HoverRequest,
  ImplementationRequest,
  LSPErrorCodes,
  ReferencesRequest,
  type ServerCapabilities,
  type TextDocumentPositionParams,
} from 'vscode-languageserver-protocol'
import { cancelledError, raceAbort } from './abort.js'
import { LanguageServerClient } from './client.js'
import { defaultLocalProviderLimits, validateServerConfig, type LocalProviderLimits, type LocalServerConfig } from './config.js'
import { OpenDocuments } from './documents.js'
import { lineAt } from './lines.js'
import { normalizeHover, normalizeLocations } from './normalize.js'
import { isInside, nearestRoot, resolveWorkspaceFile, resolveWorkspaceRoot } from './paths.js'
import { findProjects, nearestMarkedDirectory, projectAwareRoot } from './projects.js'
import { pathToUri } from './uri.js'

/** An {@link LspProvider} that owns language server processes; `dispose()` stops them all. */
export interface LocalLspProvider extends LspProvider {
  /** Stop every server (`shutdown`, `exit`, then kill). Later queries throw `LSP_DISPOSED`. */
  dispose(): Promise<void>
}

/** Options of {@link createLocalLspProvider}. */
export interface LocalLspProviderOptions {
  /** Override some bounds of {@link defaultLocalProviderLimits}. */
  readonly limits?: Partial<LocalProviderLimits>
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
  const sessions = new Map<string, Promise<Session>>()
  let disposed = false

  const sessionFor = (root: string): Promise<Session> => {
    let session = sessions.get(root)
    if (!session) {
      session = LanguageServerClient.start(config, root, limits).then((client) => {
        // A crashed server is dropped so that the next query starts a fresh one.
        void client.exited.then(() => {
          if (sessions.get(root) === session) sessions.delete(root)
        })
        return { client, documents: new OpenDocuments(client, limits.maxOpenDocuments), projectsLoaded: new Map() }
      })
      session.catch(() => {}) // a failed start stays in the map: broken, reported to every query
      sessions.set(root, session)
    }
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

  return {
    id: lspProviderId(config.id),
    extensionToLanguage: config.extensionToLanguage,

    async query(request: LspProviderQuery, signal?: AbortSignal): Promise<LspQueryResult> {
      if (disposed) throw new LspError('LSP_DISPOSED', `the "${config.id}" provider has been disposed`)
      const resolvedWorkspaceRoot = resolveWorkspaceRoot(request.workspaceRoot)
      const path = resolveWorkspaceFile(request.filePath, request.workspaceRoot, resolvedWorkspaceRoot)
      const markedRoot = nearestRoot(path, resolvedWorkspaceRoot, config.rootMarkers ?? [])
      const root = markedRoot === resolvedWorkspaceRoot ? projectAwareRoot(path, resolvedWorkspaceRoot, projectMarkers) : markedRoot
      const session = await raceAbort(sessionFor(root), signal, request.operation)
      const { client, documents } = session
      assertSupported(client.capabilities, request.operation, config.id)

      const workspaceWide = request.operation === 'findReferences' || request.operation === 'goToImplementation'
      if (workspaceWide) await raceAbort(loadProjects(session, isInside(root, resolvedWorkspaceRoot) ? root : resolvedWorkspaceRoot), signal, request.operation)
      const text = await documents.sync(path, request.languageId)
      assertPosition(text, request, path)
      const ready = await client.readiness.whenReady(limits.readinessTimeoutMs, signal).catch(() => {
        throw cancelledError(request.operation)
      })
      const completeness: LspCompleteness = !ready
        ? {
            state: 'partial',
            reason: 'indexing',
            message: `${config.id} was still busy (${client.readiness.pending.join(', ')}) after ${limits.readinessTimeoutMs / 1000} s; the answer may be incomplete`,
          }
        : workspaceWide && projectMarkers.length > 0 && nearestMarkedDirectory(path, projectMarkers) === undefined
          ? {
              state: 'partial',
              reason: 'unconfigured',
              message: `no ${projectMarkers.join(' or ')} covers ${relative(resolvedWorkspaceRoot, path)}, so ${config.id} searched only the files it reaches from there; add one to search the whole workspace`,
            }
          : { state: 'complete' }
      const params: TextDocumentPositionParams = { textDocument: { uri: pathToUri(path) }, position: request.position }
      const ask = <R>(send: () => Promise<R>): Promise<R> => retryContentModified(send, limits.contentModifiedRetries)
      const where = (method: string): string => `${config.id} ${method}`

      switch (request.operation) {
        case 'goToDefinition': {
          const raw = await ask(() => client.request(DefinitionRequest.type, params, signal))
          return { kind: 'locations', locations: normalizeLocations(raw, where(DefinitionRequest.method)), resolvedWorkspaceRoot, completeness }
        }
        case 'goToImplementation': {
          const raw = await ask(() => client.request(ImplementationRequest.type, params, signal))
          return { kind: 'locations', locations: normalizeLocations(raw, where(ImplementationRequest.method)), resolvedWorkspaceRoot, completeness }
        }
        case 'findReferences': {
          const raw = await ask(() =>
            client.request(ReferencesRequest.type, { ...params, context: { includeDeclaration: true } }, signal),
          )
          return { kind: 'locations', locations: normalizeLocations(raw, where(ReferencesRequest.method)), resolvedWorkspaceRoot, completeness }
        }
        case 'hover': {
          const raw = await ask(() => client.request(HoverRequest.type, params, signal))
          return { kind: 'hover', hover: normalizeHover(raw, where(HoverRequest.method)), resolvedWorkspaceRoot, completeness }
        }
        default:
          return assertNever(request.operation)
      }
    },

    async dispose(): Promise<void> {
      disposed = true
      const running = [...sessions.values()]
      sessions.clear()
      await Promise.all(running.map((session) => session.then((s) => s.client.dispose(), () => {})))
    },
  }
}

const capabilityOf = {
  goToDefinition: 'definitionProvider',
  findReferences: 'referencesProvider',
  goToImplementation: 'implementationProvider',
  hover: 'hoverProvider',
} as const satisfies Record<LspProviderQuery['operation'], keyof ServerCapabilities>

function assertSupported(capabilities: ServerCapabilities, operation: LspProviderQuery['operation'], id: string): void {
  const capability = capabilityOf[operation]
  if (!capabilities[capability]) {
    throw new LspError('LSP_UNSUPPORTED_OPERATION', `language server "${id}" does not support ${operation} (no ${capability})`)
  }
}

function assertPosition(text: string, request: LspProviderQuery, path: string): void {
  const { line, character } = request.position
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

/** Re-send a request the server answered `ContentModified` (LSP 3.17 §ErrorCodes), a few times. */
async function retryContentModified<R>(send: () => Promise<R>, retries: number): Promise<R> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send()
    } catch (error) {
      const modified = LspError.isInstance(error) && error.responseError?.code === LSPErrorCodes.ContentModified
      if (!modified || attempt >= retries) throw error
    }
  }
}

function assertNever(value: never): never {
  throw new LspError('LSP_UNSUPPORTED_OPERATION', `unsupported operation ${String(value)}`)
}
