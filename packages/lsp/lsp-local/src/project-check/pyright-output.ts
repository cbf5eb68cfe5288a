import type { LspDiagnosticSeverity } from '@agent-lsp/lsp'
import { LspError } from '@agent-lsp/lsp'
import type { DiagnosticsByFile } from './tsc-output.js'

const severities: Record<string, LspDiagnosticSeverity> = { error: 'Error', warning: 'Warning', information: 'Information' }

interface PyrightDiagnostic {
  readonly file?: unknown
  readonly severity?: unknown
  readonly message?: unknown
  readonly rule?: unknown
  readonly range?: { readonly start?: { line?: unknown; character?: unknown }; readonly end?: { line?: unknown; character?: unknown } }
}

/**
 * Parse what `pyright --outputjson` prints: `generalDiagnostics`, each with an absolute `file`, a
 * zero-based UTF-16 `range` (the seam's units already), `severity` (`error`, `warning`,
 * `information`), `message` and the `rule` that reported it (the diagnostic's `code`, absent for
 * syntax errors). `source` is `pyright`.
 * @throws LspError `LSP_MALFORMED_RESPONSE` when the output is not pyright's JSON report.
 */
export function parsePyrightOutput(output: string): DiagnosticsByFile {
  let report: { generalDiagnostics?: unknown }
  try {
    report = JSON.parse(output) as { generalDiagnostics?: unknown }
  } catch {
    throw new LspError('LSP_MALFORMED_RESPONSE', `pyright --outputjson printed no JSON report: ${JSON.stringify(output.slice(0, 200))}`)
  }
  if (!Array.isArray(report.generalDiagnostics)) throw new LspError('LSP_MALFORMED_RESPONSE', 'pyright --outputjson printed a report without generalDiagnostics')
  const byFile: DiagnosticsByFile = new Map()
  for (const raw of report.generalDiagnostics as PyrightDiagnostic[]) {
    const { file, severity, message, rule, range } = raw
    const position = (value: { line?: unknown; character?: unknown } | undefined) =>
      Number.isInteger(value?.line) && Number.isInteger(value?.character) ? { line: value!.line as number, character: value!.character as number } : undefined
    const start = position(range?.start)
    const end = position(range?.end)
    if (typeof file !== 'string' || typeof message !== 'string' || start === undefined || end === undefined) {
      throw new LspError('LSP_MALFORMED_RESPONSE', `pyright --outputjson printed a diagnostic without file, message or range: ${JSON.stringify(raw).slice(0, 200)}`)
    }
    const list = byFile.get(file) ?? []
    list.push({
      range: { start, end },
      severity: severities[String(severity)] ?? 'Error',
      ...(typeof rule === 'string' && rule !== '' ? { code: rule } : {}),
      source: 'pyright',
      message,
      relatedInformation: [],
    })
    byFile.set(file, list)
  }
  return byFile
}
