import { isAbsolute, join } from 'node:path'
import { LspError, type LspCompleteness, type LspLocation, type LspRepository } from '@agent-lsp/lsp'
import { namedList } from '@agent-lsp/wording'
import { locationsOf } from '../answer/answer.js'
import { implementorRowsOf, referenceRowsOf, type Row } from '../answer/locations.js'
import type { Indexes } from '../indexes.js'
import { fileUri, resolveRoot } from '../workspace/files.js'
import type { Side } from './same-symbol.js'

/** Another repository's index, as a provider holds it. */
export interface RepositoryIndex {
  readonly name: string
  /** Its root as configured (absolute). */
  readonly root: string
  /** Its index, decoded once per change (an `Indexes` over the absolute index path). */
  readonly indexes: Indexes
}

/** The other repositories' share of an answer (see `ScipLspProvider.elsewhere`). */
export interface ScipElsewhere {
  /** Their rows, under their roots; deduplicated, sorted. */
  readonly locations: readonly LspLocation[]
  /** The repositories searched, in configured order; empty when none was. */
  readonly repositories: readonly LspRepository[]
  /** `partial` when one was not searched (its index missing or invalid) or changed since its build. */
  readonly completeness: LspCompleteness
}

/** How many changed files a message names before it counts the rest. */
const NAMED_STALE_FILES = 3

/** A path of an index's document that stays inside its root (not absolute, no `..` segment). */
const confined = (path: string): boolean => !isAbsolute(path) && !path.split(/[\\/]/).includes('..')

/**
 * Search `repositories` for the symbols `match` finds in each (the asking index's symbol, see
 * `matchingSymbols`; or one a live server declared, see `declaredMatcher`): each one's references
 * (occurrences, declaration included, and overriding members' declarations) or implementations of
 * them; a repository whose root is `askingRoot` is left out. A repository whose index cannot be read makes the answer
 * `partial`/`failed` naming it; one with files changed since its build, `partial`/`stale` (its
 * rows stay; those in changed files are listed in its provenance's `staleUris`). Documents whose
 * path leaves the repository's root are not answered.
 */
export async function answerElsewhere(match: (other: Side) => string[], askingRoot: string, operation: 'findReferences' | 'goToImplementation', repositories: readonly RepositoryIndex[]): Promise<ScipElsewhere> {
  const settled = await Promise.all(repositories.map((repository) => searchOne(match, askingRoot, operation, repository)))
  const searched = settled.filter((one) => one.root !== askingRoot)
  const partial = searched.flatMap((one) => (one.problem === undefined ? [] : [one.problem]))
  const completeness: LspCompleteness =
    partial.length === 0 ? { state: 'complete' } : { state: 'partial', reason: partial[0]!.reason, message: partial.map((one) => one.message).join('; ') }
  return {
    locations: searched.flatMap((one) => one.locations),
    repositories: searched.flatMap((one) => (one.repository === undefined ? [] : [one.repository])),
    completeness,
  }
}

interface Searched {
  readonly root: string
  readonly locations: readonly LspLocation[]
  readonly repository?: LspRepository
  readonly problem?: { readonly reason: 'failed' | 'stale'; readonly message: string }
}

async function searchOne(match: (other: Side) => string[], askingRoot: string, operation: 'findReferences' | 'goToImplementation', repository: RepositoryIndex): Promise<Searched> {
  const { name } = repository
  let root = repository.root
  try {
    root = await resolveRoot(repository.root)
    if (root === askingRoot) return { root, locations: [] }
    const loaded = await repository.indexes.load(root)
    const { model } = loaded
    const rows: Row[] = match({ model, root })
      .flatMap((matched) => (operation === 'findReferences' ? referenceRowsOf(model, matched, '') : implementorRowsOf(model, matched)))
      .filter((row) => confined(row.path))
    const uriOf = (path: string) => fileUri(join(root, path))
    const stale = await loaded.check.staleAmong(loaded.indexedFiles)
    const rowPaths = new Set(rows.map((row) => row.path))
    const provenance = { ...loaded.provenance, staleUris: [...new Set(stale.filter((path) => rowPaths.has(path)).map(uriOf))].sort() }
    const named = namedList(stale.map((path) => `${name}:${path}`), { shown: NAMED_STALE_FILES })
    const problem =
      stale.length === 0
        ? undefined
        : { reason: 'stale' as const, message: `${stale.length} file${stale.length === 1 ? '' : 's'} of ${name} changed since its index was built (${named}): rows there may have moved, and what was written since is missing` }
    return { root, locations: locationsOf(rows, uriOf), repository: { name, root, provenance }, ...(problem ? { problem } : {}) }
  } catch (error) {
    const why = LspError.describe(error)
    return { root, locations: [], problem: { reason: 'failed', message: `${name} was not searched (${why})` } }
  }
}
