import { LspError, isValidExtension } from '@agent-lsp/lsp'

/**
 * One stdio language server to host, as data. The provider spawns `command` with `args` directly
 * (no shell), with `env` added to the host's environment.
 */
export interface LocalServerConfig {
  /** Stable provider id, e.g. `typescript`; becomes the `LspProviderId`. */
  readonly id: string
  /** The executable: an absolute path, or a name looked up on `PATH`. Never run through a shell. */
  readonly command: string
  readonly args?: readonly string[]
  /** Lowercase, leading-dot extension → LSP language id, e.g. `{ '.tsx': 'typescriptreact' }`. */
  readonly extensionToLanguage: Readonly<Record<string, string>>
  /**
   * File names that mark a project root (`tsconfig.json`, `pyproject.toml`). A file's server root
   * is its nearest ancestor directory holding one, inside the workspace; else the workspace root.
   */
  readonly rootMarkers?: readonly string[]
  /**
   * File names that define a project for a server that searches only the projects it has loaded
   * (tsserver: `tsconfig.json`, `jsconfig.json`). With them the host (1) starts the server at the
   * nearest such project above the workspace when none lies inside it, (2) opens one file of each
   * project in the workspace before `findReferences` and `goToImplementation`, so all are
   * searched, and (3) marks those answers `partial / unconfigured` for a file no project covers.
   */
  readonly projectMarkers?: readonly string[]
  /**
   * Folders the server leaves out of its workspace whatever its own config says, as a regular
   * expression (source text) on a folder's name, and the sentence that says so (pyright 1.1.414
   * always excludes `**∕.*`, even a folder its `include` names: `{ pattern: '^\\.', says: 'pyright
   * leaves out files under folders starting with a dot' }`). Workspace-wide answers are
   * `partial / unconfigured` while the server root holds files of the server's languages under
   * such a folder (dependency folders such as `.venv` aside), naming the nearest.
   */
  readonly excludedFolders?: { readonly pattern: string; readonly says: string }
  /** Sent verbatim as `InitializeParams.initializationOptions`. */
  readonly initializationOptions?: unknown
  /**
   * Settings the server reads through `workspace/configuration` (by dotted section, e.g.
   * `python.analysis`) and receives once in `workspace/didChangeConfiguration`.
   */
  readonly settings?: Readonly<Record<string, unknown>>
  /** Extra environment variables for the server process. */
  readonly env?: Readonly<Record<string, string>>
  /**
   * A regular expression (source text) matching the `window/logMessage` line by which a server
   * that reports no progress says its workspace is loaded (pyright: `^Found \d+ source file`).
   * Queries wait for it, bounded by `readinessTimeoutMs`.
   */
  readonly readyLogPattern?: string
  /**
   * A regular expression (source text) matching the `window/logMessage` line by which a server says
   * it can no longer answer though its process lives on (typescript-language-server, when its
   * tsserver dies: `[tsserver] Exited.`; it then answers every request with nothing). The host
   * treats that as a crash: queries in flight fail with `LSP_SERVER_CRASHED` quoting the line, the
   * process is stopped, and the next query starts it again (under the crash policy).
   */
  readonly deadLogPattern?: string
  /** How to install the server, quoted when the command is missing (e.g. `npm i -g pyright`). */
  readonly installHint?: string
}

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
  /** `shutdown` + `exit` before the process is killed, on dispose. */
  readonly shutdownTimeoutMs: number
  /** Documents kept open per server; the least recently used is closed beyond it. */
  readonly maxOpenDocuments: number
  /** Retries of a request answered `ContentModified` (-32801). */
  readonly contentModifiedRetries: number
  /** How long `diagnostics` waits for a server to push them for the file's current version. */
  readonly diagnosticsTimeoutMs: number
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
  /** Completion items completed with `completionItem/resolve` per query (the first, in sort order). */
  readonly completionResolveLimit: number
  /** Code actions without an edit completed with `codeAction/resolve` per query. */
  readonly codeActionResolveLimit: number
}

/** The default {@link LocalProviderLimits}. */
export const defaultLocalProviderLimits: LocalProviderLimits = {
  initializeTimeoutMs: 30_000,
  readinessTimeoutMs: 30_000,
  shutdownTimeoutMs: 2_000,
  maxOpenDocuments: 64,
  contentModifiedRetries: 3,
  diagnosticsTimeoutMs: 10_000,
  // An agent session pauses for minutes between bursts of queries; a cold restart costs seconds.
  idleShutdownMs: 10 * 60_000,
  // A monorepo with a server per package; tsserver alone can hold hundreds of MB each.
  maxLiveServers: 16,
  completionResolveLimit: 50,
  codeActionResolveLimit: 20,
}

/**
 * Check a config before anything is spawned.
 * @throws LspError `LSP_INVALID_PROVIDER` naming the field.
 */
export function validateServerConfig(config: LocalServerConfig): void {
  const invalid = (why: string): LspError =>
    new LspError('LSP_INVALID_PROVIDER', `invalid language server config "${String(config?.id)}": ${why}`)
  if (typeof config?.id !== 'string' || config.id.trim() === '') throw invalid('id must be a non-empty string')
  if (typeof config.command !== 'string' || config.command.trim() === '') throw invalid('command must be a non-empty string')
  if (config.args !== undefined && (!Array.isArray(config.args) || !config.args.every((a) => typeof a === 'string'))) {
    throw invalid('args must be an array of strings')
  }
  if (config.excludedFolders !== undefined) {
    const { pattern, says } = config.excludedFolders
    if (typeof says !== 'string' || !isRegExp(pattern)) throw invalid('excludedFolders must have a regular expression pattern and a says sentence')
  }
  for (const extension of Object.keys(config.extensionToLanguage ?? {})) {
    if (!isValidExtension(extension)) throw invalid(`extension ${JSON.stringify(extension)} must be lowercase with a leading dot`)
  }
}

function isRegExp(source: unknown): boolean {
  if (typeof source !== 'string') return false
  try {
    new RegExp(source)
    return true
  } catch {
    return false
  }
}
