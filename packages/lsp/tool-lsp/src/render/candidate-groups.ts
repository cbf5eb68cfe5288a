import type { LspCandidate, LspLocation } from '@agent-lsp/lsp'
import { namedList } from '@agent-lsp/wording'
import { compareTargets, toLocationTarget, type DisplayRoot } from './location-targets.js'

/** The cross-check's candidates of one kind, and how a heading says why they may be the symbol. */
export interface CandidateGroup {
  /** After `N places name X `: `where the server could not resolve it`, or through which declarations. */
  readonly why: string
  readonly locations: readonly LspLocation[]
}

/**
 * The candidates split by why they may be the symbol: those the server could not resolve (or
 * failed on), then those reaching it through its package's compiled declarations (`reason:
 * 'declaration'`), then those in its counterpart (`reason: 'counterpart'`: `lib.js` beside
 * `lib.d.ts`), whose headings name the files they lead to (as rows are shown, under `roots`), then
 * those through a Go interface method its type satisfies that the server does not relate to it
 * (`reason: 'interface'`), whose heading names the interface methods' lines, then
 * the parameters and usefixtures strings pytest binds to a fixture by name (`reason: 'fixture'`), then
 * the TypeScript strings checked against keys holding the name and the declarations such a string may be the key of (`reason: 'keyed'`).
 * Empty groups are left out.
 */
export function candidateGroups(candidates: readonly LspCandidate[], roots: readonly DisplayRoot[]): CandidateGroup[] {
  const leading = (reason: LspCandidate['reason']) => candidates.filter((candidate) => candidate.reason === reason && candidate.declaration !== undefined)
  const filesOf = (group: readonly LspCandidate[]): string => [...new Set(group.map((candidate) => toLocationTarget(candidate.declaration!, roots).file))].sort().join(', ')
  const [declared, counterpart] = [leading('declaration'), leading('counterpart')]
  const fixture = candidates.filter((candidate) => candidate.reason === 'fixture')
  const unrelated = leading('interface')
  const keyed = candidates.filter((candidate) => candidate.reason === 'keyed')
  const unresolved = candidates.filter((candidate) => !declared.includes(candidate) && !counterpart.includes(candidate) && !fixture.includes(candidate) && !unrelated.includes(candidate) && !keyed.includes(candidate))
  const groups: CandidateGroup[] = []
  if (unresolved.length > 0) groups.push({ why: 'where the server could not resolve it', locations: unresolved.map((candidate) => candidate.location) })
  if (declared.length > 0) groups.push({ why: `through its package’s compiled declarations ${filesOf(declared)}`, locations: declared.map((candidate) => candidate.location) })
  if (counterpart.length > 0) groups.push({ why: `through its counterpart ${filesOf(counterpart)}, which the server keeps apart`, locations: counterpart.map((candidate) => candidate.location) })
  if (unrelated.length > 0) groups.push({ why: throughInterfaces(unrelated.map((candidate) => candidate.declaration!), roots), locations: unrelated.map((candidate) => candidate.location) })
  if (fixture.length > 0) groups.push({ why: 'as a parameter or usefixtures string, which pytest binds to the fixture by name', locations: fixture.map((candidate) => candidate.location) })
  if (keyed.length > 0) groups.push({ why: 'through a string key TypeScript checks (keyof, an indexed access type), which the server does not resolve', locations: keyed.map((candidate) => candidate.location) })
  return groups
}

/** `through the interface method at type.go:21, which it implements but the server does not relate to it`: each line once, the first three named. */
function throughInterfaces(declarations: readonly LspLocation[], roots: readonly DisplayRoot[]): string {
  const places = [...new Set(declarations.map((place) => toLocationTarget(place, roots)).sort(compareTargets).map((target) => `${target.file}:${target.line + 1}`))]
  return `through ${places.length === 1 ? 'the interface method' : 'the interface methods'} at ${namedList(places)}, which it implements but the server does not relate to it`
}
