import { relative } from 'node:path'
import { LspError, type LspCompleteness } from '@agent-lsp/lsp'
import type { Diagnostic } from 'vscode-languageserver-protocol'
import { isRecord } from '../normalize/shapes.js'
import type { Ask, OperationContext } from './context.js'
import { ignoredCodes, toDiagnostic } from './diagnostics-tsserver.js'
import { askTsserver, TSSERVER_REQUEST, tsserverBody } from './tsserver-request.js'
import { MAX_TSSERVER_PROJECTS } from './tsserver-projects.js'

/**
 * The diagnostics `uri` has only as other TypeScript projects compile it: a file of lib/ (its
 * tsconfig lenient) imported by app/ (strict) passes lib's check and fails app's (`tsc -p app`:
 * TS7006), and an edit there was "Verified: errors 0 → 0" (the eleventh trial): tsserver checks a
 * file in its default project only. tsserver's `semanticDiagnosticsSync` once per project of
 * `projects` (`projectFileName`; see `openEveryProject`, which keeps them loaded), each diagnostic
 * not among `own` kept once, its message naming the project (`… (as app/tsconfig.json compiles
 * it)`). A project that does not hold the file answers an error: skipped. Nothing asked for one
 * project; past {@link MAX_TSSERVER_PROJECTS}, `partial / unchecked` naming how many were not.
 */
export async function otherProjectsDiagnostics(
  uri: string,
  own: readonly Diagnostic[],
  projects: readonly string[],
  context: OperationContext,
  ask: Ask,
  signal: AbortSignal,
): Promise<{ readonly diagnostics: Diagnostic[]; readonly partial?: LspCompleteness & { readonly state: 'partial' } }> {
  if (projects.length <= 1) return { diagnostics: [] }
  const { client, root } = context
  const what = `${client.config.id} ${TSSERVER_REQUEST} semanticDiagnosticsSync`
  const ignored = ignoredCodes(client.config.settings)
  const keyOf = (diagnostic: Diagnostic): string => JSON.stringify([diagnostic.range, diagnostic.code, diagnostic.message])
  const seen = new Set(own.map(keyOf))
  const found: Diagnostic[] = []
  for (const projectFileName of projects.slice(0, MAX_TSSERVER_PROJECTS)) {
    const raw = await askTsserver(client, ask, 'semanticDiagnosticsSync', { file: uri, projectFileName }, signal).catch((error: unknown) => {
      if (LspError.isInstance(error) && error.code === 'LSP_SERVER_ERROR') return undefined
      throw error
    })
    // A project without the file answers `success: false` (or an error): it compiles nothing of it.
    if (!isRecord(raw) || raw.success !== true) continue
    for (const diagnostic of tsserverBody(raw, what).map((item) => toDiagnostic(item, what))) {
      const key = keyOf(diagnostic)
      if (seen.has(key) || ignored.has(diagnostic.code as number)) continue
      seen.add(key)
      found.push({ ...diagnostic, message: `${diagnostic.message} (as ${relative(root, projectFileName)} compiles it)` })
    }
  }
  const unasked = projects.length - MAX_TSSERVER_PROJECTS
  if (unasked <= 0) return { diagnostics: found }
  const message = `${unasked} more TypeScript projects under ${root} were not asked how they compile this file (at most ${MAX_TSSERVER_PROJECTS} are)`
  return { diagnostics: found, partial: { state: 'partial', reason: 'unchecked', message } }
}
