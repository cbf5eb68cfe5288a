/**
 * Bounds of the local provider, in milliseconds unless named otherwise. Each has a default
 * ({@link defaultLocalProviderLimits}); tests shorten them.
 */
export interface LocalProviderLimits {
  /** Spawn to `initialize` result. Past it the process is killed: `LSP_TIMEOUT`. */
  readonly initializeTimeoutMs: number
  /**
   * How long a query waits for the server's `$/progress` work (project loading, indexing) to end
   * before it asks anyway and marks the answer `partial`.
   */
  readonly readinessTimeoutMs: number
  /**
   * How long the first query of a session waits for the indexing of its file's compile database to
   * begin (see `LocalCompileDatabase.indexProgressTitle`) before it stops waiting and says so.
   */
  readonly indexStartTimeoutMs: number
  /** `shutdown` + `exit` before the process is killed, on dispose. */
  readonly shutdownTimeoutMs: number
  /** Documents kept open per server; the least recently used is closed beyond it. */
  readonly maxOpenDocuments: number
  /**
   * Files opened before a workspace-wide query when no project marker covers them (tsserver
   * without a `tsconfig.json` searches only the files it was given), the nearest to the queried
   * file first, and kept open beside `maxOpenDocuments`; past it the answer is partial. A count;
   * default 200.
   */
  readonly maxLooseFiles: number
  /** Retries of a request answered `ContentModified` (-32801). */
  readonly contentModifiedRetries: number
  /**
   * How long `diagnostics` waits for a server's pushed verdict on the file (see
   * `LocalDiagnosticsRules.settle`) before it answers `partial` with what it has.
   */
  readonly diagnosticsTimeoutMs: number
  /**
   * How long `diagnostics` waits for diagnostics it asked for (pulled: `textDocument/diagnostic`, or
   * tsserver's through `LocalDiagnosticsRules.pull`) before it answers `partial` with what the server
   * pushed. Longer than {@link diagnosticsTimeoutMs}: a pull answers once the whole check is done,
   * which for one costly file took tsserver 12.2 s and 24.7 s on a loaded machine (`tsc` 18.4 s).
   */
  readonly diagnosticsPullTimeoutMs: number
  /**
   * A server with no query for this long is stopped (`shutdown`, `exit`, then kill); the next
   * query starts it again. Counted from the end of its last query: a server with a query in
   * flight is never stopped, however long that query takes. `Infinity` never stops one.
   * Milliseconds; default 600 000 (10 min).
   */
  readonly idleShutdownMs: number
  /**
   * Servers (one per server root) running at once, per provider. Starting one more stops the least
   * recently used idle one. A server with a query in flight is never stopped: while all are busy
   * the count may exceed this, and drops back as soon as one is idle. `Infinity` for no bound.
   * A count; default 16.
   */
  readonly maxLiveServers: number
  /**
   * The memory cap of a server whose config sets no `maxMemoryMB`: megabytes (MiB) of resident
   * memory of its process group (see `maxMemoryMB`). `Infinity` for no cap. Default 4096.
   */
  readonly maxMemoryMB: number
  /**
   * How often each running server's memory is sampled against its cap (ms). Default 10 000.
   */
  readonly memorySampleMs: number
  /** Completion items completed with `completionItem/resolve` per query (the first, in sort order). */
  readonly completionResolveLimit: number
  /** Code actions without an edit completed with `codeAction/resolve` per query. */
  readonly codeActionResolveLimit: number
}

/** The default {@link LocalProviderLimits}. */
export const defaultLocalProviderLimits: LocalProviderLimits = {
  initializeTimeoutMs: 30_000,
  readinessTimeoutMs: 30_000,
  // clangd announced it 1-150 ms after the open on a loaded machine (six busy loops on two cores).
  indexStartTimeoutMs: 10_000,
  shutdownTimeoutMs: 2_000,
  maxOpenDocuments: 64,
  maxLooseFiles: 200,
  contentModifiedRetries: 3,
  diagnosticsTimeoutMs: 10_000,
  // Twice the slowest cold check measured, and under the tool's own 60 s bound.
  diagnosticsPullTimeoutMs: 45_000,
  // An agent session pauses for minutes between bursts of queries; a cold restart costs seconds.
  idleShutdownMs: 10 * 60_000,
  // A monorepo with a server per package; tsserver alone can hold hundreds of MB each.
  maxLiveServers: 16,
  // tsserver's own default heap is 3072 MB in VS Code; its language server and workers come on top.
  maxMemoryMB: 4096,
  // Reading /proc for a process group costs about a millisecond: not on every query.
  memorySampleMs: 10_000,
  completionResolveLimit: 50,
  codeActionResolveLimit: 20,
}

