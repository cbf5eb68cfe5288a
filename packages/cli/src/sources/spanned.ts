import { joinedCompleteness, LspError, type LspLocation, type LspProviderQuery, type LspQueryResult } from '@agent-lsp/lsp'
import type { ScipDeclarationSite, ScipElsewhere } from '@agent-lsp/lsp-scip'

/**
 * The other repositories' share of an answer (`ScipLspProvider.elsewhere`); `declared` says where
 * the live server has the symbol at the cursor declared, for when this workspace's index cannot say.
 */
export type Elsewhere = (request: LspProviderQuery, signal?: AbortSignal, declared?: () => Promise<ScipDeclarationSite | undefined>) => Promise<ScipElsewhere | undefined>

const compare = (a: LspLocation, b: LspLocation): number =>
  a.uri === b.uri ? a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character : a.uri < b.uri ? -1 : 1

/**
 * `result` (the live server's or this workspace's index's) with the other repositories' rows
 * added (`findReferences`, `goToImplementation`): its rows and theirs, sorted, and
 * `repositories` naming each searched with its provenance. Partial when either is: the reasons
 * of both, messages joined (theirs say which repository was not searched, or changed). Their
 * failure to answer at all makes the answer `partial`/`failed`, never a lost answer (`declared`
 * failing too: the live server's definition of the symbol at the cursor, see `Elsewhere`).
 */
export async function withElsewhere(result: LspQueryResult, request: LspProviderQuery, elsewhere: Elsewhere, signal?: AbortSignal, declared?: () => Promise<ScipDeclarationSite | undefined>): Promise<LspQueryResult> {
  if (result.kind !== 'locations') return result
  let found: ScipElsewhere | undefined
  try {
    found = await elsewhere(request, signal, declared)
  } catch (error) {
    if (signal?.aborted) throw error
    const why = LspError.describe(error)
    found = { locations: [], repositories: [], completeness: { state: 'partial', reason: 'failed', message: `other repositories not searched (${why})` } }
  }
  if (found === undefined) return result
  const locations = [...result.locations, ...found.locations].sort(compare)
  return {
    ...result,
    locations,
    completeness: joinedCompleteness(result.completeness, found.completeness),
    ...(found.repositories.length > 0 ? { repositories: found.repositories } : {}),
  }
}
