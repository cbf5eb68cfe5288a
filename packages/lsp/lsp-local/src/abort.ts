import { LspError } from '@agent-lsp/lsp'

/** The error a cancelled query rejects with: `LSP_CANCELLED`. */
export function cancelledError(what: string): LspError {
  return new LspError('LSP_CANCELLED', `${what} was cancelled`)
}

/**
 * `promise`, or a rejection with `LSP_CANCELLED` as soon as `signal` aborts, whichever is first.
 * The promise itself is not stopped: the caller cancels the underlying work.
 */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal | undefined, what: string): Promise<T> {
  if (!signal) return promise
  if (signal.aborted) return Promise.reject(cancelledError(what))
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(cancelledError(what))
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(error)
      },
    )
  })
}
