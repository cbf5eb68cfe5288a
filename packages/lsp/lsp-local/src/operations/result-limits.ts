import type { LspCompleteness, LspOperation } from '@agent-lsp/lsp'
import type { LocalServerConfig } from '../config.js'

/**
 * `partial / unchecked` when the server answered `operation` with as many results as it ever gives
 * (`LocalServerConfig.resultLimits`: gopls and clangd 14 answer at most 100 workspace symbols, and
 * said "100 symbols match" where 150 did); else `undefined`. `count`: the results it gave.
 */
export function resultLimitCompleteness(config: LocalServerConfig, operation: LspOperation, count: number): LspCompleteness | undefined {
  const limit = config.resultLimits?.[operation]
  if (limit === undefined || count < limit) return undefined
  return { state: 'partial', reason: 'unchecked', message: `${config.id} answers ${operation} with at most ${limit} results, and gave ${count}: more may match; narrow the query` }
}
