import type { Diagnostic, DiagnosticRelatedInformation } from 'vscode-languageserver-protocol'
import type { LanguageServerClient } from '../process/client.js'
import { isRecord, malformed, preview } from '../normalize/shapes.js'
import { pathToUri } from '../normalize/uri.js'
import type { Ask } from './context.js'
import { askTsserver, isLocation, position, TSSERVER_REQUEST, tsserverBody } from './tsserver-request.js'

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
 *   response with a list; `LSP_SERVER_CRASHED` when its tsserver is gone; request errors
 *   (`LSP_CANCELLED` when `signal` aborts).
 */
export async function pullTsserverDiagnostics(uri: string, client: LanguageServerClient, ask: Ask, signal: AbortSignal): Promise<Diagnostic[]> {
  const { initializationOptions, settings } = client.config
  const preferences = isRecord(initializationOptions) && isRecord(initializationOptions.preferences) ? initializationOptions.preferences : {}
  const kinds = ['syntacticDiagnosticsSync', 'semanticDiagnosticsSync', ...(preferences.disableSuggestions === true ? [] : ['suggestionDiagnosticsSync'])]
  const ignored = ignoredCodes(settings)
  // Sent together: tsserver answers them one after another, in order.
  const answers = await Promise.all(kinds.map((kind) => askTsserver(client, ask, kind, { file: uri }, signal).then((raw) => ({ kind, raw }))))
  return answers.flatMap(({ kind, raw }) => {
    const what = `${client.config.id} ${TSSERVER_REQUEST} ${kind}`
    return tsserverBody(raw, what).map((item) => toDiagnostic(item, what)).filter((diagnostic) => !ignored.has(diagnostic.code as number))
  })
}

/** `settings.diagnostics.ignoredCodes` (typescript-language-server's setting), as a set. */
export function ignoredCodes(settings: Readonly<Record<string, unknown>> | undefined): ReadonlySet<unknown> {
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
export function toDiagnostic(raw: unknown, what: string): Diagnostic {
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
