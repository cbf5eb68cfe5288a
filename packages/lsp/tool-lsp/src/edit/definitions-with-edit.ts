import type { LspOverlay } from '@agent-lsp/lsp'
import { untilAborted } from '@agent-lsp/abort'
import type { EditFlowContext } from './edit-context.js'
import { MAX_DEFINITION_PROBES, type ProbedDefinition, type Site } from './name-conflict.js'

/**
 * goToDefinition at `sites` (the first {@link MAX_DEFINITION_PROBES}) with the edit in the servers'
 * view: one `overlayDiagnostics` per provider owning some of them, its `overlays` and no files,
 * asking only `definitions`. Sites of a provider without overlays are not asked.
 * @param overlaysOf - each provider's overlays of the edit, by provider id.
 */
export async function definitionsWithEdit(
  context: EditFlowContext,
  overlaysOf: ReadonlyMap<string, readonly LspOverlay[]>,
  ownerOf: (file: string) => string | undefined,
  sites: readonly Site[],
): Promise<ProbedDefinition[]> {
  const probed: ProbedDefinition[] = []
  const asked = sites.slice(0, MAX_DEFINITION_PROBES)
  for (const [provider, overlays] of overlaysOf) {
    const mine = asked.filter((site) => ownerOf(site.path) === provider)
    if (mine.length === 0 || overlays.length === 0) continue
    const definitions = mine.map((site) => ({ filePath: site.path, position: site.position }))
    const request = { operation: 'overlayDiagnostics', filePath: overlays[0]!.filePath, overlays, files: [], definitions, workspaceRoot: context.workspaceRoot } as const
    const result = await untilAborted(context.ctx.lsp.query(request, context.signal), context.signal)
    for (const [index, site] of mine.entries()) probed.push({ site, found: result.definitions?.[index] ?? [] })
  }
  return probed
}
