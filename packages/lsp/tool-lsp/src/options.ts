import path from 'node:path'
import type { EditFileSystem } from './edit/apply-files.js'
import { LspToolError } from './errors.js'

/** Options of `createLspTool`. */
export interface LspToolOptions {
  /** Absolute path of the workspace; every query is sent with it and paths resolve against it. */
  readonly workspaceRoot: string
  /** Bound on one `execute()` call, in milliseconds. Default {@link DEFAULT_TIMEOUT_MS}. */
  readonly timeoutMs?: number
  /** Rows shown before `… N more`. Default {@link DEFAULT_MAX_RESULTS}. */
  readonly maxResults?: number
  /** How `apply: true` writes files; default the real file system (tests inject failures). */
  readonly fileSystem?: EditFileSystem
  /**
   * Whether an edit's preview reports the errors it would cause, found with the edit in the
   * servers' view only (`overlayDiagnostics`; see the edit flow). Default `true`.
   */
  readonly checkEdits?: boolean
  /**
   * How answers name the fields that write and those hints name: `'tool'` (default) `apply: true`,
   * `force: true`, `fileFilter`, `filePath`, `symbol`, `line`, as a model calls the tool;
   * `'command'` the command's flags `--apply`, `--force`, `--filter`, `--file`, `--symbol`, `--line`.
   */
  readonly writeFlags?: 'tool' | 'command'
}

/** One minute: long enough for a cold server's first `findReferences` in a large workspace. */
export const DEFAULT_TIMEOUT_MS = 60_000

/** Enough rows to act on without flooding a model's context. */
export const DEFAULT_MAX_RESULTS = 100

// Node timers fire at once for delays above 2^31 - 1 ms (about 24.8 days), so larger is invalid.
const MAX_TIMEOUT_MS = 2_147_483_647

/** Options with defaults applied and checked. */
export interface ToolSettings {
  readonly workspaceRoot: string
  readonly timeoutMs: number
  readonly maxResults: number
  readonly fileSystem?: EditFileSystem
  readonly checkEdits: boolean
  readonly writeFlags?: 'tool' | 'command'
}

/**
 * Apply defaults and check options.
 * @throws LspToolError `LSP_INVALID_OPTIONS` naming the option.
 */
export function toSettings(options: LspToolOptions): ToolSettings {
  const { workspaceRoot, timeoutMs = DEFAULT_TIMEOUT_MS, maxResults = DEFAULT_MAX_RESULTS } = options
  const invalid = (why: string): LspToolError => new LspToolError('LSP_INVALID_OPTIONS', `invalid lsp tool options: ${why}`)
  if (typeof workspaceRoot !== 'string' || !path.isAbsolute(workspaceRoot)) {
    throw invalid(`workspaceRoot must be an absolute path (got ${JSON.stringify(workspaceRoot)})`)
  }
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > MAX_TIMEOUT_MS) {
    throw invalid(`timeoutMs must be an integer from 1 to ${MAX_TIMEOUT_MS} (got ${timeoutMs})`)
  }
  if (!Number.isInteger(maxResults) || maxResults < 1) throw invalid(`maxResults must be an integer >= 1 (got ${maxResults})`)
  const checkEdits = options.checkEdits ?? true
  if (typeof checkEdits !== 'boolean') throw invalid(`checkEdits must be a boolean (got ${JSON.stringify(checkEdits)})`)
  const { writeFlags } = options
  if (writeFlags !== undefined && writeFlags !== 'tool' && writeFlags !== 'command') throw invalid(`writeFlags must be "tool" or "command" (got ${JSON.stringify(writeFlags)})`)
  return { workspaceRoot: path.resolve(workspaceRoot), timeoutMs, maxResults, checkEdits, ...(options.fileSystem ? { fileSystem: options.fileSystem } : {}), ...(writeFlags ? { writeFlags } : {}) }
}
