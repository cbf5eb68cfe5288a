import { realpath } from 'node:fs/promises'
import path from 'node:path'
import type { LspContext, LspLocation, LspLocationsResult, LspQueryRequest, LspQueryResult, LspSymbol } from '@agent-lsp/lsp'
import { boundedSignal, untilAborted } from '@agent-lsp/abort'
import { URI } from 'vscode-uri'
import { createLineReader } from '../input/file-lines.js'
import { fileTextsOf } from '../input/file-texts.js'
import { createQueryFiles } from '../input/query-files.js'
import type { ImpactRequest } from '../input/tool-request.js'
import type { ToolSettings } from '../options.js'
import { toToolError } from '../to-tool-error.js'
import { walkUsers } from './callers.js'
import { changedParts } from './changed-symbols.js'
import { readChanges } from './changes.js'
import type { ImpactModel } from './impact-model.js'
import { removedNames } from './removed-names.js'
import { renderImpact } from './render-impact.js'

/** The share of the deadline references may be asked in; the rest renders what came. */
const ASKING_SHARE = 0.8

/**
 * Answer `impact`: what the diff changes and who uses it (see `impact/README.md`), rendered,
 * within the tool's deadline and error mapping.
 * @throws LspToolError `LSP_NOT_A_REPOSITORY`, `LSP_INVALID_REVISION`, `LSP_UNAVAILABLE` (no
 *   git), `LSP_INVALID_INPUT` (a page past the last), `LSP_TIMEOUT`, `LSP_CANCELLED`, and the
 *   seam's codes of `documentSymbol` and `findReferences`.
 */
export async function runImpact(ctx: LspContext, settings: ToolSettings, request: ImpactRequest, callerSignal: AbortSignal | undefined): Promise<string> {
  const { deadline, signal, release } = boundedSignal(settings.timeoutMs, callerSignal)
  const { workspaceRoot } = settings
  try {
    // Most of the deadline for asking: what is not answered by then is counted, and the answer still comes.
    const model = await impactOf(ctx, workspaceRoot, request, signal, Date.now() + settings.timeoutMs * ASKING_SHARE)
    const roots = [await realpath(workspaceRoot), workspaceRoot]
    const readLines = createLineReader(createQueryFiles(workspaceRoot, fileTextsOf(ctx.lsp)))
    return await renderImpact(model, { roots, readLines, maxResults: settings.maxResults, page: request.page, ...(settings.writeFlags ? { writeFlags: settings.writeFlags } : {}) })
  } catch (error) {
    throw toToolError(error, { operation: 'impact', callerSignal, deadline, timeoutMs: settings.timeoutMs })
  } finally {
    release()
  }
}

/**
 * The impact of `request.spec` in `workspaceRoot`, as data (zero-based UTF-16 places, `file:` URIs);
 * no symbol's references are asked after `askUntil` (`Date.now()` milliseconds).
 */
export async function impactOf(ctx: LspContext, workspaceRoot: string, request: ImpactRequest, signal: AbortSignal, askUntil: number): Promise<ImpactModel> {
  const ask = (query: LspQueryRequest): Promise<LspQueryResult> => untilAborted(ctx.lsp.query(query, signal), signal)
  const changes = await readChanges(workspaceRoot, request.spec, signal)
  const outlines = new Map<string, Promise<readonly LspSymbol[]>>()
  const outline = (absolutePath: string): Promise<readonly LspSymbol[]> => {
    let known = outlines.get(absolutePath)
    if (known === undefined) {
      known = ask({ operation: 'documentSymbol', filePath: absolutePath, workspaceRoot }).then((result) => (result.kind === 'symbols' ? result.symbols : []))
      outlines.set(absolutePath, known)
    }
    return known
  }
  const extensions = new Set(ctx.lsp.providers().flatMap((provider) => provider.extensions))
  const parts = await changedParts(changes, workspaceRoot, outline, (file) => extensions.has(path.extname(file).toLowerCase()))
  const references = async (location: LspLocation): Promise<LspLocationsResult | undefined> => {
    const late = AbortSignal.timeout(Math.max(1, askUntil - Date.now()))
    const bounded = AbortSignal.any([signal, late])
    const query = { operation: 'findReferences', filePath: URI.parse(location.uri).fsPath, position: location.range.start, workspaceRoot } as const
    try {
      const result = await untilAborted(ctx.lsp.query(query, bounded), bounded)
      if (result.kind !== 'locations') throw new Error(`findReferences answered ${result.kind}`)
      return result
    } catch (error) {
      // Not in time: counted as not asked (the answer says so); the caller's abort or deadline still rejects.
      if (late.aborted && !signal.aborted) return undefined
      throw error
    }
  }
  const roots = [await realpath(workspaceRoot), workspaceRoot]
  const walked = await walkUsers(parts.changed, { references, outline, roots, maxDepth: request.depth, askUntil })
  return {
    spec: request.spec,
    changed: walked.nodes,
    outside: parts.outside,
    unread: parts.unread,
    deleted: await removedNames(parts, workspaceRoot, signal),
    maxDepth: request.depth,
    cut: walked.cut,
    unasked: walked.unasked,
  }
}
