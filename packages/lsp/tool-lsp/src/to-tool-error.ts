import { LspError, type LspOperation } from '@agent-lsp/lsp'
import { LspToolError } from './errors.js'

/** Which signals were in play when a query failed. */
export interface FailureContext {
  readonly operation: LspOperation
  readonly callerSignal: AbortSignal | undefined
  readonly deadline: AbortSignal
  readonly timeoutMs: number
}

/**
 * Turn any failure into the one error `execute()` rejects with. Precedence: the tool's own
 * errors as they are; the caller's abort (`LSP_CANCELLED`); the tool's deadline (`LSP_TIMEOUT`),
 * whatever the provider rejected with when it saw the abort; an `LspError`'s code and message;
 * anything else `LSP_INTERNAL`. Messages are one line.
 */
export function toToolError(error: unknown, context: FailureContext): LspToolError {
  if (LspToolError.isInstance(error)) return error
  const { operation } = context
  if (context.callerSignal?.aborted) return new LspToolError('LSP_CANCELLED', `${operation} was cancelled`, { cause: error })
  if (context.deadline.aborted) {
    return new LspToolError('LSP_TIMEOUT', `${operation} timed out after ${formatDuration(context.timeoutMs)}`, { cause: error })
  }
  if (LspError.isInstance(error)) return new LspToolError(error.code, oneLine(error.message), { cause: error })
  const message = error instanceof Error ? error.message : String(error)
  return new LspToolError('LSP_INTERNAL', `internal error: ${oneLine(message)}`, { cause: error })
}

/** `60000` → `60 s`, `1500` → `1.5 s`, `50` → `50 ms`. */
export function formatDuration(ms: number): string {
  return ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`
}

function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').trim()
}
