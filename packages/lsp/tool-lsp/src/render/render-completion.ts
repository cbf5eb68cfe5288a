import type { LspCompletionResult } from '@agent-lsp/lsp'
import type { Cursor } from '../input/cursor.js'
import { oneLine } from '../text/one-line.js'
import { splitLines } from '@agent-lsp/text-lines'

/** Items shown; the rest are counted. */
export const COMPLETION_ROWS = 50
/** Characters of an item's documentation shown (its first line). */
const DOC_CHARS = 80

/**
 * Render a `completion` answer: `N completions at path:line:col:`, then one row per item in the
 * server's order, `label  Kind  detail — documentation` (its first line, cut to 80 characters),
 * at most {@link COMPLETION_ROWS}, then `… N more`; a deprecated item says so.
 */
export function renderCompletion(result: LspCompletionResult, cursor: Cursor): string {
  const items = result.completion?.items ?? []
  if (items.length === 0) return `No completions at ${cursor.label}.`
  const shown = items.slice(0, COMPLETION_ROWS)
  const labelWidth = Math.max(...shown.map((item) => item.label.length))
  const kindWidth = Math.max(...shown.map((item) => item.kind.length))
  const rows = shown.map((item) => {
    const doc = firstLine(item.documentation)
    const parts = [item.label.padEnd(labelWidth), item.kind.padEnd(kindWidth), item.detail === undefined ? '' : oneLine(item.detail)]
    const row = `  ${parts.join('  ').trimEnd()}${item.deprecated ? ' (deprecated)' : ''}${doc ? ` — ${doc}` : ''}`
    return row
  })
  const more = items.length - shown.length
  const header = `${items.length} ${items.length === 1 ? 'completion' : 'completions'} at ${cursor.label}${result.completion?.isIncomplete ? ' (the server may have more as you type)' : ''}:`
  return [header, ...rows, ...(more > 0 ? [`… ${more} more`] : [])].join('\n')
}

function firstLine(text: string | undefined): string {
  const line = splitLines(text ?? '').find((part) => part.trim() !== '' && !part.startsWith('```'))?.trim() ?? ''
  return line.length > DOC_CHARS ? `${line.slice(0, DOC_CHARS - 1)}…` : line
}
