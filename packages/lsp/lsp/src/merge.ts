import { LspError } from './errors.js'
import { compareCodeUnits } from './positions.js'
import type { LspProvider } from './provider-types.js'
import type { LspCompleteness, LspFallback, LspNotice, LspProvenance, LspSymbolsResult, LspWorkspaceDiagnosticsResult } from './results.js'

/** The providers' answers to one workspace symbol search, merged (see {@link mergeFannedOut}). */
export function mergeSymbolResults(providers: readonly LspProvider[], settled: readonly PromiseSettledResult<LspSymbolsResult>[]): LspSymbolsResult {
  const merged = mergeFannedOut(providers, settled)
  return { kind: 'symbols', symbols: merged.answers.flatMap((answer) => answer.symbols), ...merged.base }
}

/** The providers' workspace diagnostics, merged (see {@link mergeFannedOut}): files sorted by URI, checks in provider order. */
export function mergeWorkspaceDiagnostics(
  providers: readonly LspProvider[],
  settled: readonly PromiseSettledResult<LspWorkspaceDiagnosticsResult>[],
): LspWorkspaceDiagnosticsResult {
  const { answers, base } = mergeFannedOut(providers, settled)
  const files = answers.flatMap((answer) => answer.files).sort((a, b) => compareCodeUnits(a.uri, b.uri))
  return { kind: 'workspaceDiagnostics', files, checks: answers.flatMap((answer) => answer.checks), ...base }
}

interface Base {
  readonly resolvedWorkspaceRoot: string
  readonly completeness: LspCompleteness
  readonly provenance?: LspProvenance
  readonly notices?: readonly LspNotice[]
  readonly fallback?: LspFallback
}

/**
 * What the providers' answers to one query asked of them all share. A provider that failed makes the
 * answer `partial / failed` (naming it and its error code) unless all failed: then the first
 * failure is thrown. One that does not offer the search (`LSP_UNSUPPORTED_OPERATION`) is left out:
 * not a failure. Partial answers stay partial, their messages joined (each once). When providers answered
 * from an index, the answer carries the first one's provenance with every stale URI among them
 * (`partly` when others answered live);
 * every provider's notices are kept; when one was a fallback server, the first such one's `fallback`.
 * @throws LspError the first provider's error when every provider failed.
 */
function mergeFannedOut<R extends Base>(providers: readonly LspProvider[], settled: readonly PromiseSettledResult<R>[]): { answers: R[]; base: Base } {
  const answers = settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []))
  const rejections = settled.flatMap((outcome, index) => (outcome.status === 'rejected' ? [{ provider: providers[index]!, error: outcome.reason as unknown }] : []))
  // A provider that offers no such search (a JSON or YAML server) has nothing to miss.
  const failures = rejections.filter(({ error }) => !(LspError.isInstance(error) && error.code === 'LSP_UNSUPPORTED_OPERATION'))
  const [first] = answers
  if (!first) throw (failures[0] ?? rejections[0])?.error ?? new LspError('LSP_UNAVAILABLE', 'no language server is configured')
  const notes = answers.flatMap((answer) => (answer.completeness.state === 'partial' ? [answer.completeness] : []))
  // Said once: one index answers for each of its languages' servers, with the same words.
  const said = [...new Set(notes.map((note) => note.message))]
  const failed = failures.map(({ provider, error }) => `${provider.id} failed (${LspError.describe(error)})`)
  const completeness: LspCompleteness =
    failed.length > 0
      ? { state: 'partial', reason: 'failed', message: [...failed, ...said].join('; ') }
      : notes[0]
        ? { state: 'partial', reason: notes[0].reason, message: said.join('; ') }
        : { state: 'complete' }
  const provenance = mergedProvenance(answers.flatMap((answer) => (answer.provenance ? [answer.provenance] : [])), answers.length)
  const notices = answers.flatMap((answer) => answer.notices ?? [])
  const fallback = answers.find((answer) => answer.fallback !== undefined)?.fallback
  const base = {
    resolvedWorkspaceRoot: first.resolvedWorkspaceRoot,
    completeness,
    ...(provenance ? { provenance } : {}),
    ...(notices.length > 0 ? { notices } : {}),
    ...(fallback ? { fallback } : {}),
  }
  return { answers, base }
}

/** The first provenance with every stale URI among them; `partly` when fewer than `answers` answers have one (the others answered live). */
function mergedProvenance(all: readonly LspProvenance[], answers: number): LspProvenance | undefined {
  const [first] = all
  if (!first) return undefined
  return { ...first, staleUris: [...new Set(all.flatMap((provenance) => provenance.staleUris))].sort(), ...(all.length < answers ? { partly: true as const } : {}) }
}
