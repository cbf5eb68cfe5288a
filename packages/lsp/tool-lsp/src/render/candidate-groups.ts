import type { LspCandidate, LspLocation } from '@agent-lsp/lsp'
import { toLocationTarget, type DisplayRoot } from './location-targets.js'

/** The cross-check's candidates of one kind, and how a heading says why they may be the symbol. */
export interface CandidateGroup {
  /** After `N places name X `: `where the server could not resolve it`, or through which declarations. */
  readonly why: string
  readonly locations: readonly LspLocation[]
}

/**
 * The candidates split by why they may be the symbol: those the server could not resolve (or
 * failed on), then those reaching it through its package's compiled declarations (`reason:
 * 'declaration'`), whose heading names the declaration files (as rows are shown, under `roots`).
 * Empty groups are left out.
 */
export function candidateGroups(candidates: readonly LspCandidate[], roots: readonly DisplayRoot[]): CandidateGroup[] {
  const unresolved = candidates.filter((candidate) => candidate.declaration === undefined)
  const declared = candidates.filter((candidate) => candidate.declaration !== undefined)
  const groups: CandidateGroup[] = []
  if (unresolved.length > 0) groups.push({ why: 'where the server could not resolve it', locations: unresolved.map((candidate) => candidate.location) })
  if (declared.length > 0) {
    const files = [...new Set(declared.map((candidate) => toLocationTarget(candidate.declaration!, roots).file))].sort()
    groups.push({ why: `through its package’s compiled declarations ${files.join(', ')}`, locations: declared.map((candidate) => candidate.location) })
  }
  return groups
}
