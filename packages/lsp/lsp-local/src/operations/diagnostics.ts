import { normalizeDiagnostics } from '../normalize/normalize-diagnostics.js'
import type { Ask, OperationAnswer, OperationContext } from './context.js'
import { isRecord, malformed, preview } from '../normalize/shapes.js'
import { protocol } from '../protocol.js'

const { DocumentDiagnosticRequest } = protocol

/**
 * How long a server that published diagnostics for an earlier version of a file gets to publish
 * for the current one before the document is reopened: typescript-language-server never
 * re-publishes diagnostics that were empty and stay empty, so after such an edit nothing comes.
 */
const REPUBLISH_WAIT_MS = 1_000

/**
 * The server's raw diagnostics (LSP `Diagnostic[]`, unnormalized) for the current content of
 * `uri`: pulled with `textDocument/diagnostic` where offered, else the pushed ones for the
 * version last sent, waited for up to `limits.diagnosticsTimeoutMs`. A server that published for
 * an earlier version and stays silent for {@link REPUBLISH_WAIT_MS} has the document reopened.
 * @returns `raw` undefined when nothing came within the bound; `what` names the source for errors.
 * @throws LspError `LSP_MALFORMED_RESPONSE` for a pulled report that is not `full`; request errors.
 */
export async function currentDiagnostics(
  uri: string,
  context: OperationContext,
  ask: Ask,
): Promise<{ raw: unknown; what: string }> {
  const { client, signal } = context
  if (client.capabilities.diagnosticProvider) {
    const what = `${context.serverId} ${DocumentDiagnosticRequest.method}`
    const raw: unknown = await ask(() => client.request(DocumentDiagnosticRequest.type, { textDocument: { uri } }, signal))
    if (!isRecord(raw) || raw.kind !== 'full') throw malformed(what, `expected a full DocumentDiagnosticReport, got ${preview(raw)}`)
    return { raw: raw.items, what }
  }
  const what = `${context.serverId} textDocument/publishDiagnostics`
  const bound = context.limits.diagnosticsTimeoutMs
  if (context.reopen !== null && client.diagnostics.hasPublished(uri)) {
    const quick = await client.diagnostics.current(uri, Math.min(REPUBLISH_WAIT_MS, bound), signal)
    if (quick !== undefined) return { raw: quick, what }
    await context.reopen()
  }
  return { raw: await client.diagnostics.current(uri, bound, signal), what }
}

/** Pulled (`textDocument/diagnostic`) where the server offers it, else the pushed ones for the current version. */
export async function diagnostics(uri: string, context: OperationContext, ask: Ask): Promise<OperationAnswer> {
  const current = await currentDiagnostics(uri, context, ask)
  if (current.raw === undefined) {
    const seconds = context.limits.diagnosticsTimeoutMs / 1000
    return {
      kind: 'diagnostics',
      uri,
      diagnostics: [],
      completeness: { state: 'partial', reason: 'indexing', message: `${context.serverId} published no diagnostics for this version of the file within ${seconds} s` },
    }
  }
  return { kind: 'diagnostics', uri, diagnostics: normalizeDiagnostics(current.raw, current.what) }
}
