import { LspError } from '@agent-lsp/lsp'
import type { LocalServerConfig } from '../config.js'
import { protocol } from '../protocol.js'
import { serverMessage } from './server-message.js'
import { explainedFailure } from './server-failures.js'

const { ErrorCodes, LSPErrorCodes, ResponseError } = protocol

/** How errors name a server: `language server "typescript"`. */
export function serverName(config: Pick<LocalServerConfig, 'id'>): string {
  return `language server "${config.id}"`
}

/**
 * A spawn that failed: `LSP_SERVER_NOT_FOUND` when the command is missing (with the install hint)
 * or not executable, else `LSP_SERVER_CRASHED`.
 */
export function spawnError(config: LocalServerConfig, error: NodeJS.ErrnoException): LspError {
  const name = serverName(config)
  if (error.code === 'ENOENT') {
    const hint = config.installHint ? ` (install: ${config.installHint})` : ''
    return new LspError('LSP_SERVER_NOT_FOUND', `${name} is not installed: command "${config.command}" was not found${hint}`, { cause: error })
  }
  if (error.code === 'EACCES') {
    return new LspError('LSP_SERVER_NOT_FOUND', `${name} cannot run: command "${config.command}" is not executable`, { cause: error })
  }
  return new LspError('LSP_SERVER_CRASHED', `${name} failed: ${error.message}`, { cause: error })
}

/**
 * Why the process is gone: `LSP_DISPOSED` when we were stopping it, else `LSP_SERVER_CRASHED`
 * with the exit code or signal and the tail of its stderr.
 */
export function exitError(
  config: LocalServerConfig,
  exit: { readonly code: number | null; readonly signal: NodeJS.Signals | null; readonly stderr: string; readonly stopping: boolean },
): LspError {
  const name = serverName(config)
  const how = exit.code !== null ? `exited with code ${exit.code}` : `was killed by ${exit.signal}`
  return new LspError(
    exit.stopping ? 'LSP_DISPOSED' : 'LSP_SERVER_CRASHED',
    exit.stopping ? `${name} was stopped` : `${name} ${how}${exit.stderr ? `; stderr: ${exit.stderr}` : ''}`,
  )
}

/** A crash during `initialize` is a failed start (`LSP_SERVER_START_FAILED`), with the install hint. */
export function startFailure(config: LocalServerConfig, error: LspError): LspError {
  if (error.code !== 'LSP_SERVER_CRASHED') return error
  const hint = config.installHint ? ` (is it installed? ${config.installHint})` : ''
  return new LspError('LSP_SERVER_START_FAILED', `${error.message.replace(/ exited/, ' exited during initialize,')}${hint}`, { cause: error })
}

/**
 * A failed request as an `LspError`: the server's JSON-RPC error kept in `responseError`
 * (`RequestCancelled` → `LSP_CANCELLED`, `MethodNotFound` → `LSP_UNSUPPORTED_OPERATION`, a failure
 * `explainedFailure` knows its code with its sentence, others `LSP_SERVER_ERROR`); a broken connection `LSP_SERVER_CRASHED`.
 */
export function requestError(config: LocalServerConfig, method: string, error: unknown): LspError {
  if (LspError.isInstance(error)) return error
  const name = serverName(config)
  // vscode-jsonrpc's own codes for a message it could not write or read, or a connection that ended: no answer from the server.
  const transport = error instanceof ResponseError && connectionLost.has(error.code)
  if (error instanceof ResponseError && !transport) {
    const responseError = { code: error.code, message: error.message, data: error.data }
    if (error.code === LSPErrorCodes.RequestCancelled) {
      return new LspError('LSP_CANCELLED', `${name} cancelled ${method}`, { cause: error, responseError })
    }
    if (error.code === ErrorCodes.MethodNotFound) {
      // It advertised the capability but has no handler (clangd 14's outgoing calls).
      return new LspError('LSP_UNSUPPORTED_OPERATION', `${name} does not support ${method}: ${serverMessage(error.message)}`, { cause: error, responseError })
    }
    const said = serverMessage(error.message)
    const known = explainedFailure(said)
    if (known !== undefined) return new LspError(known.code, `${name} cannot answer ${method} here: ${known.means} (it said: ${said})`, { cause: error, responseError })
    return new LspError('LSP_SERVER_ERROR', `${name} failed ${method}: ${said} (code ${error.code})`, { cause: error, responseError })
  }
  return new LspError('LSP_SERVER_CRASHED', `${name} connection failed during ${method}: ${String((error as Error)?.message ?? error)}`, { cause: error })
}

const connectionLost: ReadonlySet<number> = new Set([ErrorCodes.MessageWriteError, ErrorCodes.MessageReadError, ErrorCodes.PendingResponseRejected, ErrorCodes.ConnectionInactive])

/** `initialize` answered with an error: `LSP_SERVER_START_FAILED` with the server's message verbatim. */
export function initializeRejected(config: LocalServerConfig, error: InstanceType<typeof ResponseError>): LspError {
  return new LspError('LSP_SERVER_START_FAILED', `${serverName(config)} rejected initialize: ${error.message}`, {
    cause: error,
    responseError: { code: error.code, message: error.message, data: error.data },
  })
}

/**
 * The server's stdout cannot be read: non-LSP output at the start of the stream (`nonLspOutput`,
 * its first line) is `LSP_SERVER_START_FAILED` quoting it; any other unreadable message
 * `LSP_MALFORMED_RESPONSE`.
 */
export function unreadableError(config: LocalServerConfig, nonLspOutput: string | undefined, error: Error): LspError {
  const name = serverName(config)
  return nonLspOutput !== undefined
    ? new LspError(
        'LSP_SERVER_START_FAILED',
        `${name} wrote non-LSP output on stdout: ${nonLspOutput}; a language server must write only LSP messages there (logs belong on stderr)`,
        { cause: error },
      )
    : new LspError('LSP_MALFORMED_RESPONSE', `${name} sent an unreadable message: ${error.message}`, { cause: error })
}

/** The server logged that it can no longer answer (`deadLogPattern`): `LSP_SERVER_CRASHED` quoting the line. */
export function deadLogError(config: LocalServerConfig, message: string): LspError {
  const line = message.replace(/\s+/g, ' ').trim().slice(0, 300)
  return new LspError('LSP_SERVER_CRASHED', `${serverName(config)} can no longer answer: it logged "${line}"`)
}

/** The error a cancelled query rejects with: `LSP_CANCELLED`. */
export function cancelledError(what: string): LspError {
  return new LspError('LSP_CANCELLED', `${what} was cancelled`)
}

/** Whether `error` is a write to the server's input that failed (its process closed it, or is gone): vscode-jsonrpc's `MessageWriteError`, or the stream's own. */
export function isWriteFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code
  return code === ErrorCodes.MessageWriteError || code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED' || code === 'ERR_STREAM_WRITE_AFTER_END'
}
