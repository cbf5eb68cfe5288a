import { LspError, extensionOf, type LspCompleteness, type LspLocation, type LspOverlayDiagnosticsRequest, type LspOverlayFileDiagnostics, type LspQueryResult } from '@agent-lsp/lsp'
import { cancelledError } from '../process/client-errors.js'
import type { LocalProviderLimits, LocalServerConfig } from '../config.js'
import { pathToUri } from '../normalize/uri.js'
import { resolveWorkspaceFile } from '../sync/paths.js'
import { relativeOf } from '../sync/tree-scan.js'
import { REOPEN_CLOSE_WAIT_MS } from './changed-files.js'
import { sameSymbolReferences } from './references-by-name.js'
import { retryContentModified, type OperationContext } from './context.js'
import { diagnostics } from './diagnostics.js'
import type { LanguageServerClient } from '../process/client.js'
import type { DocumentHold, OpenDocuments } from '../sync/documents.js'
import type { ViewGate } from '../sync/view-gate.js'
import { normalizeLocations } from '../normalize/normalize.js'
import { protocol } from '../protocol.js'
import { openEveryProject, type ProjectsCache } from './tsserver-projects.js'
import type { UnseenChanges } from './unseen-changes.js'

const { DefinitionRequest, ReferencesRequest } = protocol

/** What an overlay needs of a session (see `Session`): its server, its documents, the turns at its view. */
export interface OverlaySession {
  readonly client: LanguageServerClient
  readonly documents: OpenDocuments
  /** Files changed as the server cannot tell, held open (see `UnseenChanges`). */
  readonly unseenChanges: UnseenChanges | undefined
  /** Turns at the server's view: the queries that read the disk, or one overlay (see {@link readingDisk}). */
  readonly view: ViewGate
  /** The projects under each server root (see `openEveryProject`). */
  readonly projects: ProjectsCache
}

/** Where the query runs (see `QueryPlace`). */
interface OverlayPlace {
  readonly root: string
  readonly resolvedWorkspaceRoot: string
  readonly restart: () => Promise<void>
}

/**
 * Answer `overlayDiagnostics` with `session`'s server (LSP 3.17 §Text Document Synchronization):
 * each overlay's text is sent as its document's full new text (`didChange`; the document opened
 * from disk first if needed), each asked file's settled diagnostics are collected as `diagnostics`
 * collects them (pulled, or pushed and settled, bounded by the limits), then every overlaid
 * document is changed back to its disk text, in a `finally`: after a timeout, a cancellation or a
 * thrown error too. A restore that fails (the server died meanwhile) stops the server, whose next
 * query starts a new one from disk. The overlay runs in a turn of its own at the session's view
 * (see `ViewGate`): after the queries in flight, before those asked meanwhile (see
 * {@link readingDisk}), so none answers from text that is not on disk, and alone among overlays. With `references`,
 * `textDocument/references` (declaration included) at that place is asked after the diagnostics,
 * the overlays still in view; with `definitions`, then `textDocument/definition` at each place.
 * A symlink to an overlaid file that the server's watched folders hold is overlaid alike.
 * @throws LspError `LSP_UNSUPPORTED_OPERATION` (a server that takes no documents), `LSP_INVALID_REQUEST` (an overlay of a file this server does not take, two
 *   overlays of one file), `LSP_FILE_NOT_FOUND`, `LSP_OUTSIDE_WORKSPACE`, `LSP_NOT_TEXT`,
 *   `LSP_CANCELLED`, and the request errors of the diagnostics.
 */
export async function answerOverlayDiagnostics(
  session: OverlaySession,
  request: LspOverlayDiagnosticsRequest,
  place: OverlayPlace,
  config: LocalServerConfig,
  limits: LocalProviderLimits,
  signal: AbortSignal | undefined,
): Promise<LspQueryResult> {
  const { resolvedWorkspaceRoot } = place
  if (!session.client.capabilities.textDocumentSync) throw new LspError('LSP_UNSUPPORTED_OPERATION', `language server "${config.id}" does not support ${request.operation} (no textDocumentSync)`)
  const resolve = (file: string): string => resolveWorkspaceFile(file, request.workspaceRoot, resolvedWorkspaceRoot)
  const languageOf = (path: string): string | undefined => config.extensionToLanguage[extensionOf(path)]
  const overlays = request.overlays.map((overlay) => ({ path: resolve(overlay.filePath), text: overlay.text }))
  for (const [index, { path }] of overlays.entries()) {
    if (languageOf(path) === undefined) throw new LspError('LSP_INVALID_REQUEST', `invalid LSP request: overlay ${path} is not a file of language server "${config.id}"`)
    if (overlays.findIndex((other) => other.path === path) !== index) throw new LspError('LSP_INVALID_REQUEST', `invalid LSP request: two overlays of ${path}`)
  }
  const asked = { overlays, files: request.files.map(resolve), resolve, languageOf }
  // Alone at the server's view: after the queries reading the disk asked before it, before those asked after.
  return session.view.run('overlay', () => answerOverlaid(session, request, asked, place, config, limits, signal), signal, () => cancelledError(request.operation))
}

/** The overlays and asked files of a request, resolved (see {@link answerOverlayDiagnostics}). */
interface OverlayAsked {
  readonly overlays: readonly { readonly path: string; readonly text: string }[]
  readonly files: readonly string[]
  readonly resolve: (file: string) => string
  readonly languageOf: (path: string) => string | undefined
}

/** {@link answerOverlayDiagnostics} in the overlay's turn at the server's view. */
async function answerOverlaid(
  session: OverlaySession,
  request: LspOverlayDiagnosticsRequest,
  { overlays, files, resolve, languageOf }: OverlayAsked,
  place: OverlayPlace,
  config: LocalServerConfig,
  limits: LocalProviderLimits,
  signal: AbortSignal | undefined,
): Promise<LspQueryResult> {
  const { resolvedWorkspaceRoot } = place
  /** Symlinks to an overlaid file, overlaid alike (see `WatchedFiles.linksTo`). */
  let linked: { readonly path: string; readonly text: string }[] = []
  const { client, documents } = session
  // The asked files stay open until answered, however many there are (see DocumentHold).
  const hold = documents.hold()
  try {
    await client.watchedFiles.sync()
    await session.unseenChanges?.open(documents, config)
    linked = overlays.flatMap(({ path, text }) => client.watchedFiles.linksTo(path).filter((link) => languageOf(link) !== undefined && !overlays.some((other) => other.path === link)).map((link) => ({ path: link, text })))
    for (const { path, text } of [...overlays, ...linked]) await documents.setOverlay(path, languageOf(path)!, text)
    for (const path of files) {
      const languageId = languageOf(path)
      if (languageId !== undefined) await documents.sync(path, languageId, hold)
    }
    const ask = <R>(send: () => Promise<R>): Promise<R> => retryContentModified(send, limits.contentModifiedRetries)
    const unseen = unseenHeaders(overlays, config, resolvedWorkspaceRoot)
    // tsserver checks a file in its default project alone: every project that may compile it is loaded and asked too.
    const projects = config.diagnostics?.pull === 'tsserver' ? { projects: await openEveryProject(place.root, config, documents, session.projects, client.watchedFiles.generation) } : {}
    const answers = await Promise.all(
      files.map(async (path): Promise<LspOverlayFileDiagnostics> => {
        const uri = pathToUri(path)
        if (languageOf(path) === undefined) {
          return { uri, diagnostics: [], completeness: { state: 'partial', reason: 'unconfigured', message: `${path} is not a file of language server "${config.id}"` } }
        }
        const reopen = () => documents.reopen(path, (opened) => client.diagnostics.next(opened, REOPEN_CLOSE_WAIT_MS))
        const context: OperationContext = { client, serverId: config.id, uri, limits, signal, text: null, reopen, root: place.root, resolvedWorkspaceRoot, projectCheck: config.projectCheck, ...projects }
        const answer = await diagnostics(uri, context, ask)
        const stale = unseen(path)
        return { uri, diagnostics: answer.kind === 'diagnostics' ? answer.diagnostics : [], completeness: stale ?? answer.completeness ?? { state: 'complete' } }
      }),
    )
    const partial = answers.find((answer) => answer.completeness.state === 'partial')?.completeness
    const completeness: LspCompleteness = partial ?? { state: 'complete' }
    // After the diagnostics: tsserver drops the diagnostics it computes when another request arrives.
    const opened = async (file: string, what: string): Promise<{ readonly uri: string; readonly text: string }> => {
      const at = resolve(file)
      const languageId = languageOf(at)
      if (languageId === undefined) throw new LspError('LSP_INVALID_REQUEST', `invalid LSP request: ${what} in ${at}, which is not a file of language server "${config.id}"`)
      return { uri: pathToUri(at), text: await documents.sync(at, languageId, hold) }
    }
    let references: LspLocation[] | undefined
    if (request.references !== undefined) {
      const { uri, text } = await opened(request.references.filePath, 'references')
      const { position } = request.references
      const params = { textDocument: { uri }, position, context: { includeDeclaration: true } }
      references = normalizeLocations(await ask(() => client.request(ReferencesRequest.type, params, signal)), `${config.id} ${ReferencesRequest.method}`)
      // As a query's answer is narrowed (bash-language-server lists every symbol of the name).
      if (config.referencesByName) references = await sameSymbolReferences(references, position, { client, serverId: config.id, uri, limits, signal, text }, documents, config, hold)
    }
    let definitions: LspLocation[][] | undefined
    if (request.definitions !== undefined && client.capabilities.definitionProvider) {
      const places = await Promise.all(request.definitions.map(async (place) => ({ textDocument: { uri: (await opened(place.filePath, 'definitions')).uri }, position: place.position })))
      // Sent together: the server answers them in turn, without a round trip between.
      definitions = await Promise.all(places.map(async (params) => normalizeLocations(await ask(() => client.request(DefinitionRequest.type, params, signal)), `${config.id} ${DefinitionRequest.method}`)))
    }
    return { kind: 'overlayDiagnostics', files: answers, resolvedWorkspaceRoot, completeness, ...(references && { references }), ...(definitions && { definitions }) }
  } finally {
    try {
      for (const { path } of [...overlays, ...linked]) await documents.clearOverlay(path)
      // A server that indexes its open documents (clangd) answers from the overlay's symbols until
      // it has rebuilt the restored text: the overlay ends once it has published for that (bounded).
      if (config.diagnostics?.includedFromDisk !== undefined) await Promise.all(overlays.map(({ path }) => client.diagnostics.settled(pathToUri(path), RESTORED_SETTLE_MS)))
    } catch {
      // The server did not take the disk text back (it died meanwhile): a new one reads the disk.
      await place.restart()
    } finally {
      hold.release()
    }
  }
}

/** How long taking an overlay back waits for a server that indexes its open documents to publish for the disk text again. */
const RESTORED_SETTLE_MS = 3_000

/**
 * For a server that reads included files from disk (`includedFromDisk`): which asked files cannot
 * see an overlaid header, answered `partial / stale`; `undefined` for the others (and the headers).
 */
function unseenHeaders(overlays: readonly { readonly path: string }[], config: LocalServerConfig, root: string): (path: string) => LspCompleteness | undefined {
  const fromDisk = new Set(config.diagnostics?.includedFromDisk ?? [])
  const headers = overlays.map((overlay) => overlay.path).filter((path) => fromDisk.has(extensionOf(path)))
  if (headers.length === 0) return () => undefined
  const named = headers.map((path) => relativeOf(root, path)).join(', ')
  return (path) =>
    headers.includes(path) ? undefined : { state: 'partial', reason: 'stale', message: `${config.id} compiles ${relativeOf(root, path)} against ${named} as on disk, not as edited` }
}

/**
 * Run `answer`, a query whose documents are synced from disk, in a turn at `session`'s view (see
 * `ViewGate`): never while an overlay is in the server's view, and an overlay begins only after it.
 * The documents it syncs with `hold` stay open until then (see `DocumentHold`).
 */
export function readingDisk<T>(session: OverlaySession, operation: string, signal: AbortSignal | undefined, answer: (hold: DocumentHold) => Promise<T>): Promise<T> {
  return session.view.run(
    'disk',
    async () => {
      const hold = session.documents.hold()
      try {
        return await answer(hold)
      } finally {
        hold.release()
      }
    },
    signal,
    () => cancelledError(operation),
  )
}
