// Test support (not exported): a language server that publishes diagnostics in two stages, as
// typescript-language-server does when its semantic pass ends later than its syntax pass: after
// each didOpen/didChange, `first` at once, then `then` after `delayMs` (or [] when the text lacks
// `marker`, if one is given), both without a version.
// The scenario is JSON in AGENT_LSP_PUBLISHING_SCENARIO: { first, then, delayMs, marker? }.
import { createProtocolConnection, DidChangeTextDocumentNotification, DidOpenTextDocumentNotification, ExitNotification, InitializeRequest, PublishDiagnosticsNotification, ShutdownRequest, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node'

const scenario = JSON.parse(process.env.AGENT_LSP_PUBLISHING_SCENARIO ?? '{}')
const connection = createProtocolConnection(new StreamMessageReader(process.stdin), new StreamMessageWriter(process.stdout))
connection.onRequest(InitializeRequest.type, () => ({ capabilities: { positionEncoding: 'utf-16', textDocumentSync: 1 } }))
connection.onRequest(ShutdownRequest.type, () => null)
connection.onNotification(ExitNotification.type, () => process.exit(0))
const publish = (uri, text) => {
  const then = scenario.marker === undefined || text.includes(scenario.marker) ? (scenario.then ?? []) : []
  void connection.sendNotification(PublishDiagnosticsNotification.type, { uri, diagnostics: scenario.first ?? [] })
  setTimeout(() => void connection.sendNotification(PublishDiagnosticsNotification.type, { uri, diagnostics: then }), scenario.delayMs ?? 0)
}
connection.onNotification(DidOpenTextDocumentNotification.type, ({ textDocument }) => publish(textDocument.uri, textDocument.text))
connection.onNotification(DidChangeTextDocumentNotification.type, ({ textDocument, contentChanges }) => publish(textDocument.uri, contentChanges.at(-1)?.text ?? ''))
connection.onClose(() => process.exit(0))
connection.listen()
