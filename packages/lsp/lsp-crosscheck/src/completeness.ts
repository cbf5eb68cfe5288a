import { isAbsolute, relative } from 'node:path'
import type { LspCompleteness } from '@agent-lsp/lsp'
import { uriPath } from './search/texts.js'

// How a cross-check's findings mark an answer's completeness: the wording of its partial messages.

/** Why occurrences were left unchecked: the cross-check's bound, answers not settled (naming their files), or both. */
export function whyUnchecked(unchecked: number, unsettled: readonly string[], root: string): string {
  const files = [...new Set(unsettled.map((uri) => relativeTo(root, uriPath(uri))))].sort()
  const where = `where goToDefinition answered partial (${files.slice(0, 3).join(', ')}${files.length > 3 ? ', …' : ''})`
  if (unsettled.length === 0) return "at the cross-check's bound"
  if (unsettled.length === unchecked) return where
  return `(${unchecked - unsettled.length} at the cross-check's bound, ${unsettled.length} ${where})`
}

/** `result` marked partial for `reason`; an answer already partial keeps its reason, the messages joined. */
export function withCompleteness<Result extends { readonly completeness: LspCompleteness }>(result: Result, partial: { reason: 'unresolved' | 'unchecked'; message: string }): Result {
  const before = result.completeness
  const completeness: LspCompleteness =
    before.state === 'partial' ? { state: 'partial', reason: before.reason, message: `${before.message}; ${partial.message}` } : { state: 'partial', ...partial }
  return { ...result, completeness }
}

/** `path` relative to `root` when under it, else as it is. */
export function relativeTo(root: string, path: string): string {
  const inside = relative(root, path)
  return inside.startsWith('..') || isAbsolute(inside) ? path : inside
}
