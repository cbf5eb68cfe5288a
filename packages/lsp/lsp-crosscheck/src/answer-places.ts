import type { LspCallsResult, LspCursorRequest, LspLocation, LspLocationsResult, LspService } from '@agent-lsp/lsp'

/**
 * The locations `operation` answers at the cursor (`goToDefinition`: where it leads;
 * `findReferences`: the server's references, with the declaration); nothing when it fails or
 * `bounded` passes its deadline (the answer still stands, each place is then asked). Rethrows only
 * when the caller's own `signal` aborted.
 */
export async function locationsAt(operation: 'goToDefinition' | 'findReferences', lsp: LspService, request: LspCursorRequest, bounded: AbortSignal, signal: AbortSignal | undefined): Promise<readonly LspLocation[]> {
  try {
    const answer = await lsp.query({ operation, filePath: request.filePath, position: request.position, workspaceRoot: request.workspaceRoot }, bounded)
    return answer.locations
  } catch (error) {
    if (signal?.aborted) throw error
    return []
  }
}

/** The places an answer already names: its locations, or its callers' call sites and the origins. */
export function listedPlaces(result: LspLocationsResult | LspCallsResult): LspLocation[] {
  if (result.kind === 'locations') return [...result.locations]
  return [
    ...result.origins.map((origin) => ({ uri: origin.uri, range: origin.selectionRange })),
    ...result.calls.flatMap((call) => call.callSites),
  ]
}
