import { compareLocations, LspError, type LspCompleteness, type LspLocation, type LspLocationsResult, type LspPosition, type LspQueryResult } from '@agent-lsp/lsp'
import { uriToPath } from '../normalize/uri.js'

/** Implementations asked in turn for their own, per answer: deep enough for real hierarchies, bounded for wide ones. */
export const MAX_IMPLEMENTATION_ASKS = 32

/**
 * `first` (a server's `goToImplementation` answer that lists direct implementations only, as
 * clangd 14 does: `Square::area` for `Shape::area`, not `Big::area` of `Big : Square`) completed
 * transitively: each implementation found is asked for its own implementations in turn (`ask`,
 * the provider's own query at a file and position, which opens the file), each place once, at most
 * {@link MAX_IMPLEMENTATION_ASKS} asks; past that, or where an ask fails, the answer is `partial`
 * (`unchecked`), saying how many implementations were not followed. A place outside the workspace
 * (`LSP_OUTSIDE_WORKSPACE`: a system header's class) is listed and not followed: the seam answers
 * nothing there. A partial answer's completeness carries over.
 */
export async function implementationsTransitively(
  first: LspLocationsResult,
  ask: (filePath: string, position: LspPosition) => Promise<LspQueryResult>,
  signal: AbortSignal | undefined,
): Promise<LspLocationsResult> {
  const found = new Map(first.locations.map((location) => [keyOf(location), location]))
  const queue = [...first.locations]
  let completeness: LspCompleteness = first.completeness
  let asks = 0
  const failed: string[] = []
  while (queue.length > 0 && asks < MAX_IMPLEMENTATION_ASKS) {
    const at = queue.shift()!
    asks++
    const path = uriToPath(at.uri)
    if (path === null) continue
    const answer = await ask(path, at.range.start).catch((error: unknown) => {
      if (signal?.aborted || (LspError.isInstance(error) && error.code === 'LSP_CANCELLED')) throw error
      if (LspError.isInstance(error) && error.code === 'LSP_OUTSIDE_WORKSPACE') return undefined
      failed.push(LspError.describe(error))
      return undefined
    })
    if (answer === undefined || answer.kind !== 'locations') continue
    if (completeness.state === 'complete' && answer.completeness.state === 'partial') completeness = answer.completeness
    for (const location of answer.locations) {
      if (found.has(keyOf(location))) continue
      found.set(keyOf(location), location)
      queue.push(location)
    }
  }
  if (completeness.state === 'complete' && (queue.length > 0 || failed.length > 0)) {
    const cut = queue.length > 0 ? `${queue.length} implementations were not asked for their own (at most ${MAX_IMPLEMENTATION_ASKS} are asked)` : ''
    const broke = failed.length > 0 ? `${failed.length} could not be asked for their own (${failed[0]})` : ''
    completeness = { state: 'partial', reason: 'unchecked', message: `the server lists direct implementations only, and ${[cut, broke].filter(Boolean).join('; ')}: deeper ones may be missing` }
  }
  return { ...first, locations: [...found.values()].sort(compareLocations), completeness }
}

const keyOf = (location: LspLocation): string => `${location.uri}#${location.range.start.line}:${location.range.start.character}`
