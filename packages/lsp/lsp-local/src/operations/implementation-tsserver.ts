import { LspError, type LspLocation } from '@agent-lsp/lsp'
import type { Location } from 'vscode-languageserver-protocol'
import { isRecord, malformed, preview } from '../normalize/shapes.js'
import { pathToUri, uriToPath } from '../normalize/uri.js'
import { normalizeLocations } from '../normalize/normalize.js'
import type { Ask, OperationAnswer, OperationContext } from './context.js'
import { askTsserver, isLocation, position, TSSERVER_REQUEST } from './tsserver-request.js'
import { MAX_TSSERVER_PROJECTS, projectConfigs } from './tsserver-projects.js'

/**
 * A `goToImplementation` answer with {@link tsserverImplementations}' joined in (each place once);
 * `partial / unchecked` when projects were left unsearched.
 */
export async function implementationsOfEveryProject(
  answered: readonly LspLocation[],
  uri: string,
  at: { readonly line: number; readonly character: number },
  context: OperationContext,
  ask: Ask,
): Promise<OperationAnswer> {
  const { locations, unsearched } = await tsserverImplementations(uri, at, context, ask)
  const message = `${unsearched} more TypeScript projects under ${context.root} were not searched for implementations (at most ${MAX_TSSERVER_PROJECTS} are)`
  // normalizeLocations keeps each place once, in the answer's order.
  const joined = normalizeLocations([...answered, ...locations], `${context.serverId} ${TSSERVER_REQUEST} implementation`)
  return { kind: 'locations', locations: joined, ...(unsearched > 0 ? { completeness: { state: 'partial', reason: 'unchecked', message } } : {}) }
}

/**
 * The implementations of the symbol at `position` of `uri` in every TypeScript project under the
 * server root that holds the file: tsserver's `implementation` once per project
 * (`projectFileName`), through `typescript.tsserverRequest`. Asked through
 * `textDocument/implementation`, tsserver searches the file's own project only: an interface in
 * alpha/ implemented by a class in beta/, which imports it, was "No implementations found",
 * complete (the tenth trial). A project that does not hold the file answers an error, skipped.
 * `unsearched`: projects past {@link MAX_TSSERVER_PROJECTS}.
 */
export async function tsserverImplementations(
  uri: string,
  at: { readonly line: number; readonly character: number },
  context: OperationContext,
  ask: Ask,
): Promise<{ readonly locations: Location[]; readonly unsearched: number }> {
  const { client, signal, root } = context
  const file = uriToPath(uri)
  // Those the query kept loaded (see `openEveryProject`); an early ask walks the root for them.
  const configs = context.projects ?? projectConfigs(root, client.config)
  const what = `${client.config.id} ${TSSERVER_REQUEST} implementation`
  const locations: Location[] = []
  for (const projectFileName of configs.slice(0, MAX_TSSERVER_PROJECTS)) {
    const args = { file, line: at.line + 1, offset: at.character + 1, projectFileName }
    const raw = await askTsserver(client, ask, 'implementation', args, signal).catch((error: unknown) => {
      if (LspError.isInstance(error) && error.code === 'LSP_SERVER_ERROR') return undefined
      throw error
    })
    // A project without the file answers `success: false` (or an error message): it has no implementation to add.
    if (!isRecord(raw) || raw.success !== true) continue
    if (!Array.isArray(raw.body)) throw malformed(what, `expected a tsserver response with a body list, got ${preview(raw)}`)
    for (const span of raw.body) {
      if (!isRecord(span) || typeof span.file !== 'string' || !isLocation(span.start) || !isLocation(span.end)) throw malformed(what, `expected a tsserver FileSpan, got ${preview(span)}`)
      locations.push({ uri: pathToUri(span.file), range: { start: position(span.start), end: position(span.end) } })
    }
  }
  return { locations, unsearched: Math.max(0, configs.length - MAX_TSSERVER_PROJECTS) }
}
