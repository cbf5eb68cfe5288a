import type { LspDiagnostic, LspWorkspaceDiagnosticsResult } from '@agent-lsp/lsp'
import { toLocationTarget, compareTargets, isUnder, type LocationTarget } from './location-targets.js'
import { moreLine, pageOf, showing } from './paging.js'
import type { RenderContext } from './render-context.js'
import { diagnosticRow, severityCounts } from './render-diagnostics.js'

/**
 * Render a `workspaceDiagnostics` answer: `3 errors, 1 warning in 2 files (from <checks>)`, then
 * the diagnostics grouped by file (files in display order, each file's in document order): a file
 * with one is `path:line:col  severity  code  message`, one with more is its path, then
 * `line:col  severity  code  message` lines; a file outside the workspace is `external /abs/path`.
 * `fileFilter` keeps the files under it; paged by diagnostics. No diagnostics:
 * `No diagnostics in the workspace (from <checks>).`; in a partial answer `No diagnostics in what
 * was checked (from <checks>).`, or `Nothing was checked, so there are no diagnostics to show.`
 * when no check ran (the partial line above says why), never a clean-sounding line.
 */
export async function renderWorkspaceDiagnostics(result: LspWorkspaceDiagnosticsResult, context: RenderContext): Promise<string> {
  const roots = [result.resolvedWorkspaceRoot, context.workspaceRoot]
  const from = result.checks.length === 0 ? '' : ` (from ${result.checks.join('; ')})`
  const files = result.files
    .map((file) => ({ target: toLocationTarget({ uri: file.uri, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } }, roots), diagnostics: file.diagnostics }))
    .sort((a, b) => compareTargets(a.target, b.target))
  const { fileFilter } = context
  const kept = fileFilter === undefined ? files : files.filter(({ target }) => isUnder(target, fileFilter))
  const under = fileFilter === undefined ? '' : ` under ${fileFilter}`
  const rows = kept.flatMap(({ target, diagnostics }) => diagnostics.map((diagnostic) => ({ target, diagnostic })))
  if (rows.length === 0) {
    if (result.completeness.state === 'complete') return `No diagnostics in the workspace${under}${from}.`
    return result.checks.length === 0 ? `Nothing was checked${under}, so there are no diagnostics to show.` : `No diagnostics in what was checked${under}${from}.`
  }
  const fileCount = kept.length
  const page = pageOf(rows.length, context.maxResults, context.page)
  const header = `${severityCounts(rows.map(({ diagnostic }) => diagnostic)).join(', ')} in ${fileCount} ${fileCount === 1 ? 'file' : 'files'}${under}${from}${showing(page)}`
  const shown = rows.slice(page.start, page.end)
  const out: string[] = [header]
  for (let start = 0; start < shown.length; ) {
    const { target } = shown[start]!
    let end = start + 1
    while (end < shown.length && shown[end]!.target === target) end++
    const group = shown.slice(start, end).map(({ diagnostic }) => diagnostic)
    out.push(...(await fileLines(target, group, context)))
    start = end
  }
  return [...out, ...moreLine(page, context.writeFlags)].join('\n')
}

async function fileLines(target: LocationTarget, diagnostics: readonly LspDiagnostic[], context: RenderContext): Promise<string[]> {
  const head = target.kind === 'external' ? `external  ${target.file}` : target.file
  const lines = target.kind === 'workspace' ? await context.readLines(target.absolutePath) : undefined
  const rows = diagnostics.map((diagnostic) => diagnosticRow(diagnostic, lines))
  return rows.length === 1 ? [`${head}:${rows[0]}`] : [head, ...rows]
}
