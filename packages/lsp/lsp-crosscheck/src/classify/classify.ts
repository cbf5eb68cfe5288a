import type { Deadline } from '@agent-lsp/abort'
import { compareLocations, LspError, providerOf, type LspLocation, type LspService } from '@agent-lsp/lsp'
import { realUris } from '../search/spellings.js'

/** What `goToDefinition` at an occurrence says about it. */
export type Verdict =
  /** Leads to the symbol; `declaration`: is itself one of its declarations (an overload signature), a reference but never a call. */
  | { readonly kind: 'here'; readonly declaration?: true }
  | { readonly kind: 'elsewhere'; readonly targets: readonly LspLocation[] }
  | { readonly kind: 'unresolved' }
  | { readonly kind: 'failed'; readonly message: string }
  /** Not asked before the deadline; or `partial`: asked, and the answer was empty and partial (a server not settled, a file the index does not hold). */
  | { readonly kind: 'unchecked'; readonly partial?: true }

/** Where to ask, and what counts as "this symbol". */
export interface ClassifyOptions {
  readonly lsp: LspService
  readonly workspaceRoot: string
  /**
   * The places that are this symbol: the request's position and where `goToDefinition` there
   * leads (for a C function both the prototype and the body, as clangd jumps between them).
   */
  readonly symbol: readonly LspLocation[]
  /** Requests in flight at once. */
  readonly concurrency: number
  /** Passed once the cross-check's time is up: what is not classified by then is `unchecked`. */
  readonly deadline: Deadline
  /**
   * Aborts at the deadline or when the caller cancels (see `boundedSignal`); a cancel rejects the
   * whole classification with `LSP_CANCELLED`.
   */
  readonly signal: AbortSignal
}

/**
 * Ask `goToDefinition` at each of `places` (zero-based UTF-16, in files of one provider) and sort
 * them: leading to one of `options.symbol` → `here`; to anything else → `elsewhere` (with where it leads); to nothing, or in a file no provider serves →
 * `unresolved` (an empty partial answer: `unchecked`, `partial`); a failed request → `failed` with its `code: message`; not asked before the
 * deadline → `unchecked`. Verdicts come back in the order of `places`.
 * @throws LspError `LSP_CANCELLED` when the caller's signal aborts.
 */
export async function classify(places: readonly LspLocation[], filePathOf: (uri: string) => string, options: ClassifyOptions): Promise<Verdict[]> {
  const verdicts: Verdict[] = places.map(() => ({ kind: 'unchecked' }))
  const { signal, deadline } = options
  // One file by two names (a symlink in the workspace: tsserver keeps `alias.ts -> util.ts` as a file of its own) is one symbol.
  const real = realLocations()
  const symbol = options.symbol.map(real)
  const isSymbol = (target: LspLocation): boolean => symbol.some((own) => overlaps(real(target), own))
  const cancelled = (): boolean => signal.aborted && !deadline.passed
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < places.length && !signal.aborted) {
      const index = next++
      const place = places[index]!
      // A file no server reads (a C source's included `.def` table): nothing can resolve it there.
      if (unserved(options.lsp, filePathOf(place.uri))) {
        verdicts[index] = { kind: 'unresolved' }
        continue
      }
      try {
        const answer = await options.lsp.query(
          { operation: 'goToDefinition', filePath: filePathOf(place.uri), position: place.range.start, workspaceRoot: options.workspaceRoot },
          signal,
        )
        const targets = answer.locations
        // Empty is an answer only when it is complete: an empty partial one is not "unresolved".
        verdicts[index] =
          targets.length === 0 ? (answer.completeness.state === 'partial' ? { kind: 'unchecked', partial: true } : { kind: 'unresolved' }) : targets.some(isSymbol) ? { kind: 'here' } : { kind: 'elsewhere', targets }
      } catch (error) {
        if (cancelled()) throw new LspError('LSP_CANCELLED', 'the cross-check was cancelled', { cause: error })
        if (deadline.passed) return // left unchecked
        const message = LspError.describe(error)
        verdicts[index] = { kind: 'failed', message }
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, places.length)) }, worker))
  if (cancelled()) throw new LspError('LSP_CANCELLED', 'the cross-check was cancelled')
  return verdicts
}

/** Whether no provider of `lsp` serves the file at `path` (a `.def` table a C source includes): no question can be asked there. */
export const unserved = (lsp: LspService, path: string): boolean => providerOf(lsp.providers(), path) === undefined

/** Each location named by its file's real path (see `realUris`). */
function realLocations(): (location: LspLocation) => LspLocation {
  const realUri = realUris()
  return (location) => {
    const uri = realUri(location.uri)
    return uri === location.uri ? location : { ...location, uri }
  }
}

/** Position order (zero-based line, then UTF-16 character): negative when `x` comes first. */
export const comparePositions = (x: LspLocation['range']['start'], y: LspLocation['range']['start']): number => x.line - y.line || x.character - y.character

/** Whether two locations are in one document and start together or their ranges intersect. */
export function overlaps(a: LspLocation, b: LspLocation): boolean {
  if (a.uri !== b.uri) return false
  if (comparePositions(a.range.start, b.range.start) === 0) return true
  return comparePositions(a.range.start, b.range.end) < 0 && comparePositions(b.range.start, a.range.end) < 0
}

/** `locations` in answer order (see `compareLocations`), each start once. */
export function sortLocations(locations: readonly LspLocation[]): LspLocation[] {
  const seen = new Set<string>()
  return [...locations]
    .sort(compareLocations)
    .filter((location) => {
      const key = `${location.uri}#${location.range.start.line}:${location.range.start.character}`
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
}
