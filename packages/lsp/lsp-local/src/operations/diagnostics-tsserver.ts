import type { Diagnostic, DiagnosticRelatedInformation, ServerCapabilities } from 'vscode-languageserver-protocol'
import { LspError } from '@agent-lsp/lsp'
import type { LanguageServerClient } from '../process/client.js'
import { serverName } from '../process/client-errors.js'
import { isRecord, malformed, preview } from '../normalize/shapes.js'
import { pathToUri } from '../normalize/uri.js'
import { protocol } from '../protocol.js'
import type { Ask } from './context.js'

const { ExecuteCommandRequest } = protocol

/** typescript-language-server's command that forwards a request to its tsserver and returns the response. */
export const TSSERVER_REQUEST = 'typescript.tsserverRequest'

/** Whether the server lists {@link TSSERVER_REQUEST} among its commands (typescript-language-server 5.3.0 does). */
export function offersTsserverPull(capabilities: ServerCapabilities): boolean {
  return capabilities.executeCommandProvider?.commands?.includes(TSSERVER_REQUEST) ?? false
}

/**
 * Stop here when typescript-language-server answered `{ "type": "noServer" }`: its tsserver is gone
 * (killed, or out of memory), and every answer would be empty. The server is reported dead, so the
 * query fails as a crash and the next one starts it again.
 * @throws LspError `LSP_SERVER_CRASHED`.
 */
export async function assertTsserverRuns(client: LanguageServerClient, raw: unknown, what: string): Promise<void> {
  if (!isRecord(raw) || raw.type !== 'noServer') return
  client.reportDead(new LspError('LSP_SERVER_CRASHED', `${serverName(client.config)} can no longer answer: ${what} answered {"type":"noServer"}, its tsserver is gone`))
  throw await client.exited
}

/** A tsserver `protocol.Location`: 1-based line, 1-based UTF-16 offset. */
export interface TsLocation {
  readonly line: number
  readonly offset: number
}

/**
 * The diagnostics of `uri` from tsserver, in the LSP form typescript-language-server publishes
 * them (LSP 3.17 §Diagnostic): tsserver's `syntacticDiagnosticsSync`, `semanticDiagnosticsSync`
 * and, unless `initializationOptions.preferences.disableSuggestions`, `suggestionDiagnosticsSync`
 * (the three kinds it publishes, in its order), each through `workspace/executeCommand`
 * `typescript.tsserverRequest`. tsserver answers once it has checked the file as last sent (and
 * the files it imports as they are on disk, brought up to date on demand), so this is the whole
 * verdict, never a syntax-only pass. Settings' `diagnostics.ignoredCodes` are left out, as
 * typescript-language-server leaves them out. The document must be open.
 * @throws LspError `LSP_MALFORMED_RESPONSE` for an answer that is not a successful tsserver
 *   response with a list; request errors (`LSP_CANCELLED` when `signal` aborts).
 */
export async function pullTsserverDiagnostics(uri: string, client: LanguageServerClient, ask: Ask, signal: AbortSignal): Promise<Diagnostic[]> {
  const { initializationOptions, settings } = client.config
  const preferences = isRecord(initializationOptions) && isRecord(initializationOptions.preferences) ? initializationOptions.preferences : {}
  const kinds = ['syntacticDiagnosticsSync', 'semanticDiagnosticsSync', ...(preferences.disableSuggestions === true ? [] : ['suggestionDiagnosticsSync'])]
  const ignored = ignoredCodes(settings)
  // Sent together: tsserver answers them one after another, in order.
  const answers = await Promise.all(
    kinds.map((kind) => ask(() => client.request(ExecuteCommandRequest.type, { command: TSSERVER_REQUEST, arguments: [kind, { file: uri }] }, signal)).then((raw) => ({ kind, raw }))),
  )
  for (const { kind, raw } of answers) await assertTsserverRuns(client, raw, `${TSSERVER_REQUEST} ${kind}`)
  return answers.flatMap(({ kind, raw }) => {
    const what = `${client.config.id} ${TSSERVER_REQUEST} ${kind}`
    if (!isRecord(raw) || raw.success !== true || !Array.isArray(raw.body)) throw malformed(what, `expected a successful tsserver response with a body list, got ${preview(raw)}`)
    return raw.body.map((item) => toDiagnostic(item, what)).filter((diagnostic) => !ignored.has(diagnostic.code as number))
  })
}

/** `settings.diagnostics.ignoredCodes` (typescript-language-server's setting), as a set. */
function ignoredCodes(settings: Readonly<Record<string, unknown>> | undefined): ReadonlySet<unknown> {
  const diagnostics = settings?.diagnostics
  const codes = isRecord(diagnostics) ? diagnostics.ignoredCodes : undefined
  return new Set(Array.isArray(codes) ? codes : [])
}

/**
 * One tsserver `protocol.Diagnostic` as typescript-language-server 5.3.0 converts it
 * (`toDiagnostic`): 1-based line/offset to 0-based line/UTF-16 character, category `error` 1,
 * `warning` 2, `suggestion` 4 (Hint), anything else 1; source `typescript` unless tsserver named
 * one; related information with a span only.
 */
function toDiagnostic(raw: unknown, what: string): Diagnostic {
  if (!isRecord(raw) || !isLocation(raw.start) || !isLocation(raw.end) || typeof raw.text !== 'string') throw malformed(what, `expected a tsserver Diagnostic, got ${preview(raw)}`)
  const severity = raw.category === 'warning' ? 2 : raw.category === 'suggestion' ? 4 : 1
  const related = Array.isArray(raw.relatedInformation) ? raw.relatedInformation.flatMap((info) => relatedInformation(info)) : []
  return {
    range: { start: position(raw.start), end: position(raw.end) },
    message: raw.text,
    severity,
    ...(typeof raw.code === 'number' ? { code: raw.code } : {}),
    source: typeof raw.source === 'string' && raw.source !== '' ? raw.source : 'typescript',
    ...(related.length > 0 ? { relatedInformation: related } : {}),
  }
}

function relatedInformation(info: unknown): DiagnosticRelatedInformation[] {
  if (!isRecord(info) || typeof info.message !== 'string' || !isRecord(info.span)) return []
  const { file, start, end } = info.span
  if (typeof file !== 'string' || !isLocation(start) || !isLocation(end)) return []
  return [{ location: { uri: pathToUri(file), range: { start: position(start), end: position(end) } }, message: info.message }]
}

export function isLocation(value: unknown): value is TsLocation {
  return isRecord(value) && Number.isInteger(value.line) && Number.isInteger(value.offset) && (value.line as number) >= 1 && (value.offset as number) >= 1
}

/** A tsserver location as an LSP position (0-based line, 0-based UTF-16 character). */
export function position(location: TsLocation): { line: number; character: number } {
  return { line: location.line - 1, character: location.offset - 1 }
}
