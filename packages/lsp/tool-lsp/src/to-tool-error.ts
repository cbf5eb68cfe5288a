import type { Deadline } from '@agent-lsp/abort'
import { LspError } from '@agent-lsp/lsp'
import { LspToolError } from './errors.js'
import type { ToolOperation } from './input/tool-request.js'

/** Which signals were in play when a query failed. */
export interface FailureContext {
  readonly operation: ToolOperation
  readonly callerSignal: AbortSignal | undefined
  readonly deadline: Deadline
  readonly timeoutMs: number
}

/**
 * Turn any failure into the one error `execute()` and `runLspQuery()` reject with. Precedence:
 * the tool's own errors as they are; the caller's abort (`LSP_CANCELLED`); the tool's deadline
 * (`LSP_TIMEOUT`), whatever the provider rejected with when it saw the abort; an `LspError`'s code
 * and message; anything else `LSP_INTERNAL`, whatever was thrown. Messages are one line (the
 * `LspToolError` constructor sees to it).
 */
export function toToolError(error: unknown, context: FailureContext): LspToolError {
  if (LspToolError.isInstance(error)) return error
  const { operation } = context
  if (context.callerSignal?.aborted) return new LspToolError('LSP_CANCELLED', `${operation} was cancelled`, { cause: error })
  if (context.deadline.passed) {
    return new LspToolError('LSP_TIMEOUT', `${operation} timed out after ${formatDuration(context.timeoutMs)}`, { cause: error })
  }
  if (LspError.isInstance(error)) return new LspToolError(error.code, error.message, { cause: error })
  return new LspToolError('LSP_INTERNAL', `internal error: ${describe(error)}`, { cause: error })
}

/** `60000` → `60 s`, `1500` → `1.5 s`, `50` → `50 ms`. */
export function formatDuration(ms: number): string {
  return ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`
}

/** What was thrown, in words; never throws itself (`String()` does for `Object.create(null)`). */
function describe(thrown: unknown): string {
  if (thrown instanceof Error) return thrown.message
  try {
    return String(thrown)
  } catch {
    return Object.prototype.toString.call(thrown)
  }
}
