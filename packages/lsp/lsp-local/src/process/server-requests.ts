import type { DidChangeWatchedFilesRegistrationOptions, MessageConnection } from 'vscode-languageserver-protocol/node'
import type { PublishedDiagnostics } from '../readiness/published-diagnostics.js'
import type { Readiness } from '../readiness/readiness.js'
import type { WatchedFiles } from '../sync/watched-files.js'
import { pathToUri } from '../normalize/uri.js'
import { protocol } from '../protocol.js'

const {
  ApplyWorkspaceEditRequest,
  CodeLensRefreshRequest,
  ConfigurationRequest,
  DiagnosticRefreshRequest,
  DocumentDiagnosticRequest,
  DidChangeWatchedFilesNotification,
  FoldingRangeRefreshRequest,
  InlayHintRefreshRequest,
  InlineValueRefreshRequest,
  LogMessageNotification,
  PublishDiagnosticsNotification,
  RegistrationRequest,
  SemanticTokensRefreshRequest,
  ShowDocumentRequest,
  ShowMessageRequest,
  UnregistrationRequest,
  WorkDoneProgressCreateRequest,
  WorkspaceFoldersRequest,
} = protocol

/** What the answers need from the client: its root, settings, and where server messages go. */
export interface ServerRequestHost {
  readonly rootPath: string
  readonly settings: Readonly<Record<string, unknown>> | undefined
  readonly readiness: Readiness
  readonly watchedFiles: WatchedFiles
  readonly diagnostics: PublishedDiagnostics
  /** Every `window/logMessage`, after readiness has seen it. */
  readonly onLogMessage: (message: string) => void
}

/**
 * Every server→client request gets an answer (LSP 3.17 §Server→client requests): some servers
 * hang or exit on an error reply or on none. Also routes the notifications the client tracks:
 * `$/progress`, `window/logMessage`, `textDocument/publishDiagnostics`.
 */
export function answerServerRequests(c: MessageConnection, host: ServerRequestHost): void {
  const folderUri = pathToUri(host.rootPath)
  c.onRequest(ConfigurationRequest.type, ({ items }) => items.map((item) => lookupSection(host.settings, item.section)))
  // A void result goes on the wire as `"result": null`, the answer these requests expect.
  c.onRequest(WorkDoneProgressCreateRequest.type, ({ token }) => host.readiness.onCreate(token))
  c.onRequest(RegistrationRequest.type, ({ registrations }) => {
    // Never answer with an error, whatever the shape: some servers wedge or exit on one.
    for (const { id, method, registerOptions } of registrations ?? []) {
      const watchers = (registerOptions as Partial<DidChangeWatchedFilesRegistrationOptions> | undefined)?.watchers
      if (method === DidChangeWatchedFilesNotification.method && Array.isArray(watchers)) host.watchedFiles.register(id, watchers)
      // Pull diagnostics (LSP 3.17 §Pull Diagnostics), registered dynamically by pyright.
      if (method === DocumentDiagnosticRequest.method) host.diagnostics.onPullRegistered(id, registerOptions)
    }
  })
  c.onRequest(UnregistrationRequest.type, ({ unregisterations }) => {
    for (const { id } of unregisterations ?? []) {
      host.watchedFiles.unregister(id)
      host.diagnostics.onUnregistered(id)
    }
  })
  c.onRequest(WorkspaceFoldersRequest.type, () => [{ uri: folderUri, name: host.rootPath.split(/[\\/]/).pop() ?? '' }])
  c.onRequest(ShowMessageRequest.type, () => null)
  c.onRequest(ShowDocumentRequest.type, () => ({ success: false }))
  c.onRequest(ApplyWorkspaceEditRequest.type, () => ({ applied: false, failureReason: 'agent-lsp does not apply edits' }))
  for (const refresh of [
    SemanticTokensRefreshRequest.type,
    InlayHintRefreshRequest.type,
    InlineValueRefreshRequest.type,
    CodeLensRefreshRequest.type,
    DiagnosticRefreshRequest.type,
    FoldingRangeRefreshRequest.type,
  ]) {
    c.onRequest(refresh, () => {})
  }
  // $/progress never reaches a catch-all notification handler in vscode-jsonrpc.
  c.onUnhandledProgress((params) => host.readiness.onProgress(params))
  c.onNotification(LogMessageNotification.type, ({ message }) => {
    host.readiness.onLogMessage(message)
    host.diagnostics.onLogMessage(message)
    host.onLogMessage(message)
  })
  c.onNotification(PublishDiagnosticsNotification.type, (params) => host.diagnostics.onPublish(params))
  c.onNotification(() => {})
}

/** The value of a dotted `section` in `settings` (`python.analysis` → `settings.python.analysis`), or `null`. */
export function lookupSection(settings: Readonly<Record<string, unknown>> | undefined, section: string | undefined): unknown {
  if (!section) return settings ?? null
  let value: unknown = settings
  for (const key of section.split('.')) {
    if (typeof value !== 'object' || value === null || !(key in value)) return null
    value = (value as Record<string, unknown>)[key]
  }
  return value ?? null
}
