import path from 'node:path'
import { HarnessError } from '@agent-lsp/errors'
import type { LspProviderQuery, LspQueryResult } from '@agent-lsp/lsp'
import type { LogClient, OperationLog, OperationLogLine } from './operation-log.js'

/** A provider's `query`, or anything answering seam queries as one. */
export type QueryFunction = (request: LspProviderQuery, signal?: AbortSignal) => Promise<LspQueryResult>

/**
 * `query` writing one line to each of `logs()` per call, once it settles (see
 * {@link OperationLogLine}); the answer or error passes through unchanged. A log that cannot be
 * written never fails the query.
 */
export function loggedQuery(query: QueryFunction, server: string, client: LogClient, logs: () => readonly OperationLog[]): QueryFunction {
  return async (request, signal) => {
    const started = Date.now()
    const write = (outcome: Outcome): void => {
      const line = operationLine(request, server, client, started, outcome)
      for (const log of logs()) {
        try {
          log.write(line)
        } catch {
          // a full disk or a removed file: the answer matters more than its log line
        }
      }
    }
    try {
      const result = await query(request, signal)
      write({ result })
      return result
    } catch (error) {
      write({ error })
      throw error
    }
  }
}

type Outcome = { readonly result: LspQueryResult } | { readonly error: unknown }

/** The log line of `request`, asked at `started` (ms since the epoch), which ended now with `outcome`. */
export function operationLine(request: LspProviderQuery, server: string, client: LogClient, started: number, outcome: Outcome): OperationLogLine {
  const common = {
    time: new Date(started).toISOString(),
    client: client.kind,
    pid: client.pid,
    operation: request.operation,
    workspace: request.workspaceRoot,
    file: request.filePath === null ? null : path.relative(request.workspaceRoot, path.resolve(request.workspaceRoot, request.filePath)).split(path.sep).join('/'),
    server,
    durationMs: Date.now() - started,
  }
  if ('error' in outcome) {
    return { ...common, outcome: HarnessError.isInstance(outcome.error) ? outcome.error.code : 'LSP_INTERNAL', completeness: null }
  }
  const { completeness, notices } = outcome.result
  return {
    ...common,
    outcome: 'ok',
    completeness: completeness.state,
    ...(completeness.state === 'partial' ? { reason: completeness.reason } : {}),
    ...(notices && notices.length > 0 ? { notices: notices.map((notice) => notice.code) } : {}),
  }
}
