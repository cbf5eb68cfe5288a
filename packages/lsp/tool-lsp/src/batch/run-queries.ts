import { LspToolError } from '../errors.js'
import { MAX_QUERIES } from '../input/call-schema.js'
import { formatDuration } from '../to-tool-error.js'

/** Runs one query as the tool does, bounded by `timeoutMs`; rejects with an `LspToolError`. */
export type RunOne = (input: unknown, timeoutMs: number) => Promise<string>

/** Whether a call is the several-queries form: an object with a `queries` field. */
export function isQueriesCall(input: unknown): input is { readonly queries: unknown } {
  return typeof input === 'object' && input !== null && !Array.isArray(input) && Object.hasOwn(input, 'queries')
}

/**
 * Answer `queries` in order, each under a header `## i/n <operation> <where>` (see
 * {@link queryLabel}), the answers separated by a blank line. All share one deadline, `timeoutMs`
 * from the start of the call: each query gets what is left of it, and a query reached after it is
 * answered `LSP_TIMEOUT: not run: …`. A query that fails is answered by its error, one line
 * `CODE: message`; the others still run.
 * @throws LspToolError `LSP_INVALID_INPUT` when the call has fields beside `queries`, or `queries`
 *   is not a list of 1 to {@link MAX_QUERIES} queries; `LSP_CANCELLED` when `signal` aborts (the
 *   whole call: the caller wants none of it).
 */
export async function runQueries(call: { readonly queries: unknown }, timeoutMs: number, runOne: RunOne, signal: AbortSignal | undefined): Promise<string> {
  const beside = Object.keys(call).filter((key) => key !== 'queries')
  if (beside.length > 0) {
    throw new LspToolError('LSP_INVALID_INPUT', `queries goes alone: put operation and its fields in each query (remove ${beside.join(', ')})`)
  }
  const { queries } = call
  if (!Array.isArray(queries) || queries.length === 0 || queries.length > MAX_QUERIES) {
    const got = Array.isArray(queries) ? `${queries.length} queries` : JSON.stringify(queries) ?? String(queries)
    throw new LspToolError('LSP_INVALID_INPUT', `queries must be a list of 1 to ${MAX_QUERIES} queries, each an object with operation and its fields (got ${got})`)
  }
  const deadlineAt = Date.now() + timeoutMs
  const answers: string[] = []
  for (const [index, query] of queries.entries()) {
    const header = `## ${index + 1}/${queries.length} ${queryLabel(query, index)}`
    const left = deadlineAt - Date.now()
    if (signal?.aborted) throw new LspToolError('LSP_CANCELLED', `the call was cancelled at query ${index + 1} of ${queries.length}`)
    if (left <= 0) {
      answers.push(`${header}\nLSP_TIMEOUT: not run: the call's ${formatDuration(timeoutMs)} ran out before it`)
      continue
    }
    try {
      answers.push(`${header}\n${await runOne(query, left)}`)
    } catch (error) {
      if (signal?.aborted) throw new LspToolError('LSP_CANCELLED', `the call was cancelled at query ${index + 1} of ${queries.length}`, { cause: error })
      const text = LspToolError.isInstance(error) ? `${error.code}: ${error.message}` : `LSP_INTERNAL: internal error: ${error instanceof Error ? error.message : String(error)}`
      answers.push(`${header}\n${text}`)
    }
  }
  return answers.join('\n\n')
}

/**
 * What a query asks, for its header, read loosely (it is validated when it runs): its operation,
 * then its `symbol`, or `filePath` with `line` and `character` as given, or its `query` quoted;
 * `query N` for one without an operation.
 */
export function queryLabel(query: unknown, index: number): string {
  if (typeof query !== 'object' || query === null) return `query ${index + 1}`
  const { operation, symbol, filePath, line, character, query: name } = query as Record<string, unknown>
  const text = (value: unknown): value is string | number => typeof value === 'string' || typeof value === 'number'
  const place = text(symbol)
    ? String(symbol)
    : text(filePath)
      ? [filePath, line, character].filter(text).join(':')
      : text(name)
        ? JSON.stringify(String(name))
        : ''
  const head = text(operation) ? String(operation) : `query ${index + 1}`
  return place === '' ? head : `${head} ${place}`
}
