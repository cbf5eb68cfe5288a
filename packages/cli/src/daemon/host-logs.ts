import { openOperationLog, type OperationLog } from '../oplog/operation-log.js'

/**
 * The operation logs the host writes: its own (every client's queries), and each client's
 * `--log` file, opened on its first line and kept open until the host stops. A file that cannot
 * be opened is left out (said once on the host's stderr, `host-errors.log`), never failing a query.
 */
export class HostLogs {
  readonly #own: OperationLog | undefined
  readonly #clients = new Map<string, OperationLog | null>()

  constructor(own: string | undefined) {
    this.#own = own === undefined ? undefined : this.#open(own)
  }

  /** The logs a query's line goes to: the host's, and `clientLog` unless it is the same file. */
  for(clientLog: string | undefined): OperationLog[] {
    const own = this.#own ? [this.#own] : []
    if (clientLog === undefined || clientLog === this.#own?.file) return own
    if (!this.#clients.has(clientLog)) this.#clients.set(clientLog, this.#open(clientLog) ?? null)
    const client = this.#clients.get(clientLog)
    return client ? [...own, client] : own
  }

  close(): void {
    this.#own?.close()
    for (const log of this.#clients.values()) log?.close()
    this.#clients.clear()
  }

  #open(file: string): OperationLog | undefined {
    try {
      return openOperationLog(file, '/')
    } catch (error) {
      process.stderr.write(`agent-lsp host: ${(error as Error).message}\n`)
      return undefined
    }
  }
}
