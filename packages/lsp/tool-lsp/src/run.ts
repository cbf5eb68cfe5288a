import type { LspContext, LspOperation, LspQueryResult } from '@agent-lsp/lsp'
import { untilAborted } from './abort.js'
import { locateCursor, type Cursor } from './cursor.js'
import { parseLspToolInput } from './input.js'
import { toSettings, type LspToolOptions, type ToolSettings } from './options.js'
import { toToolError } from './to-tool-error.js'

/** A query answered, with what rendering it needs. */
export interface Answered {
  readonly operation: LspOperation
  readonly cursor: Cursor
  readonly result: LspQueryResult
}

/**
 * Run one query the way the tool does, then `finish` with the answer, all under the tool's
 * deadline and error mapping: validate `raw`, resolve and read the file, convert the cursor, ask
 * `ctx.lsp`. `execute()` renders in `finish`; `runLspQuery` returns the result as it is.
 * @throws LspToolError, every failure (`finish`'s included) mapped by `toToolError`.
 */
export async function runQuery<T>(
  ctx: LspContext,
  settings: ToolSettings,
  raw: unknown,
  callerSignal: AbortSignal | undefined,
  finish: (answered: Answered) => Promise<T> | T,
): Promise<T> {
  const input = parseLspToolInput(raw)
  const deadline = AbortSignal.timeout(settings.timeoutMs)
  const signal = callerSignal ? AbortSignal.any([callerSignal, deadline]) : deadline
  const { operation } = input
  try {
    signal.throwIfAborted()
    const cursor = await locateCursor(input, settings.workspaceRoot)
    const request = { operation, filePath: cursor.absolutePath, position: cursor.position, workspaceRoot: settings.workspaceRoot }
    const result = await untilAborted(ctx.lsp.query(request, signal), signal)
    return await finish({ operation, cursor, result })
  } catch (error) {
    throw toToolError(error, { operation, callerSignal, deadline, timeoutMs: settings.timeoutMs })
  }
}

/**
 * Run one `lsp` tool query and return the seam's result unrendered (for callers that show it
 * themselves, such as `agent-lsp --json`): the same validation, path resolution, cursor
 * conversion, deadline and error mapping as the tool's `execute()`.
 * @param input - untrusted: `{ operation, filePath, line, character }`, `line` and `character`
 *   1-based, `character` in Unicode code points (see `lspToolInputSchema`).
 * @param options - `workspaceRoot` (absolute) and `timeoutMs` (milliseconds, default
 *   `DEFAULT_TIMEOUT_MS`, bounding the whole call); `maxResults` is ignored.
 * @param signal - the caller's cancellation.
 * @returns the provider's `LspQueryResult`: zero-based UTF-16 positions, `file:` URIs, as sent.
 * @throws LspToolError `LSP_INVALID_OPTIONS` (bad `options`), `LSP_INVALID_INPUT`,
 *   `LSP_OUTSIDE_WORKSPACE`, `LSP_FILE_NOT_FOUND` (missing, a directory, not a regular file, or
 *   unreadable), `LSP_INVALID_POSITION`, `LSP_TIMEOUT` (`timeoutMs` expired), `LSP_CANCELLED`
 *   (`signal` aborted), any other seam code copied from the seam or provider (e.g.
 *   `LSP_UNAVAILABLE`, `LSP_SERVER_CRASHED`), `LSP_INTERNAL` for anything else. One-line messages.
 */
export async function runLspQuery(ctx: LspContext, input: unknown, options: LspToolOptions, signal?: AbortSignal): Promise<LspQueryResult> {
  return runQuery(ctx, toSettings(options), input, signal, ({ result }) => result)
}
