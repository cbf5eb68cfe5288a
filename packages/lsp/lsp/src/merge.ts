import { LspError } from './errors.js'
import type { LspProvider } from './provider-types.js'
import type { LspCompleteness, LspProvenance, LspSymbolsResult } from './results.js'

/**
 * Merge the providers' answers to one workspace symbol search. A provider that failed makes the
 * answer `partial / failed` (naming it and its error code) unless all failed: then the first
 * failure is thrown. One that does not offer the search (`LSP_UNSUPPORTED_OPERATION`) is left out:
 * not a failure. Partial answers stay partial, their messages joined. When providers answered
 * from an index, the answer carries the first one's provenance with every stale URI among them;
 * every provider's notices are kept.
 * @throws LspError the first provider's error when every provider failed.
 */
export function mergeSymbolResults(providers: readonly LspProvider[], settled: readonly PromiseSettledResult<LspSymbolsResult>[]): LspSymbolsResult {
  const answers = settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []))
  const rejections = settled.flatMap((outcome, index) => (outcome.status === 'rejected' ? [{ provider: providers[index]!, error: outcome.reason as unknown }] : []))
  // A provider that offers no workspace symbols (a JSON or YAML server) has nothing to miss.
  const failures = rejections.filter(({ error }) => !(LspError.isInstance(error) && error.code === 'LSP_UNSUPPORTED_OPERATION'))
  const [first] = answers
  if (!first) throw (failures[0] ?? rejections[0])?.error ?? new LspError('LSP_UNAVAILABLE', 'no language server is configured')
  const notes = answers.flatMap((answer) => (answer.completeness.state === 'partial' ? [answer.completeness] : []))
  const failed = failures.map(({ provider, error }) => `${provider.id} failed (${LspError.isInstance(error) ? `${error.code}: ${error.message}` : String(error)})`)
  const completeness: LspCompleteness =
    failed.length > 0
      ? { state: 'partial', reason: 'failed', message: [...failed, ...notes.map((note) => note.message)].join('; ') }
      : notes[0]
        ? { state: 'partial', reason: notes[0].reason, message: notes.map((note) => note.message).join('; ') }
        : { state: 'complete' }
  const provenance = mergedProvenance(answers.flatMap((answer) => (answer.provenance ? [answer.provenance] : [])))
  const notices = answers.flatMap((answer) => answer.notices ?? [])
  return {
    kind: 'symbols',
    symbols: answers.flatMap((answer) => answer.symbols),
    resolvedWorkspaceRoot: first.resolvedWorkspaceRoot,
    completeness,
    ...(provenance ? { provenance } : {}),
    ...(notices.length > 0 ? { notices } : {}),
  }
}

function mergedProvenance(all: readonly LspProvenance[]): LspProvenance | undefined {
  const [first] = all
  if (!first) return undefined
  return { ...first, staleUris: [...new Set(all.flatMap((provenance) => provenance.staleUris))].sort() }
}
