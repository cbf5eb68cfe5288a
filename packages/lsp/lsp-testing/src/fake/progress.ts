import { setTimeout as delay } from 'node:timers/promises'
import {
  type ProtocolConnection,
  WorkDoneProgress,
  WorkDoneProgressCreateRequest,
} from 'vscode-languageserver-protocol'
import { DEFAULT_PROGRESS_DELAY_MS, type FakeServerProgress } from './scenario.js'

/** The fake's indexing phase: language requests wait for `done`. */
export interface Indexing {
  /** Settles once indexing is over (at once when the scenario has no `progress`). */
  readonly done: Promise<void>
  /** Told of every message received (see `FakeServerProgress.endAfterMessage`). */
  onMessage(): void
  /** Runs the phase; called when `initialized` (or the first didOpen, see `FakeServerProgress.after`) arrives. */
  run(connection: ProtocolConnection): Promise<void>
}

/**
 * The indexing phase of `progress`: `startDelayMs` later, `window/workDoneProgress/create` for its token, `$/progress`
 * begin (`Indexing`), `delayMs` later the end, then `done`. If the client refuses the token the
 * fake must not report with it (LSP 3.17 §workDoneProgress/create), so it ends indexing at once.
 */
export function createIndexing(progress: FakeServerProgress | undefined): Indexing {
  if (progress === undefined) return { done: Promise.resolve(), onMessage: () => {}, run: async () => {} }
  const { token } = progress
  let finish = () => {}
  const done = new Promise<void>((resolve) => {
    finish = resolve
  })
  let woken = () => {}
  return {
    done,
    onMessage: () => woken(),
    async run(connection) {
      try {
        if (progress.startDelayMs) await delay(progress.startDelayMs)
        try {
          await connection.sendRequest(WorkDoneProgressCreateRequest.type, { token })
        } catch {
          return // refused: the log holds the client's error as a `reply` entry
        }
        await connection.sendProgress(WorkDoneProgress.type, token, { kind: 'begin', title: 'Indexing' })
        await delay(progress.delayMs ?? DEFAULT_PROGRESS_DELAY_MS)
        if (progress.endAfterMessage) await new Promise<void>((resolve) => (woken = resolve))
        await connection.sendProgress(WorkDoneProgress.type, token, { kind: 'end' })
      } finally {
        finish()
      }
    },
  }
}
