import { partialBefore, type LspQueryResult } from '@agent-lsp/lsp'
import type { QueryFiles } from '../input/query-files.js'
import { answerPaths } from './misplaced.js'

/**
 * The files of `result` (and `asked`, the file the query is about) that changed on disk since
 * `sinceMs` (`Date.now()` before the query's first request), relative to the workspace root: the
 * server may have answered from one version of such a file, the cross-check and the rendering read
 * another (a save during `findReferences`: the server's rows of the old text, the cross-check's
 * "missed" rows of the new). From the `stat` each answered file's placing takes anyway (see
 * `withMisplaced`, which placed them already: no file is stat'ed or read again). A file written
 * before the query never counts (Linux stamps files from a coarse clock that lags `Date.now()`'s,
 * never leads it: a file written just before an agent's query, an edit applied, is not taken for
 * one written during it); one written in the query's first clock tick (1-10 ms, and the millisecond it began in) may be missed.
 */
export async function changedDuring(result: LspQueryResult, asked: string | undefined, files: QueryFiles, sinceMs: number): Promise<string[]> {
  const paths = new Set([...(asked === undefined ? [] : [asked]), ...answerPaths(result)])
  const placed = await Promise.all([...paths].map((path) => files.placed(path).catch(() => undefined)))
  // `Date.now()` counts whole milliseconds: a file stamped within the millisecond the query began in may be older than it.
  return placed.flatMap((file) => (file?.insideAs !== undefined && file.changedAtMs >= sinceMs + 1 ? [file.insideAs] : []))
}

/**
 * `result`, `partial` (`stale`) naming `changed`, files that changed on disk while it was asked,
 * twice (see {@link changedDuring}): its places may come from two versions of them. An answer
 * partial already keeps its message after this one.
 */
export function withChangedFiles(result: LspQueryResult, changed: readonly string[]): LspQueryResult {
  if (changed.length === 0) return result
  const more = changed.length > 1 ? ` (and ${changed.length - 1} more ${changed.length === 2 ? 'file' : 'files'})` : ''
  const message = `${changed[0]}${more} changed on disk while the answer was computed, twice: its places may mix two versions of the file; ask again`
  return { ...result, completeness: partialBefore(result.completeness, { reason: 'stale', message }) }
}
