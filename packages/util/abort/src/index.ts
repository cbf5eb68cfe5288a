/**
 * `promise`, or a rejection with `reason()` as soon as `signal` aborts, whichever is first. The
 * promise itself is not stopped: the caller cancels the underlying work. The listener on `signal`
 * is removed when `promise` settles, so many calls on one long-lived signal leave none behind.
 * @param signal - without one, `promise` itself is returned.
 * @param reason - what to reject with; default the signal's own `reason`.
 */
export function untilAborted<T>(
  promise: Promise<T>,
  signal: AbortSignal | undefined,
  reason: () => unknown = () => signal?.reason,
): Promise<T> {
  if (!signal) return promise
  if (signal.aborted) return Promise.reject(reason())
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(reason())
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

/**
 * A signal that aborts when `timeoutMs` (milliseconds) pass or `callerSignal` aborts, whichever is
 * first, and `deadline`, which aborts only on time (with a `TimeoutError` `DOMException`, as
 * `AbortSignal.timeout` does). `release()` clears the timer and the listener on `callerSignal`:
 * unlike `AbortSignal.timeout` and `AbortSignal.any`, nothing stays alive after the call.
 */
export function boundedSignal(
  timeoutMs: number,
  callerSignal: AbortSignal | undefined,
): { readonly deadline: AbortSignal; readonly signal: AbortSignal; readonly release: () => void } {
  const onTime = new AbortController()
  const either = new AbortController()
  const timer = setTimeout(() => {
    const reason = new DOMException(`The operation timed out after ${timeoutMs} ms`, 'TimeoutError')
    onTime.abort(reason)
    either.abort(reason)
  }, timeoutMs)
  const onCallerAbort = (): void => either.abort(callerSignal?.reason)
  if (callerSignal?.aborted) onCallerAbort()
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true })
  return {
    deadline: onTime.signal,
    signal: either.signal,
    release: () => {
      clearTimeout(timer)
      callerSignal?.removeEventListener('abort', onCallerAbort)
    },
  }
}
