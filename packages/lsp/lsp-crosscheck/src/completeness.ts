import { isAbsolute, relative } from 'node:path'
import type { LspCompleteness, LspUnsearched } from '@agent-lsp/lsp'
import { MAX_FILE_BYTES } from './search/ripgrep-scope.js'
import { fileUri, uriPath } from './search/texts.js'
import type { Unsearched } from './search/unsearched.js'

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

/** Files of `LspUnsearched.files` at most; all are counted. */
export const MAX_UNSEARCHED_LISTED = 20

/** Files a partial message names; the rest are counted (`and 2 more`). */
const UNSEARCHED_NAMED = 3

/** The seam's account of the files a search left out (`unsearched` in path order). */
export function unsearchedOf(unsearched: readonly Unsearched[]): LspUnsearched {
  return { count: unsearched.length, files: unsearched.slice(0, MAX_UNSEARCHED_LISTED).map(({ path, reason, bytes }) => ({ uri: fileUri(path), reason, bytes })) }
}

/**
 * The partial message for the files a search of `name` left out, one line: `not searched for total:
 * scripts/big.ts (5.2 MiB, over the 4 MiB bound), a.ts (binary: a NUL byte) and 3 more; they may
 * hold places the server missed`. Sizes in MiB (2^20 bytes), one decimal.
 */
export function unsearchedMessage(name: string, unsearched: LspUnsearched, root: string): string {
  const named = unsearched.files.slice(0, UNSEARCHED_NAMED).map((file) => {
    const path = relativeTo(root, uriPath(file.uri))
    if (file.reason === 'too-large') return `${path} (${mebibytes(file.bytes ?? 0)}, over the ${MAX_FILE_BYTES / 2 ** 20} MiB bound)`
    return `${path} (${file.reason === 'binary' ? 'binary: a NUL byte' : 'unreadable'})`
  })
  const more = unsearched.count - named.length
  const they = unsearched.count === 1 ? 'it' : 'they'
  return `not searched for ${name}: ${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}; ${they} may hold places the server missed`
}

function mebibytes(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(1)} MiB`
}
