import type { LspQueryResult } from '@agent-lsp/lsp'
import { oneLine } from '../text/one-line.js'

/**
 * The lines that open an answer with its notices (`Notice (LSP_SERVER_RESTARTED): …`, see
 * `LspNotice`), one each, before anything else: what happened to the server comes first.
 */
export function noticeLines(result: Pick<LspQueryResult, 'notices'>): string[] {
  return (result.notices ?? []).map((notice) => `Notice (${notice.code}): ${oneLine(notice.message)}`)
}
