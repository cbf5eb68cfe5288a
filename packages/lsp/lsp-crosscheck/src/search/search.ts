import { LspError } from '@agent-lsp/lsp'
import { hasGlobalExcludes } from './ignore-files.js'
import { searchTexts } from './in-process.js'
import { searchWordWithRipgrep, type SearchResult } from './ripgrep.js'
import { EXCLUDED, MAX_FILE_BYTES } from './ripgrep-scope.js'
import { sharedTexts, type TextCache } from './texts.js'
import { byPath, largeNaming, type Unsearched } from './unsearched.js'
import { walkAsRipgrep, type WalkLimits } from './walk.js'
import { WalkWatch } from './walk-watch.js'

/**
 * The trees searched in process (measured, see the decision notes 2026-12-02-in-process-search and
 * 2026-12-06-in-process-limit): past these the walk stops and ripgrep searches; the bytes stay
 * inside the shared text cache (8 M UTF-16 units) so a warm search reads nothing. Django's 859
 * modules (4.7 MiB) fit: a warm search there takes 0.3–10 ms, ripgrep's two runs 46–63 ms.
 */
export const IN_PROCESS_LIMITS: WalkLimits = { maxFiles: 2_000, maxBytes: 6 * 1024 * 1024 }

/** Milliseconds a root found too large goes straight to ripgrep, without a walk. */
const LARGE_FOR_MS = 60_000
const large = new Map<string, number>()

/** Which search answered (for the bench and the tests). */
export type SearchEngine = 'in-process' | 'ripgrep'

/**
 * Every whole-word, case-sensitive occurrence of `name` under `root` in files ending with one of
 * `extensions`, exactly as `searchWordWithRipgrep` finds them (same files, same order, same
 * places): in process over the shared text cache when the tree is within {@link IN_PROCESS_LIMITS}
 * and holds nothing the in-process walk does not model (a global git excludes file, a `.jj`
 * folder, a pattern it cannot translate, a binary or non-UTF-8 file naming `name`); else ripgrep.
 * Either way `unsearched` lists the files the search left out that may name it (see `Unsearched`):
 * over `MAX_FILE_BYTES`, binary, unreadable.
 * @throws LspError `LSP_CANCELLED` when `signal` has aborted; ripgrep's errors (see `searchWordWithRipgrep`).
 */
export async function searchWord(
  name: string,
  root: string,
  extensions: readonly string[],
  limit: number,
  signal: AbortSignal | undefined,
  options: {
    readonly limits?: WalkLimits
    readonly texts?: TextCache
    readonly engine?: (engine: SearchEngine) => void
    /** Told, for an in-process search, whether the tree's last walk was reused (nothing it read changed; see `WalkWatch`). */
    readonly reused?: (reused: boolean) => void
  } = {},
): Promise<SearchResult> {
  if (signal?.aborted) throw new LspError('LSP_CANCELLED', `the search for ${name} was cancelled`)
  const local = await inProcess(name, root, extensions, limit, options.limits ?? IN_PROCESS_LIMITS, options.texts ?? sharedTexts, options.reused)
  if (local !== undefined) {
    options.engine?.('in-process')
    return local
  }
  options.engine?.('ripgrep')
  return searchWordWithRipgrep(name, root, extensions, limit, signal)
}

async function inProcess(
  name: string,
  root: string,
  extensions: readonly string[],
  limit: number,
  limits: WalkLimits,
  texts: TextCache,
  reused: ((reused: boolean) => void) | undefined,
): Promise<SearchResult | undefined> {
  const until = large.get(root)
  if (until !== undefined && Date.now() < until) return undefined
  if (hasGlobalExcludes()) return undefined
  const scope = { root, extensions, excluded: EXCLUDED, maxFileSize: MAX_FILE_BYTES }
  const walk = await watchOf(JSON.stringify([scope, limits])).current((reading) => walkAsRipgrep(scope, limits, reading), reused)
  if (walk.kind === 'declined') {
    if (walk.reason === 'large') large.set(root, Date.now() + LARGE_FOR_MS)
    return undefined
  }
  large.delete(root)
  const found = searchTexts(name, walk.files, limit, texts)
  if (found === undefined) return undefined
  const unreadable = walk.unreadable.map((path): Unsearched => ({ path, reason: 'unreadable', bytes: null }))
  const left = [...found.unsearched, ...largeNaming(name, walk.large), ...unreadable]
  return left.length === 0 ? found : { ...found, unsearched: left.sort(byPath) }
}

/** The scopes searched most recently, each with the watch of its last walk; the least recently used is let go past {@link WATCHED_SCOPES}. */
const watches = new Map<string, WalkWatch>()
/** A session searches one tree with one provider's extensions, or a few: a watch (inotify, one per folder) each. */
const WATCHED_SCOPES = 8

function watchOf(key: string): WalkWatch {
  let watch = watches.get(key)
  if (watch !== undefined) watches.delete(key)
  else watch = new WalkWatch()
  watches.set(key, watch)
  for (const [old, stale] of watches) {
    if (watches.size <= WATCHED_SCOPES) break
    stale.dispose()
    watches.delete(old)
  }
  return watch
}
