import { partialAfter, type LspCallsResult, type LspCandidate, type LspCompleteness, type LspCrossCheck, type LspLocation, type LspLocationsResult, type LspUnsearched } from '@agent-lsp/lsp'
import { namedList, shownPath } from '@agent-lsp/wording'
import { sortLocations } from './classify/classify.js'
import { MAX_FILE_BYTES } from './search/ripgrep-scope.js'
import { fileUri, uriPath } from './search/texts.js'
import type { Unsearched } from './search/unsearched.js'

// How a cross-check's findings mark an answer's completeness: the wording of its partial messages.

/** Why occurrences were left unchecked: the cross-check's bound, answers not settled (naming their files), or both. */
export function whyUnchecked(unchecked: number, unsettled: readonly string[], root: string): string {
  const files = [...new Set(unsettled.map((uri) => shownPath(root, uriPath(uri))))].sort()
  const where = `where goToDefinition answered partial (${namedList(files)})`
  if (unsettled.length === 0) return "at the cross-check's bound"
  if (unsettled.length === unchecked) return where
  return `(${unchecked - unsettled.length} at the cross-check's bound, ${unsettled.length} ${where})`
}

/** `result` marked partial for `reason`; an answer already partial keeps its reason, the messages joined. */
export function withCompleteness<Result extends { readonly completeness: LspCompleteness }>(result: Result, partial: { reason: 'unresolved' | 'unchecked'; message: string }): Result {
  return { ...result, completeness: partialAfter(result.completeness, partial) }
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
    const path = shownPath(root, uriPath(file.uri))
    if (file.reason === 'too-large') return `${path} (${mebibytes(file.bytes ?? 0)}, over the ${MAX_FILE_BYTES / 2 ** 20} MiB bound)`
    return `${path} (${file.reason === 'binary' ? 'binary: a NUL byte' : 'unreadable'})`
  })
  const they = unsearched.count === 1 ? 'it' : 'they'
  return `not searched for ${name}: ${namedList(named, { shown: UNSEARCHED_NAMED, total: unsearched.count })}; ${they} may hold places the server missed`
}

function mebibytes(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(1)} MiB`
}

/**
 * The answer with the cross-check's findings and what they mean for its completeness.
 * @param unsettled - the `file:` URIs of the occurrences left unchecked because goToDefinition there answered empty and partial.
 */
export function finish<Result extends LspLocationsResult | LspCallsResult>(result: Result, check: LspCrossCheck, unsettled: readonly string[]): Result {
  const merged =
    result.kind === 'locations' && check.added.length > 0 ? { ...result, locations: sortLocations([...result.locations, ...check.added]) } : result
  const { counts, name, truncated } = check
  let answer: Result = { ...merged, crossCheck: check }
  // Candidates first: they are what the model must look at; a cut cross-check is said after.
  const through = (reason: LspCandidate['reason']) => check.candidates.filter((candidate) => candidate.reason === reason && candidate.declaration !== undefined)
  const filesOf = (candidates: readonly LspCandidate[]): string => [...new Set(candidates.map((candidate) => shownPath(result.resolvedWorkspaceRoot, uriPath(candidate.declaration!.uri))))].sort().join(', ')
  const [throughDeclarations, throughCounterpart] = [through('declaration'), through('counterpart')]
  const fixture = check.candidates.filter((candidate) => candidate.reason === 'fixture').length
  const throughInterfaces = through('interface')
  const keyed = check.candidates.filter((candidate) => candidate.reason === 'keyed').length
  const unresolved = counts.candidates - throughDeclarations.length - throughCounterpart.length - fixture - throughInterfaces.length - keyed
  if (unresolved > 0) {
    answer = withCompleteness(answer, { reason: 'unresolved', message: `${placesName(unresolved)} ${name} where the server could not resolve it (${mayBe(unresolved)})` })
  }
  if (throughDeclarations.length > 0) {
    const count = throughDeclarations.length
    answer = withCompleteness(answer, { reason: 'unresolved', message: `${placesName(count)} ${name} through its package’s compiled declarations (${filesOf(throughDeclarations)}), not its source (${mayBe(count)})` })
  }
  if (throughCounterpart.length > 0) {
    const count = throughCounterpart.length
    answer = withCompleteness(answer, { reason: 'unresolved', message: `${placesName(count)} ${name} through its counterpart (${filesOf(throughCounterpart)}: a declaration file and the JavaScript it declares, one at run time, two symbols to the server; ${mayBe(count)})` })
  }
  if (throughInterfaces.length > 0) {
    const count = throughInterfaces.length
    const at = interfaceMethodsAt(throughInterfaces.map((candidate) => candidate.declaration!), result.resolvedWorkspaceRoot)
    answer = withCompleteness(answer, { reason: 'unresolved', message: `${placesName(count)} ${name} ${at} (calls there may run it; ${mayBe(count)})` })
  }
  if (fixture > 0) answer = withCompleteness(answer, { reason: 'unresolved', message: `${placesName(fixture)} ${name} ${BOUND_BY_PYTEST} (${mayBe(fixture)})` })
  if (keyed > 0) answer = withCompleteness(answer, { reason: 'unresolved', message: `${placesName(keyed)} ${name} ${THROUGH_KEYS} (${mayBe(keyed)})` })
  const values = check.valueUses?.count ?? 0
  if (values > 0) {
    answer = withCompleteness(answer, { reason: 'unresolved', message: `${values === 1 ? '1 place uses' : `${values} places use`} ${name} as a value (passed or stored), where it may be called with no call naming it: callers through ${values === 1 ? 'it are' : 'them are'} not listed` })
  }
  if (counts.unchecked > 0 || truncated) {
    const cut = truncated ? `the search stopped at ${counts.occurrences} occurrences of ${name}` : `${counts.unchecked} of ${counts.occurrences} occurrences of ${name} were left unchecked ${whyUnchecked(counts.unchecked, unsettled, result.resolvedWorkspaceRoot)}`
    answer = withCompleteness(answer, { reason: 'unchecked', message: `${cut}; they may hold places the server missed` })
  }
  if (check.unsearched.count > 0) answer = withCompleteness(answer, { reason: 'unchecked', message: unsearchedMessage(name, check.unsearched, result.resolvedWorkspaceRoot) })
  return answer
}

/**
 * How a message names the candidates of reason `interface`, after `N places name X`: `through the
 * interface method at type.go:21, which it implements but the server does not relate to it` (the
 * interface methods' lines, one-based, named once each, at most three and a count).
 */
function interfaceMethodsAt(declarations: readonly LspLocation[], root: string): string {
  const places = [...new Set(sortLocations(declarations).map((place) => `${shownPath(root, uriPath(place.uri))}:${place.range.start.line + 1}`))]
  const them = places.length === 1 ? 'the interface method' : 'the interface methods'
  return `through ${them} at ${namedList(places)}, which it implements but the server does not relate to it`
}

/** How a message names the candidates of reason `fixture`, after `N places name X`. */
const BOUND_BY_PYTEST = 'as a parameter or usefixtures string, which pytest binds to the fixture by name'

/** How a message names the candidates of reason `keyed`, after `N places name X`. */
export const THROUGH_KEYS = 'through a string key TypeScript checks (keyof, an indexed access type: the server offers the name as a completion in the string), which the server does not resolve to one symbol'

/** `1 place names`, `3 places name`: how a candidates message starts. */
const placesName = (count: number): string => (count === 1 ? '1 place names' : `${count} places name`)

/** `it may be this symbol`, `they may be this symbol`: how a candidates message ends. */
const mayBe = (count: number): string => `${count === 1 ? 'it' : 'they'} may be this symbol`
