import { onAbort } from '@agent-lsp/abort'

/** What a turn at the gate is for: a query whose documents are synced from disk, or an overlay (see {@link ViewGate}). */
export type ViewUse = 'disk' | 'overlay'

/** One caller waiting for its turn. */
interface Waiter {
  readonly use: ViewUse
  readonly admit: () => void
}

/**
 * Who may use one server's view of its documents: any number of queries that read the disk at
 * once, or one overlay alone (text sent to the server only, see `answerOverlayDiagnostics`), so that
 * no query is ever answered from text that is not on disk and no overlay from another's text.
 * Turns are given first come, first served: a query asked while an overlay waits for the queries
 * before it waits behind that overlay, so overlays are not starved. A turn is taken in the same
 * synchronous step that finds the view free (at once, or when the turn before ends): checked and
 * taken on two different ticks, two callers woken by one ending both found it free, and a query
 * read a second overlay's text (found 2026-12-07 on the shared host, 1 diagnostics answer in 20-100).
 */
export class ViewGate {
  /** Disk queries holding a turn now. */
  #readers = 0
  /** Whether an overlay holds the turn now. */
  #overlay = false
  /** Callers waiting, first come first. */
  readonly #waiting: Waiter[] = []

  /** Whether an overlay holds the view or waits for it: a query asked now would wait. */
  get overlaid(): boolean {
    return this.#overlay || this.#waiting.some((waiter) => waiter.use === 'overlay')
  }

  /**
   * Run `work` in a turn of kind `use` once the view is free for it, and end the turn when it settles.
   * @param cancelled - what to reject with when `signal` aborts while waiting (the turn is not taken then).
   */
  async run<T>(use: ViewUse, work: () => Promise<T>, signal: AbortSignal | undefined, cancelled: () => unknown): Promise<T> {
    await this.#enter(use, signal, cancelled)
    try {
      return await work()
    } finally {
      if (use === 'overlay') this.#overlay = false
      else this.#readers--
      this.#admitWaiting()
    }
  }

  /** Take a turn now if nobody waits and the view is free for `use`, else wait for it. */
  #enter(use: ViewUse, signal: AbortSignal | undefined, cancelled: () => unknown): Promise<void> {
    if (signal?.aborted) return Promise.reject(cancelled())
    if (this.#waiting.length === 0 && this.#fits(use)) {
      this.#take(use)
      return Promise.resolve()
    }
    return new Promise<void>((resolve, reject) => {
      let stopWaiting = (): void => {}
      const waiter: Waiter = {
        use,
        admit: () => {
          stopWaiting()
          resolve()
        },
      }
      this.#waiting.push(waiter)
      if (signal === undefined) return
      stopWaiting = onAbort(signal, () => {
        const index = this.#waiting.indexOf(waiter)
        if (index === -1) return // admitted already: its turn runs and ends as any other
        this.#waiting.splice(index, 1)
        reject(cancelled())
        // An overlay that gave up may have held back the queries behind it.
        this.#admitWaiting()
      })
    })
  }

  #fits(use: ViewUse): boolean {
    return !this.#overlay && (use === 'disk' || this.#readers === 0)
  }

  #take(use: ViewUse): void {
    if (use === 'overlay') this.#overlay = true
    else this.#readers++
  }

  /** Give turns to the callers at the head of the queue while the view is free for them. */
  #admitWaiting(): void {
    while (this.#waiting.length > 0 && this.#fits(this.#waiting[0]!.use)) {
      const waiter = this.#waiting.shift()!
      this.#take(waiter.use)
      waiter.admit()
    }
  }
}
