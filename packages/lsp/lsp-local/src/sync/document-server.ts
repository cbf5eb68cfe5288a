import type { ProtocolNotificationType, ServerCapabilities } from 'vscode-languageserver-protocol'
import type { PublishedDiagnostics } from '../readiness/published-diagnostics.js'

/** What documents need of a running server: notifications, how it takes changes, and what it publishes per version. */
export interface DocumentServer {
  notify<P, RO>(type: ProtocolNotificationType<P, RO>, params: P): Promise<void>
  readonly capabilities: Pick<ServerCapabilities, 'textDocumentSync'>
  readonly diagnostics: Pick<PublishedDiagnostics, 'onSent' | 'forget'>
}

/** A document open in the server: what it was last sent, and the stamp of the file it was read from. */
export interface OpenDocument {
  readonly uri: string
  readonly path: string
  readonly languageId: string
  version: number
  text: string
  stamp: string
}
