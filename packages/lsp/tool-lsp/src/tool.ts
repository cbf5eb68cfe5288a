import type { LspContext, LspLocation, LspOperation } from '@agent-lsp/lsp'
import { URI } from 'vscode-uri'
import { untilAborted } from '@agent-lsp/abort'
import type { Cursor } from './input/cursor.js'
import { describeLspTool } from './description.js'
import { lspToolInputJsonSchema, type JsonSchemaObject } from './input/input-json-schema.js'
import { toSettings, type LspToolOptions, type ToolSettings } from './options.js'
import { PreviewStore } from './edit/edit-context.js'
import { isEditRequest, runEditFlow } from './edit/edit-flow.js'
import { renderResult } from './render/render.js'
import { runQuery, type Answered } from './run.js'
import { noticeLines } from './render/render-notices.js'
import { renderUnresolved } from './address/render-unresolved.js'
import { unresolvedError } from './address/unresolved-error.js'
import { isQueriesCall, runQueries } from './batch/run-queries.js'
import { runSymbolOperation } from './symbols/run-symbol.js'
import { runImpact } from './impact/run-impact.js'
import { parseToolRequest } from './input/input.js'
import type { ImpactRequest } from './input/tool-request.js'
import { runMoveFile } from './move/run-move.js'
import { runRangeEdit } from './range/run-range-edit.js'
import { overrideReferenceLines } from './render/render-overrides.js'

/**
 * The `lsp` tool as a plain definition that maps onto any harness: MCP (`name`, `description`,
 * `inputSchema`), the Vercel AI SDK (`jsonSchema(inputSchema)`), Anthropic or OpenAI tool use.
 */
export interface LspTool {
  readonly name: 'lsp'
  /** For the model: the operations and the fields each takes, the units, paths, answer format. */
  readonly description: string
  /** JSON Schema draft 2020-12 of the input (see `lspToolInputSchema`). */
  readonly inputSchema: JsonSchemaObject
  /**
   * Run one query, or several (`queries`: answered in order, each under a `## i/n …` header, all
   * within one `timeoutMs`; one that fails is answered `CODE: message` and the others still run).
   * `input` is untrusted (a model's tool call) and validated here.
   * @returns compact text: a header and rows (locations, symbols, calls, diagnostics), hover
   *   contents, signature help, or a `No … found …` line; a `symbol` that resolved adds a first
   *   line `Cart.addItem → path:line:col`, one that did not is answered with candidates or the
   *   closest names; the answer is prefixed by `Partial answer (<reason>): <message>` when
   *   incomplete.
   * @throws LspToolError with a one-line message; the codes of `runLspQuery` except
   *   `LSP_INVALID_OPTIONS` (checked by `createLspTool`) and the `LSP_SYMBOL_*` ones (answered
   *   in text); see `LspToolErrorCode`.
   */
  execute(input: unknown, signal?: AbortSignal): Promise<string>
}

/**
 * Create the `lsp` tool over `ctx.lsp` (design doc, "The tool").
 * @returns the tool, or `undefined` when `ctx.lsp` has no provider (the tool is not offered).
 *   The description lists the extensions registered now; queries select providers at call time.
 * @throws LspToolError `LSP_INVALID_OPTIONS` for a relative `workspaceRoot`, or a `timeoutMs` or
 *   `maxResults` that is not a positive integer.
 */
export function createLspTool(ctx: LspContext, options: LspToolOptions): LspTool | undefined {
  const providers = ctx.lsp.providers()
  if (providers.length === 0) return undefined
  const settings = toSettings(options)
  const previews = new PreviewStore()
  return {
    name: 'lsp',
    description: describeLspTool(settings.workspaceRoot, providers, settings.maxResults),
    inputSchema: lspToolInputJsonSchema,
    execute: (input, signal) =>
      isQueriesCall(input)
        ? runQueries(input, settings.timeoutMs, (query, timeoutMs) => execute(ctx, { ...settings, timeoutMs }, previews, query, signal), signal)
        : execute(ctx, settings, previews, input, signal),
  }
}

/**
 * `runQuery`, then rendering with what it located and read (nothing is computed twice); edit
 * requests go through the edit flow (preview, or apply and verify).
 */
function execute(ctx: LspContext, settings: ToolSettings, previews: PreviewStore, raw: unknown, signal?: AbortSignal): Promise<string> {
  if (typeof raw === 'object' && raw !== null && (raw as { operation?: unknown }).operation === 'impact') {
    return Promise.resolve(raw).then(parseToolRequest).then((request) => runImpact(ctx, settings, request as ImpactRequest, signal))
  }
  return runQuery(ctx, settings, raw, signal, async (outcome, scope) => {
    if (outcome.kind === 'unresolved') {
      // An apply that found nothing to write is not an answer: a caller checking the status must not think it wrote.
      if ('apply' in outcome.request && outcome.request.apply) throw unresolvedError(outcome.resolution, settings.writeFlags, 'Nothing was written.')
      return renderUnresolved(outcome.resolution, settings.writeFlags)
    }
    const { request } = outcome
    const editContext = { ctx, workspaceRoot: settings.workspaceRoot, previews, signal: scope.signal, checkEdits: settings.checkEdits, ...(settings.fileSystem ? { fileSystem: settings.fileSystem } : {}), ...(settings.writeFlags ? { writeFlags: settings.writeFlags } : {}) }
    let text = request.shape === 'symbol'
      ? await runSymbolOperation(outcome, editContext, scope.readLines)
      : request.shape === 'edit'
      ? await runRangeEdit(outcome, editContext, scope.readLines)
      : request.shape === 'moveFile'
      ? await runMoveFile(outcome, editContext)
      : isEditRequest(request)
      ? await runEditFlow(outcome, editContext)
      : await renderResult(outcome.result, {
          // `impact` never reaches here: `execute()` answers it through `runImpact`.
          operation: request.operation as LspOperation,
          subject: outcome.subject,
          workspaceRoot: settings.workspaceRoot,
          maxResults: settings.maxResults,
          page: 'page' in request ? request.page : 1,
          fileFilter: outcome.fileFilter,
          readLines: scope.readLines,
          declarations: () => declarations(ctx, settings, outcome, scope.signal),
          ...(settings.writeFlags ? { writeFlags: settings.writeFlags } : {}),
          ...(request.shape === 'codeActions' && request.only !== undefined ? { only: request.only } : {}),
        })
    const hierarchy = outcome.overrides === undefined || outcome.subject.kind !== 'cursor' ? [] : await overrideReferenceLines(outcome.overrides, outcome.subject.cursor.word ?? 'the symbol', outcome.result.kind === 'calls' ? 'calls' : 'locations', [outcome.result.resolvedWorkspaceRoot, settings.workspaceRoot], scope.readLines)
    if (hierarchy.length > 0) text = [text, ...hierarchy].join('\n')
    if (!outcome.resolved) return text
    // After the notices, which come first (see `noticeLines`), the symbol the name resolved to.
    const lines = text.split('\n')
    const noticed = noticeLines(outcome.result).length
    return [...lines.slice(0, noticed), `${outcome.resolved.displayName} → ${outcome.resolved.cursor.label}`, ...lines.slice(noticed)].join('\n')
  })
}

/**
 * Where the symbol of a cursor query is declared, best first: a resolved symbol's name; else
 * what `goToDefinition` at the cursor answers (when it fails, nothing), then the cursor itself.
 * Rejects only when `signal` aborts.
 */
async function declarations(ctx: LspContext, settings: ToolSettings, outcome: Answered, signal: AbortSignal): Promise<readonly LspLocation[]> {
  if (outcome.resolved) return [outcome.resolved.location]
  if (outcome.subject.kind !== 'cursor') return []
  const { cursor } = outcome.subject
  const here = atCursor(cursor)
  try {
    const request = { operation: 'goToDefinition', filePath: cursor.absolutePath, position: cursor.position, workspaceRoot: settings.workspaceRoot } as const
    const definitions = await untilAborted(ctx.lsp.query(request, signal), signal)
    return [...definitions.locations, here]
  } catch (error) {
    if (signal.aborted) throw error
    // Only the order of a long answer depends on it: without a definition, the cursor's row leads.
    return [here]
  }
}

function atCursor(cursor: Cursor): LspLocation {
  return { uri: URI.file(cursor.absolutePath).toString(), range: { start: cursor.position, end: cursor.position } }
}
