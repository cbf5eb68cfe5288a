import type { LspService } from '@agent-lsp/lsp'

/**
 * When the live servers' warm-ups start (see `AnswerSourceOptions.warm`): once the answers they
 * follow have been given. A warm-up started while its answer is still being made (the
 * cross-check's search and lexing, the rendering, the writing) has typescript-language-server load
 * its project beside that work: on effect's 524k lines and 2 cores, 0.2–0.5 s more for the answer.
 *
 * Foreground work is what {@link WarmUps.foreground} runs: each query of the host's `ctx.lsp`
 * (see {@link foregroundService}), and whatever a caller wraps around asking and giving an answer
 * (a one-shot command's query and its stdout, an MCP tool call). Warm-ups held meanwhile start
 * once none is in flight, one event-loop turn after the last settled (`setImmediate`), so that
 * whatever its caller does on settling (an MCP response written after its handler returns) goes
 * first; foreground work begun by then postpones them again.
 */
export interface WarmUps {
  /** Run `work` as foreground work. Its result or rejection, as is. */
  foreground<T>(work: () => Promise<T>): Promise<T>
  /**
   * Start `start` once no foreground work is in flight (see the interface); never after
   * {@link WarmUps.close}. `start` settles once the warm-up is handed over (to the shared host,
   * when it accepted it; in this process, once asked), not when answered; it never rejects.
   * `dropped` is called instead when it will not start (closed first).
   */
  hold(start: () => Promise<void>, dropped: () => void): void
  /**
   * Start no warm-up from now on. With `handOver` (a client of the shared host, whose servers
   * outlive it), the warm-ups held are started now if no foreground work is in flight, and every
   * hand-over begun is waited for; else (this process stops its servers) the held ones are
   * dropped and none is waited for. Warm-ups held for work still in flight are dropped. Never rejects.
   */
  close(options: { readonly handOver: boolean }): Promise<void>
}

/** A {@link WarmUps} with nothing held and no foreground work in flight. */
export function createWarmUps(): WarmUps {
  let inFlight = 0
  let closed = false
  let held: { readonly start: () => Promise<void>; readonly dropped: () => void }[] = []
  const handingOver = new Set<Promise<void>>()
  let check: NodeJS.Immediate | undefined
  const startHeld = (): void => {
    const due = held
    held = []
    for (const { start } of due) {
      const handed = start().finally(() => handingOver.delete(handed))
      handingOver.add(handed)
    }
  }
  const schedule = (): void => {
    if (check !== undefined || held.length === 0 || closed) return
    check = setImmediate(() => {
      check = undefined
      if (inFlight === 0 && !closed) startHeld()
    })
  }
  return {
    async foreground(work) {
      inFlight++
      try {
        return await work()
      } finally {
        inFlight--
        if (inFlight === 0) schedule()
      }
    },
    hold(start, dropped) {
      if (closed) return dropped()
      held.push({ start, dropped })
      if (inFlight === 0) schedule()
    },
    async close({ handOver }) {
      if (closed) return
      closed = true
      if (check !== undefined) clearImmediate(check)
      check = undefined
      if (handOver && inFlight === 0) startHeld()
      for (const { dropped } of held) dropped()
      held = []
      if (handOver) await Promise.all([...handingOver])
    },
  }
}

/** `lsp` with each of its queries run as foreground work of `warmUps` (the host's outermost `ctx.lsp`). */
export function foregroundService(lsp: LspService, warmUps: WarmUps): LspService {
  return {
    registerProvider: (provider) => lsp.registerProvider(provider),
    providers: () => lsp.providers(),
    dispose: () => lsp.dispose(),
    query: (request, signal) => warmUps.foreground(() => lsp.query(request, signal)),
  }
}
