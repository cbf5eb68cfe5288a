import { dirname } from 'node:path'
import { LspError, languageOf, type LspCompleteness, type LspOperation, type LspPosition, type LspProviderQuery, type LspQueryResult } from '@agent-lsp/lsp'
import { untilAborted } from '@agent-lsp/abort'
import { cancelledError } from '../process/client-errors.js'
import type { LocalProviderLimits, LocalServerConfig } from '../config.js'
import { syncedUnlessNotText, type DocumentHold, type OpenDocuments } from '../sync/documents.js'
import { lineAt, lineCount } from '../sync/lines.js'
import { isInside } from '../sync/paths.js'
import { findProjects } from '../sync/projects.js'
import { hasVirtualenv } from '../sync/virtualenv.js'
import { looseFiles, type LooseFiles } from '../sync/loose-files.js'
import { pathToUri } from '../normalize/uri.js'
import { REOPEN_CLOSE_WAIT_MS, sendChangedFiles, type ChangedFiles } from './changed-files.js'
import { expectIndexing } from './index-start.js'
import { assertEngineAlive } from './engine-probe.js'
import { dependentRootsCompleteness } from './dependent-roots.js'
import { enclosingWorkspaceCompleteness } from './enclosing-workspace.js'
import { unwatchedSourcesCompleteness } from './unwatched-sources.js'
import { compileDatabaseCompleteness, excludedFoldersCompleteness, failingCompleteness, inheritedConfigCompleteness, looseFilesCompleteness } from './coverage.js'
import { actOnChangedPackages } from './packages-changed.js'
import { alongside } from './go-build-excluded.js'
import { actOnMadeProjects } from './made-projects.js'
import type { Session } from './session.js'
import { runOperation } from './operations.js'
import { diagnosticsOneByOne, filesOneByOne } from './diagnostics-one-by-one.js'
import { sameSymbolDefinitions, sameSymbolReferences } from './references-by-name.js'
import { assertSupported, unsupported } from './supported.js'
import { askEarly, type EarlyAsk } from './early-ask.js'
import { answerOverlayDiagnostics, readingDisk } from './overlay-diagnostics.js'
import { openEveryProject } from './tsserver-projects.js'

export type { Session } from './session.js'

/** Where a query runs, once its file and server root are resolved. */
export interface QueryPlace {
  /** The realpath of the file asked about; `null` for a query without a file. */
  readonly path: string | null
  /** The server root (the session's). */
  readonly root: string
  readonly resolvedWorkspaceRoot: string
  /** For a query without a file: a file of this server's languages in the workspace, if known. */
  readonly anyFile: string | undefined | 'unknown'
  /** Stop this root's server so that the next query starts another (see {@link ServerRestarted}). */
  readonly restart: () => Promise<void>
  /** The request already sent, with the place the last query of this file resolved to (see `askEarly`); the same place as this one. */
  readonly early?: EarlyAsk | undefined
}

/**
 * Thrown by {@link answerWith} once it has stopped the server because the compile database changed
 * since the server read it (see `CompileDatabases.find`: clangd may use the old one for up to
 * 30 s, and never re-indexes by itself): the provider asks again, on a new server.
 */
export class ServerRestarted extends Error {
  constructor() {
    super('the compile database changed since the server read it; the server was restarted')
    this.name = 'ServerRestarted'
  }
}

/**
 * Answer `request` with the session of its server root: the watched files reported, the projects
 * a workspace-wide query needs opened, the document in sync, the server ready (bounded), the
 * request sent (see `runOperation`), and the answer's completeness as far as the host knows it.
 */
export async function answerWith(
  starting: Promise<Session>,
  request: LspProviderQuery,
  place: QueryPlace,
  config: LocalServerConfig,
  limits: LocalProviderLimits,
  signal: AbortSignal | undefined,
): Promise<LspQueryResult> {
  const session = await untilAborted(starting, signal, () => cancelledError(request.operation))
  if (request.operation === 'overlayDiagnostics') return answerOverlayDiagnostics(session, request, place, config, limits, signal)
  return readingDisk(session, request.operation, signal, (hold) => answerFromDisk(session, request, place, config, limits, signal, hold))
}

/** {@link answerWith} for a query that syncs its documents from disk, with no overlay active; its file held open (`hold`). */
async function answerFromDisk(session: Session, request: LspProviderQuery, place: QueryPlace, config: LocalServerConfig, limits: LocalProviderLimits, signal: AbortSignal | undefined, hold: DocumentHold): Promise<LspQueryResult> {
  const { path, root, resolvedWorkspaceRoot, anyFile } = place
  const { client, documents } = session
  const firstOpen = documents.size === 0
  // A file moved: its document (gone from disk) is closed before the server hears of the move.
  if (request.operation === 'didRenameFiles') await documents.refreshOpen()
  // A server with no workspace diagnostics has its few files here checked one by one (the
  // workspace's, or the project's of the file asked about); more are a miss it says, not an empty answer.
  let oneByOne: { readonly files: readonly string[]; readonly headers?: string } | undefined
  const checksOneByOne = path === null || unsupported(client.capabilities, 'diagnostics', config, path) === undefined
  if (request.operation === 'workspaceDiagnostics' && checksOneByOne && unsupported(client.capabilities, request.operation, config, path) !== undefined) {
    const found = filesOneByOne(client.capabilities, config, path === null ? resolvedWorkspaceRoot : root, path ?? anyFile)
    if ('unchecked' in found) return { kind: 'workspaceDiagnostics', files: [], checks: [], resolvedWorkspaceRoot, completeness: { state: 'partial', reason: 'unconfigured', message: found.unchecked } }
    oneByOne = found
  } else assertSupported(client.capabilities, request.operation, config, path)
  // Looked up on every query, so that the first one sees what the server reads as it opens a file.
  const found = session.databases?.find(path === null ? root : dirname(path))
  if (found?.changed || (session.awaitsVirtualenv && hasVirtualenv(root, resolvedWorkspaceRoot))) {
    await place.restart()
    throw new ServerRestarted()
  }

  const workspaceWide = workspaceWideOperations.has(request.operation)
  // Asked now (or already), while the checks below run; kept only if they tell the server nothing (see askEarly).
  const early = place.early?.client === client ? place.early : (place.early?.cancel(), askEarly(session, request, place, config, limits, signal))
  // Files that are not open reach the server only through this (pyright, and tsserver with
  // useClientFileWatcher, do not watch the disk themselves): a hover in an open file shows the
  // types of an unopened one as it is now. A scan of the watched files, bounded.
  client.watchedFiles.include(resolvedWorkspaceRoot)
  await client.watchedFiles.sync()
  await actOnMadeProjects(session)
  await session.unseenChanges?.open(documents, config)
  await actOnChangedPackages(client, config, session.packagesSeen, request.operation, signal)
  const scanRoot = isInside(root, resolvedWorkspaceRoot) ? root : resolvedWorkspaceRoot
  let loose: LooseFiles | undefined
  let changed: ChangedFiles | undefined
  if (workspaceWide) {
    await untilAborted(loadProjects(session, scanRoot, config), signal, () => cancelledError(request.operation))
    loose = await openLooseFiles(documents, scanRoot, path, config, limits)
    // Before the queried file is synced, so that it is the most recently used document.
    changed = await sendChangedFiles(session, config, limits, resolvedWorkspaceRoot, signal)
  }
  let text: string | null = null
  if (path === null) {
    await documents.refreshOpen()
    // A server that loads its project when a document opens (clangd and compile_commands.json)
    // knows no symbol before one is: give it one.
    if (documents.size === 0 && anyFile !== undefined && anyFile !== 'unknown') {
      const languageId = languageOf(config, anyFile)
      if (languageId !== undefined) expectIndexing({ databases: session.databases, readiness: client.readiness }, config, limits, anyFile)
      if (languageId !== undefined && (await syncedUnlessNotText(documents, anyFile, languageId))) {
        // Its first diagnostics say it has taken the document in (and begun any indexing it
        // brings, which readiness then waits for); bounded, as a server may publish none.
        await client.diagnostics.current(pathToUri(anyFile), FIRST_OPEN_SETTLE_MS, signal)
      }
    }
  }
  if (path !== null && request.languageId !== null) {
    if (firstOpen) expectIndexing({ databases: session.databases, readiness: client.readiness }, config, limits, path)
    text = await documents.sync(path, request.languageId, hold)
    // A server that indexes the compile database the first document loads (clangd) announces that
    // work only once it has read it, which its first diagnostics follow: wait for them (bounded).
    if (config.awaitOpenDiagnostics || (firstOpen && config.compileDatabase !== undefined)) await client.diagnostics.current(pathToUri(path), FIRST_OPEN_SETTLE_MS, signal)
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
  const reopen = path === null ? null : () => documents.reopen(path, (uri) => client.diagnostics.next(uri, REOPEN_CLOSE_WAIT_MS))
  // tsserver checks a file, and searches implementations, in its default project alone: every project is loaded and asked too.
  const everyProject = (request.operation === 'diagnostics' && config.diagnostics?.pull === 'tsserver') || (request.operation === 'goToImplementation' && config.implementation === 'tsserver')
  const projects = everyProject ? { projects: await openEveryProject(root, config, documents, session.projects, client.watchedFiles.generation) } : {}
  const operation = { client, serverId: config.id, uri: path === null ? null : pathToUri(path), limits, signal, text, reopen, root, resolvedWorkspaceRoot, projectCheck: config.projectCheck, ...projects }
  const ask = () => (oneByOne === undefined ? runOperation(request, operation) : diagnosticsOneByOne(oneByOne, operation, documents, hold))
  let ready = await whenReady()
  const stood = early?.stands() ? early : (early?.cancel(), undefined)
  const announcedBefore = stood?.announcedBefore ?? client.readiness.announced
  const answering = stood?.answer ?? ask()
  // What the host knows the answer may leave out, looked at while the server computes it.
  const definition = request.operation === 'goToDefinition' || request.operation === 'goToTypeDefinition'
  const database = found && (workspaceWide || definition) ? found.database : undefined
  const covered =
    changed?.completeness ??
    (loose && looseFilesCompleteness(config, loose, path, resolvedWorkspaceRoot)) ??
    (workspaceWide ? inheritedConfigCompleteness(config, root, resolvedWorkspaceRoot) : undefined) ??
    dependentRootsCompleteness(config, request.operation, root, resolvedWorkspaceRoot) ??
    enclosingWorkspaceCompleteness(config, request.operation, resolvedWorkspaceRoot) ??
    unwatchedSourcesCompleteness(request.operation, client.watchedFiles.unwatchedSources, resolvedWorkspaceRoot) ??
    (workspaceWide ? excludedFoldersCompleteness(config, scanRoot, session.excluded, client.watchedFiles.generation) : undefined) ??
    (database && compileDatabaseCompleteness(config, database, workspaceWide ? 'workspace' : 'definition', { path, workspaceRoot: resolvedWorkspaceRoot }, changed?.scan, (file) => documents.isOpen(file)))
  // Names only files the build leaves out declare (a Go file for another GOARCH), listed once per change to them.
  const unbuilt = request.operation === 'workspaceSymbol' ? session.buildExcluded?.completeness(root, request.query, resolvedWorkspaceRoot) : undefined
  let { completeness: known, ...answer } = await answering
  // The query itself may start work the server announces only after readiness was checked
  // (clangd indexes once a didOpen loaded compile_commands.json): an answer that arrives
  // while that work still runs predates it, so ask again once it is done.
  if (ready && client.readiness.announced > announcedBefore && !client.readiness.ready) {
    ready = await whenReady()
    ;({ completeness: known, ...answer } = await ask())
  }
  assertCurrentVersions(answer as LspQueryResult, documents, config.id)
  await assertEngineAlive(client, config, answer, signal)
  if (config.referencesByName && request.operation === 'goToDefinition' && answer.kind === 'locations' && operation.uri !== null) {
    const own = await sameSymbolDefinitions(answer.locations, request.position, operation, documents, config, hold)
    answer = { ...answer, locations: own.locations }
    known ??= own.completeness
  }
  if (config.referencesByName && request.operation === 'findReferences' && answer.kind === 'locations') {
    answer = { ...answer, locations: await sameSymbolReferences(answer.locations, request.position, operation, documents, config, hold) }
  }
  const unbuiltNote = unbuilt && (await untilAborted(unbuilt, signal, () => cancelledError(request.operation)))
  const completeness: LspCompleteness = !ready
    ? {
        state: 'partial',
        reason: 'indexing',
        message: `${config.id} was still busy (${client.readiness.pending.join(', ')}) after ${limits.readinessTimeoutMs / 1000} s; the answer may be incomplete`,
      }
    : (covered ?? alongside(unbuiltNote, known) ?? failingCompleteness(config.id, client.readiness, workspaceWide || definition) ?? { state: 'complete' })
  return { ...answer, resolvedWorkspaceRoot, completeness } as LspQueryResult
}

/** Open one file of every project under `scanRoot`, once per session, so each is searched. */
function loadProjects(session: Session, scanRoot: string, config: LocalServerConfig): Promise<void> {
  const projectMarkers = config.projectMarkers ?? []
  if (projectMarkers.length === 0) return Promise.resolve()
  let loaded = session.projectsLoaded.get(scanRoot)
  if (!loaded) {
    const extensions = new Set(Object.keys(config.extensionToLanguage))
    loaded = (async () => {
      for (const { file } of findProjects(scanRoot, projectMarkers, extensions)) {
        await syncedUnlessNotText(session.documents, file, languageOf(config, file) ?? 'plaintext')
      }
    })()
    session.projectsLoaded.set(scanRoot, loaded)
  }
  return loaded
}

/**
 * Open (and keep open) the files under `scanRoot` no project marker covers, the nearest to the
 * queried file first, at most `maxLooseFiles`: tsserver without a `tsconfig.json` searches only
 * the files it was given. A no-op for servers without `projectMarkers`.
 */
async function openLooseFiles(documents: OpenDocuments, scanRoot: string, path: string | null, config: LocalServerConfig, limits: LocalProviderLimits): Promise<LooseFiles | undefined> {
  const markers = config.projectMarkers ?? []
  if (markers.length === 0) return undefined
  const extensions = new Set(Object.keys(config.extensionToLanguage))
  const loose = looseFiles(scanRoot, markers, extensions, path === null ? scanRoot : dirname(path), limits.maxLooseFiles)
  await documents.keepOpen(new Map(loose.nearest.map((file) => [file, languageOf(config, file) ?? 'plaintext'])))
  return loose
}

/** How long a query without a file waits for the first document it opened to be taken in. */
const FIRST_OPEN_SETTLE_MS = 3_000

/** Operations whose answer spans the workspace: every project must be loaded first. */
const workspaceWideOperations = new Set<LspOperation>(['findReferences', 'goToImplementation', 'incomingCalls', 'subtypes', 'workspaceSymbol', 'rename', 'willRenameFiles'])

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
    const count = lineCount(text)
    throw new LspError('LSP_INVALID_POSITION', `line ${line} (zero-based) is past the end of ${path} (${count} lines)`)
  }
  if (character > lineText.length) {
    throw new LspError(
      'LSP_INVALID_POSITION',
      `character ${character} (zero-based, UTF-16) is past the end of line ${line} of ${path} (${lineText.length} UTF-16 units)`,
    )
  }
}
