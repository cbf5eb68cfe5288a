import type { LspInStrings } from '@agent-lsp/lsp'
import { namedList } from '@agent-lsp/wording'
import type { LineReader } from '../input/file-lines.js'
import { targetLabel, toLocationTargets, type DisplayRoot } from './location-targets.js'

/** Places a strings line names; the rest are counted. */
export const MAX_STRING_PLACES = 3

/**
 * The first {@link MAX_STRING_PLACES} places of `inStrings` as `path:line:col` (1-based line,
 * code-point column; `path:line` when the file cannot be read, `/abs/path:line` outside the roots),
 * in display order, then `and N more` for the rest of `count`: `jwt/dyn.py:5:26, jwt/b.py:2:9 and 3 more`.
 */
export async function stringPlaces(inStrings: LspInStrings, roots: readonly DisplayRoot[], readLines: LineReader): Promise<string> {
  const targets = toLocationTargets(inStrings.locations, roots).slice(0, MAX_STRING_PLACES)
  // As other rows label a place, but an external one without the word: the path says it.
  const shown = await Promise.all(targets.map((target) => (target.kind === 'external' ? `${target.file}:${target.line + 1}` : targetLabel(target, readLines))))
  if (shown.length === 0) return `${inStrings.count} past the first ${inStrings.count} listed` // a rename changed all those listed
  return namedList(shown, { shown: MAX_STRING_PLACES, total: inStrings.count })
}

/**
 * The line after a cross-checked answer when strings name the symbol: `2 strings name prepare_key
 * (not references; a use by name there is not followed): jwt/dyn.py:5:26, …`; nothing when none do.
 */
export async function stringsLine(inStrings: LspInStrings | undefined, name: string, roots: readonly DisplayRoot[], readLines: LineReader): Promise<string[]> {
  if (inStrings === undefined || inStrings.count === 0) return []
  const one = inStrings.count === 1
  const what = one ? `1 string names ${name} (not a reference;` : `${inStrings.count} strings name ${name} (not references;`
  return [`${what} a use by name there is not followed): ${await stringPlaces(inStrings, roots, readLines)}`]
}
