/**
 * `promise`, or a rejection with `signal.reason` as soon as `signal` aborts. Providers must reject
 * at once on abort; this makes the tool's bound hold even for one that does not.
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason)
    if (signal.aborted) onAbort()
    else signal.addEventListener('abort', onAbort, { once: true })
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
