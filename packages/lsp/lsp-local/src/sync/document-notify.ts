import { protocol } from '../protocol.js'
import { changeToSend } from './content-change.js'
import type { DocumentServer, OpenDocument } from './document-server.js'

const { DidChangeTextDocumentNotification, DidCloseTextDocumentNotification, DidOpenTextDocumentNotification } = protocol

/** `didOpen` of `uri` with `text` at `version`; its diagnostics are counted from that version on. */
export async function sendOpen(server: DocumentServer, uri: string, languageId: string, version: number, text: string): Promise<void> {
  server.diagnostics.onSent(uri, version)
  await server.notify(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId, version, text } })
}

/** `didClose` of `uri`; what the server published for it is forgotten. */
export async function sendClose(server: DocumentServer, uri: string): Promise<void> {
  server.diagnostics.forget(uri)
  await server.notify(DidCloseTextDocumentNotification.type, { textDocument: { uri } })
}

/** Send `text` as `document`'s new content at `version` (set on it), as `changeToSend` says. */
export async function sendText(server: DocumentServer, document: OpenDocument, text: string, version: number): Promise<void> {
  const change = changeToSend(document.text, text, server.capabilities)
  document.text = text
  document.version = version
  if (change === 'reopen') {
    // Parsed afresh: see `changeToSend`.
    await sendClose(server, document.uri)
    return sendOpen(server, document.uri, document.languageId, document.version, document.text)
  }
  server.diagnostics.onSent(document.uri, document.version)
  await server.notify(DidChangeTextDocumentNotification.type, { textDocument: { uri: document.uri, version: document.version }, contentChanges: [change] })
}
