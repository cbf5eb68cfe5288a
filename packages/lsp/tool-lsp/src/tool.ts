import type { LspContext } from '@agent-lsp/lsp'
import { describeLspTool } from './description.js'
import { createLineReader } from './file-lines.js'
import { lspToolInputJsonSchema, type JsonSchemaObject } from './input-json-schema.js'
import { toSettings, type LspToolOptions, type ToolSettings } from './options.js'
import { renderResult } from './render.js'
import { runQuery } from './run.js'

/**
 * The `lsp` tool as a plain definition that maps onto any harness: MCP (`name`, `description`,
 * `inputSchema`), the Vercel AI SDK (`jsonSchema(inputSchema)`), Anthropic or OpenAI tool use.
 */
export interface LspTool {
  readonly name: 'lsp'
  /** For the model: the operations, 1-based line and code-point character, paths, answer format. */
  readonly description: string
  /** JSON Schema draft 2020-12 of the input (see `lspToolInputSchema`). */
  readonly inputSchema: JsonSchemaObject
  /**
   * Run one query. `input` is untrusted (a model's tool call) and validated here.
   * @returns compact text: a header and `path:line:col  code` rows, or hover contents, or a
   *   `No … found …` line; prefixed by `Partial answer (<reason>): <message>` when incomplete.
   * @throws LspToolError with a one-line message; the codes of `runLspQuery` except
   *   `LSP_INVALID_OPTIONS` (checked by `createLspTool`); see `LspToolErrorCode`.
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
  return {
    name: 'lsp',
    description: describeLspTool(settings.workspaceRoot, providers),
    inputSchema: lspToolInputJsonSchema,
    execute: (input, signal) => execute(ctx, settings, input, signal),
  }
}

/** `runQuery`, then rendering with the cursor it located (nothing is computed twice). */
function execute(ctx: LspContext, settings: ToolSettings, raw: unknown, signal?: AbortSignal): Promise<string> {
  return runQuery(ctx, settings, raw, signal, ({ operation, cursor, result }) =>
    renderResult(result, {
      operation,
      cursor,
      workspaceRoot: settings.workspaceRoot,
      maxResults: settings.maxResults,
      readLines: createLineReader(),
    }),
  )
}
