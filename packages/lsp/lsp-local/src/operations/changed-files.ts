import { extensionOf, languageOf, type LspCompleteness } from '@agent-lsp/lsp'
import { namedList, shownPath } from '@agent-lsp/wording'
import type { LocalProviderLimits, LocalServerConfig } from '../config.js'
import type { LanguageServerClient } from '../process/client.js'
import { skipNotText, type OpenDocuments } from '../sync/documents.js'
import type { SourceFiles, SourceScan } from '../sync/source-files.js'
import { pathToUri } from '../normalize/uri.js'

/** How long a reopen waits for the server's answer to the close (its empty diagnostics) before opening again, in ms. */
export const REOPEN_CLOSE_WAIT_MS = 1_000

/** Files not open that are opened at once, then waited for and closed. */
const MAX_BATCH = 8

/** What {@link sendChangedFiles} needs of a session. */
export interface ChangedFilesSession {
  readonly client: LanguageServerClient
  readonly documents: OpenDocuments
  readonly sources: SourceFiles | undefined
  /** The send in progress, which the next one waits for (one at a time per server). */
  sendingChanges: Promise<unknown> | undefined
}

/** The scan a workspace-wide query saw, and what it leaves out when a file was not taken in. */
export interface ChangedFiles {
  readonly scan: SourceScan | undefined
  readonly completeness: LspCompleteness | undefined
}

/**
 * Before a workspace-wide query on a server that reads no change of a file it does not have open
 * (`LocalServerConfig.openChangedFiles`: clangd 14): every file of its languages under its root
 * that changed on disk since the server last got it (a bounded scan, see `SourceFiles`) is sent —
 * open documents re-sent (`didChange`), the others opened (`didOpen`, a deleted one with no text)
 * and closed again once taken in, as clangd's index keeps what it read of a closed file —
 * and the query waits until the server has published diagnostics for each version sent (LSP 3.17
 * §PublishDiagnostics: clangd publishes once it has built the file and indexed it, 20-160 ms a
 * file). A changed file that is not a source (`compileDatabase.sourceExtensions`: a header) has
 * the other open documents reopened (see `OpenDocuments.reopen`, as `diagnostics` does), so their
 * index entries are read against it too. All of it bounded by `readinessTimeoutMs`; a file not
 * taken in by then is sent again before the next query, and the answer is `partial / indexing`.
 * Without `openChangedFiles`, only the scan (for `compileDatabase`), or nothing.
 */
export function sendChangedFiles(session: ChangedFilesSession, config: LocalServerConfig, limits: LocalProviderLimits, workspaceRoot: string, signal: AbortSignal | undefined): Promise<ChangedFiles> {
  const { sources } = session
  if (sources === undefined) return Promise.resolve({ scan: undefined, completeness: undefined })
  if (!config.openChangedFiles) return Promise.resolve({ scan: sources.scan(), completeness: undefined })
  const previous = session.sendingChanges ?? Promise.resolve()
  const sending = previous.catch(() => {}).then(() => send(session, sources, config, limits, workspaceRoot, signal))
  session.sendingChanges = sending
  return sending
}

async function send(session: ChangedFilesSession, sources: SourceFiles, config: LocalServerConfig, limits: LocalProviderLimits, workspaceRoot: string, signal: AbortSignal | undefined): Promise<ChangedFiles> {
  const { client, documents } = session
  const scan = sources.scan()
  if (scan.changed.length === 0 && scan.deleted.length === 0) return { scan, completeness: undefined }
  const deadline = Date.now() + limits.readinessTimeoutMs
  const remaining = (): number => Math.max(0, deadline - Date.now())
  const taken = (uri: string): Promise<boolean> => client.diagnostics.taken(uri, remaining(), signal)
  const accepted: string[] = []
  const missed: string[] = []
  const settle = async (paths: readonly string[], send: (path: string) => Promise<boolean>): Promise<void> => {
    const results = await Promise.all(paths.map(send))
    paths.forEach((path, index) => (results[index] ? accepted : missed).push(path))
  }

  // Open documents are re-sent (a deleted one closed); each is waited for.
  await documents.refreshOpen()
  await settle(scan.changed.filter((path) => documents.isOpen(path)), (path) => taken(pathToUri(path)))
  // The others are opened a few at a time, waited for and closed: clangd's index keeps what it read.
  const closed = [...scan.changed.filter((path) => !documents.isOpen(path)), ...scan.deleted]
  const languageIdOf = (path: string): string => languageOf(config, path) ?? 'plaintext'
  for (let start = 0; start < closed.length; start += MAX_BATCH) {
    if (remaining() === 0) {
      missed.push(...closed.slice(start))
      break
    }
    await settle(closed.slice(start, start + MAX_BATCH), async (path) => (await skipNotText(documents.sendAndClose(path, languageIdOf(path), taken))) ?? true)
  }

  // A header changed: the open documents built before it are reopened, so they read it again.
  const sourceExtensions = new Set(config.compileDatabase?.sourceExtensions ?? [])
  if ([...scan.changed, ...scan.deleted].some((path) => !sourceExtensions.has(extensionOf(path)))) {
    const changed = new Set(scan.changed)
    const reopened = documents.paths.filter((path) => !changed.has(path))
    const reopen = async (path: string): Promise<boolean> => {
      await documents.reopen(path, (uri) => client.diagnostics.next(uri, REOPEN_CLOSE_WAIT_MS))
      return taken(pathToUri(path))
    }
    const results = await Promise.all(reopened.map(reopen))
    reopened.forEach((path, index) => results[index] || missed.push(path))
  }
  sources.accept(scan, accepted)
  if (missed.length === 0) return { scan, completeness: undefined }
  const message = `${config.id} had not read ${missed.length} of the files changed on disk (${namedList([shownPath(workspaceRoot, missed[0] ?? '')], { total: missed.length })}) after ${limits.readinessTimeoutMs / 1000} s; the answer may not hold what they hold now`
  return { scan, completeness: { state: 'partial', reason: 'indexing', message } }
}
