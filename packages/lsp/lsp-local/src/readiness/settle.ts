/** See `LocalDiagnosticsRules.settle`. */
export type SettleRule = 'after-last-change' | 'own-version' | 'changed-files-published'

/** One `publishDiagnostics` as it arrived. */
export interface Publication {
  readonly version: number | undefined
  readonly diagnostics: unknown
  /** Order of arrival among publications and notifications (see {@link SettleState.sequence}). */
  readonly sequence: number
  /** When it arrived, in ms since the Unix epoch. */
  readonly at: number
}

/** What the rules read: kept by `PublishedDiagnostics`. */
export interface SettleState {
  /** One counter for publications (each takes the next number) and notifications (each reads it). */
  sequence: number
  /** The sequence at the last notification that can change any document's diagnostics. */
  epoch: number
  /** The latest publication per open document (canonical URI). */
  readonly latest: Map<string, Publication>
  /** Per open document: the version last sent, the sequence then, and when (ms since the Unix epoch). */
  readonly expected: Map<string, { readonly version: number; readonly sequence: number; readonly at: number }>
  /** Open documents the server has published with a version since they were opened. */
  readonly versioned: Set<string>
  /**
   * Files a notification changed (opened, sent, changed on disk) that the server has not published
   * since, with the version sent (`undefined` for a change on disk); `changed-files-published` only.
   */
  readonly unanswered: Map<string, { readonly version: number | undefined }>
  /** When the last of them was published (ms since the Unix epoch). */
  lastAnswerAt: number
}

/**
 * How long a server that publishes without versions must stay silent about a file before its
 * latest publication counts as final, in ms. typescript-language-server publishes a syntax-only
 * list first whenever the semantic pass ends more than 50 ms later (its debounce), and tsserver's
 * pass over a file starts 300-800 ms after the change (`min(max(lines / 20, 300), 800)`): a quiet
 * second covers the pass of an ordinary file, though not an unbounded one (why tsserver is pulled).
 */
export const UNVERSIONED_QUIET_MS = 1_000

/**
 * How long after the last changed file was published gopls' latest publication of a dependent
 * counts, in ms: in 20 of 20 observations the dependent came before or within 1 ms after it.
 */
export const CHANGED_FILES_QUIET_MS = 50

/** A rule's verdict now: a final publication, or when to look again (besides the next publication). */
export interface SettleVerdict {
  readonly final?: Publication
  /** What is known about the document's current text meanwhile. */
  readonly known?: Publication
  /** When a quiet period ends (ms since the Unix epoch), if one is awaited. */
  readonly recheckAt?: number
}

/**
 * Whether the server's latest publication about `uri` is final by `rule` at `now` (ms since the
 * Unix epoch). Common to every rule: the publication is about the document's current text — it
 * came after that version was sent and carries it, or carries none (a server that has published a
 * version for the document since it was opened is not believed without one: gopls' first
 * publication after an open, unversioned, is from disk).
 * - `after-last-change`: and it came after the epoch; without a version, once the server has
 *   been silent about the file for {@link UNVERSIONED_QUIET_MS}.
 * - `own-version`: that alone (without a version, after the same quiet).
 * - `changed-files-published`: and every change since has been published, the last
 *   {@link CHANGED_FILES_QUIET_MS} ago.
 */
export function settleVerdict(state: SettleState, rule: SettleRule, uri: string, now: number): SettleVerdict {
  const latest = state.latest.get(uri)
  const expected = state.expected.get(uri)
  if (!latest || !expected || latest.sequence <= expected.sequence) return {}
  if (latest.version === undefined ? state.versioned.has(uri) : latest.version !== expected.version) return {}
  const known = latest
  if (rule === 'changed-files-published') {
    if (state.unanswered.size > 0) return { known }
    const quietFrom = state.lastAnswerAt + CHANGED_FILES_QUIET_MS
    return now >= quietFrom ? { final: latest, known } : { known, recheckAt: quietFrom }
  }
  if (rule === 'after-last-change' && latest.sequence <= state.epoch) return { known }
  if (latest.version !== undefined) return { final: latest, known }
  const quietFrom = latest.at + UNVERSIONED_QUIET_MS
  return now >= quietFrom ? { final: latest, known } : { known, recheckAt: quietFrom }
}
