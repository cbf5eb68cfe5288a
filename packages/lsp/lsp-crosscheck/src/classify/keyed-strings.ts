import { extname } from 'node:path'
import { untilAborted } from '@agent-lsp/abort'
import type { LspLocation, LspService } from '@agent-lsp/lsp'
import { uriPath } from '../search/texts.js'

/** Where a string can be checked against a type's keys: TypeScript (`keyof`, indexed access types). */
const TYPESCRIPT = new Set(['.ts', '.tsx', '.mts', '.cts'])

/** Strings asked for their completions at most per cross-check; the rest stay strings. */
export const MAX_KEYED_ASKS = 20

/**
 * The places of `strings` (string literals whose text is `name`, in TypeScript files) where the
 * server offers `name` among its completions at the string's start: TypeScript checks the string
 * against a union of literal keys holding it (`on<K extends keyof Events>(name: K)` called with
 * `'ready'`, `Pick<T, 'ready'>`, `settings['ready']`), so renaming the property with that key breaks
 * it, as tsc says (TS2345), though tsserver lists it neither among the property's references nor
 * leads from it to the property (v27 repro 05). A plain `const s = 'ready'` has no completions.
 * At most {@link MAX_KEYED_ASKS} are asked; an ask that fails leaves its string a string.
 * @throws LspError `LSP_CANCELLED` when `signal` aborts.
 */
export async function keyedStrings(lsp: LspService, workspaceRoot: string, name: string, strings: readonly LspLocation[], signal: AbortSignal | undefined): Promise<LspLocation[]> {
  const asked = strings.filter((place) => TYPESCRIPT.has(extname(uriPath(place.uri)).toLowerCase())).slice(0, MAX_KEYED_ASKS)
  const offered = await Promise.all(
    asked.map(async (place) => {
      const answer = await untilAborted(lsp.query({ operation: 'completion', filePath: uriPath(place.uri), position: place.range.start, workspaceRoot }, signal), signal).catch((error: unknown) => {
        if (signal?.aborted) throw error
        return undefined
      })
      return answer?.completion?.items.some((item) => item.label === name || item.insertText === name) === true
    }),
  )
  return asked.filter((_, index) => offered[index])
}
