import { closeSync, openSync, writeSync } from 'node:fs'
import path from 'node:path'
import { HarnessError } from '@agent-lsp/errors'

/** Who asked: the kind of client (`command`, `mcp`, `library`) and its process id. */
export interface LogClient {
  readonly kind: string
  readonly pid: number
}

/**
 * One line of the operation log: one seam query answered by one provider. Holds no file content
 * and no symbol text (no hover, no names, no `workspaceSymbol` query or `rename` new name).
 */
export interface OperationLogLine {
  /** When the query started: ISO 8601, UTC. */
  readonly time: string
  /** `command`, `mcp` or `library`. */
  readonly client: string
  /** The client's process id. */
  readonly pid: number
  readonly operation: string
  /** The workspace root as the client gave it (absolute). */
  readonly workspace: string
  /** The file asked about, relative to `workspace` (`/`-separated); `null` for a query without one. */
  readonly file: string | null
  /** The server's config id (`typescript`, `python`, …). */
  readonly server: string
  /** From the query to its answer or error, in milliseconds (whole). */
  readonly durationMs: number
  /** `ok`, or the error's code (`LSP_TIMEOUT`, `LSP_SERVER_CRASHED`, …; `LSP_INTERNAL` for a bug). */
  readonly outcome: string
  /** `complete` or `partial` for an answer; `null` for an error. */
  readonly completeness: 'complete' | 'partial' | null
  /** Why a partial answer is partial (`indexing`, `unconfigured`, …; see `LspIncompleteReason`). */
  readonly reason?: string
  /** The codes of the answer's notices (`LSP_SERVER_RESTARTED`), when it has any. */
  readonly notices?: readonly string[]
}

/** An operation log file, appended to one line at a time. */
export interface OperationLog {
  /** The file, absolute. */
  readonly file: string
  write(line: OperationLogLine): void
  close(): void
}

/**
 * Open `file` (relative to `cwd`) for appending, created 0600 if need be. Each line is one
 * `write` with `O_APPEND`, so the lines of several processes never interleave.
 * @throws HarnessError `CONFIG_INVALID` when it cannot be opened (the message says why).
 */
export function openOperationLog(file: string, cwd: string): OperationLog {
  const absolute = path.resolve(cwd, file)
  let fd: number
  try {
    fd = openSync(absolute, 'a', 0o600)
  } catch (error) {
    throw new HarnessError('CONFIG_INVALID', `cannot write the operation log ${absolute}: ${(error as Error).message}`, { cause: error })
  }
  let open = true
  return {
    file: absolute,
    write(line) {
      if (open) writeSync(fd, `${JSON.stringify(line)}\n`)
    },
    close() {
      if (open) closeSync(fd)
      open = false
    },
  }
}

/** The log a command asks for: `--log FILE`, else `$AGENT_LSP_LOG`; `undefined` for none. */
export function operationLogFile(flags: { readonly log?: string }, env: NodeJS.ProcessEnv): string | undefined {
  return flags.log ?? (env.AGENT_LSP_LOG || undefined)
}
