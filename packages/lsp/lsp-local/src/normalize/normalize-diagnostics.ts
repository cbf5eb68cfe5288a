import { compareRanges, type LspDiagnostic, type LspDiagnosticSeverity } from '@agent-lsp/lsp'
import { copyRange, isRange, isRecord, malformed, preview } from './shapes.js'
import { canonicalUri } from './uri.js'

const severities: readonly LspDiagnosticSeverity[] = ['Error', 'Warning', 'Information', 'Hint']

/**
 * Normalize diagnostics (LSP 3.17 §Diagnostic), pushed or pulled, sorted by position. A missing
 * or unknown severity is `Error`, as editors treat it.
 * @throws LspError `LSP_MALFORMED_RESPONSE`.
 */
export function normalizeDiagnostics(raw: unknown, what: string): LspDiagnostic[] {
  if (!Array.isArray(raw)) throw malformed(what, `expected Diagnostic[], got ${preview(raw)}`)
  return raw.map((item) => normalizeDiagnostic(item, what)).sort((a, b) => compareRanges(a.range, b.range))
}

function normalizeDiagnostic(raw: unknown, what: string): LspDiagnostic {
  if (!isRecord(raw) || !isRange(raw.range) || typeof raw.message !== 'string') throw malformed(what, `expected Diagnostic, got ${preview(raw)}`)
  const related = Array.isArray(raw.relatedInformation) ? raw.relatedInformation : []
  return {
    range: copyRange(raw.range),
    severity: (typeof raw.severity === 'number' && severities[raw.severity - 1]) || 'Error',
    ...(typeof raw.code === 'string' || typeof raw.code === 'number' ? { code: raw.code } : {}),
    ...(typeof raw.source === 'string' ? { source: raw.source } : {}),
    message: raw.message,
    relatedInformation: related.flatMap((info) => {
      const location = isRecord(info) ? info.location : undefined
      if (!isRecord(info) || typeof info.message !== 'string' || !isRecord(location) || typeof location.uri !== 'string' || !isRange(location.range)) return []
      return [{ location: { uri: canonicalUri(location.uri), range: copyRange(location.range) }, message: info.message }]
    }),
  }
}
