import type { LspDiagnostic, LspDiagnosticSeverity, LspDiagnosticsResult } from '@agent-lsp/lsp'
import { utf16ToCodePointColumn } from '../text/columns.js'
import { targetLabel, toLocationTarget } from './location-targets.js'
import { moreLine, pageOf, showing } from './paging.js'
import type { RenderContext } from './render-context.js'

/** The longest message shown, in code points, the `…` included. */
const MAX_MESSAGE = 500

const severities: readonly { readonly severity: LspDiagnosticSeverity; readonly one: string; readonly many: string }[] = [
  { severity: 'Error', one: 'error', many: 'errors' },
  { severity: 'Warning', one: 'warning', many: 'warnings' },
  { severity: 'Information', one: 'information', many: 'information' },
  { severity: 'Hint', one: 'hint', many: 'hints' },
]

/**
 * Render a `diagnostics` answer: `path: 2 errors, 1 warning` (the severities present), then one
 * row a diagnostic in document order, `path:line:col  severity  code  message` (severity lowercase,
 * the code when there is one, the message on one line), its related information indented below
 * as `  ↳ path:line:col  message`. Paged by diagnostics.
 */
export async function renderDiagnostics(
  result: LspDiagnosticsResult,
  file: { readonly absolutePath: string; readonly displayPath: string },
  context: RenderContext,
): Promise<string> {
  const { displayPath } = file
  if (result.diagnostics.length === 0) return `No diagnostics in ${displayPath}.`
  const diagnostics = [...result.diagnostics].sort(
    (a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character,
  )
  const counts = severityCounts(diagnostics)
  const page = pageOf(diagnostics.length, context.maxResults, context.page)
  const lines = (await context.readLines(file.absolutePath)) ?? []
  const roots = [result.resolvedWorkspaceRoot, context.workspaceRoot]
  const rows = await Promise.all(
    diagnostics.slice(page.start, page.end).map(async (diagnostic) => {
      const related = await Promise.all(
        diagnostic.relatedInformation.map(
          async ({ location, message }) => `  ↳ ${await targetLabel(toLocationTarget(location, roots), context.readLines)}  ${oneLineMessage(message)}`,
        ),
      )
      return [row(diagnostic, displayPath, lines), ...related].join('\n')
    }),
  )
  return [`${displayPath}: ${counts.join(', ')}${showing(page)}`, ...rows, ...moreLine(page, context.writeFlags)].join('\n')
}

/** `2 errors`, `1 warning`, … for the severities present, most severe first. */
export function severityCounts(diagnostics: readonly LspDiagnostic[]): string[] {
  return severities.flatMap(({ severity, one, many }) => {
    const count = diagnostics.filter((diagnostic) => diagnostic.severity === severity).length
    return count === 0 ? [] : [`${count} ${count === 1 ? one : many}`]
  })
}

function row(diagnostic: LspDiagnostic, displayPath: string, lines: readonly string[]): string {
  return `${displayPath}:${diagnosticRow(diagnostic, lines)}`
}

/**
 * A diagnostic after its path: `line:col  severity  code  message` (the column in code points of
 * the line as read, only the line when it cannot be read; the code when there is one; the message
 * on one line).
 */
export function diagnosticRow(diagnostic: LspDiagnostic, lines: readonly string[] | undefined): string {
  const { line, character } = diagnostic.range.start
  const lineText = lines?.[line]
  const where = lineText === undefined ? `${line + 1}` : `${line + 1}:${utf16ToCodePointColumn(lineText, character)}`
  const code = diagnostic.code === undefined || diagnostic.code === '' ? '' : `  ${diagnostic.code}`
  return `${where}  ${diagnostic.severity.toLowerCase()}${code}  ${oneLineMessage(diagnostic.message)}`
}

/**
 * A message on one line, cut to {@link MAX_MESSAGE}: its lines trimmed and joined with a space
 * after punctuation, else with `; ` (pyright's and tsserver's follow-up lines are sentences of
 * their own, with or without a full stop).
 */
function oneLineMessage(message: string): string {
  const text = message
    .split(/\r\n|[\r\n\u2028\u2029]/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .reduce((joined, line) => (joined === '' ? line : `${joined}${/[.:;,!?]$/.test(joined) ? ' ' : '; '}${line}`), '')
  const codePoints = Array.from(text)
  return codePoints.length <= MAX_MESSAGE ? text : `${codePoints.slice(0, MAX_MESSAGE - 1).join('')}…`
}
