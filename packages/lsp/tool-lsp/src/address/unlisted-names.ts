import { partialAfter, type LspCompleteness } from '@agent-lsp/lsp'

/** Names a workspace symbol search does not list alone (tsserver's navto): constructors, default exports. */
const unlistedNames: ReadonlySet<string> = new Set(['constructor', 'default'])

/**
 * `completeness` of a name path the workspace search found nothing for, partial when the search
 * could not have found it (a name of {@link unlistedNames} alone), else as it is.
 */
export function unlistedCompleteness(query: readonly string[], completeness: LspCompleteness): LspCompleteness {
  if (query.length !== 1 || !unlistedNames.has(query[0]!)) return completeness
  const message = 'the workspace symbol search lists no constructors or default exports by that name alone: name the class (Box.constructor) or give the file'
  return partialAfter(completeness, { reason: 'unchecked', message })
}
