import { languageOf, type LspLocation, type LspPosition } from '@agent-lsp/lsp'
import type { LocalServerConfig } from '../config.js'
import { normalizeLocations } from '../normalize/normalize.js'
import { uriToPath } from '../normalize/uri.js'
import { protocol } from '../protocol.js'
import { syncedUnlessNotText, type DocumentHold, type OpenDocuments } from '../sync/documents.js'
import { retryContentModified, type OperationContext } from './context.js'

const { DefinitionRequest } = protocol

/**
 * The references of a server that lists every symbol of the name (`referencesByName`), narrowed
 * to the symbol asked about: a listed file's places stay where `textDocument/definition` (LSP 3.17
 * §Goto Definition) at its first place leads to a place it leads from the asked `position` (a
 * file's own definition first, see {@link ownFirst}), or where it is unknown (none, a file not of
 * this server, not text); a listed file deleted since the server read it is left out. Each listed file is opened for
 * it and held until the answer (`hold`). Without a definition at `position` the list is returned
 * as it is.
 * @param locations - the server's references, in its order (kept).
 */
export async function sameSymbolReferences(
  locations: readonly LspLocation[],
  position: LspPosition,
  context: OperationContext,
  documents: OpenDocuments,
  config: LocalServerConfig,
  hold: DocumentHold,
): Promise<LspLocation[]> {
  const definitionsAt = async (uri: string, at: LspPosition): Promise<LspLocation[]> => {
    const params = { textDocument: { uri }, position: at }
    const send = () => context.client.request(DefinitionRequest.type, params, context.signal)
    return normalizeLocations(await retryContentModified(send, context.limits.contentModifiedRetries), `${context.serverId} ${DefinitionRequest.method}`)
  }
  const asked = context.uri === null ? [] : ownFirst(await definitionsAt(context.uri, position), context.uri)
  if (asked.length === 0) return [...locations]
  const opened = new Map<string, Promise<boolean | 'gone'>>()
  // A file deleted since the server read it (its index keeps it) holds no reference any more.
  const open = (uri: string): Promise<boolean | 'gone'> => {
    if (!opened.has(uri)) {
      const path = uriToPath(uri)
      const languageId = path === null ? undefined : languageOf(config, path)
      opened.set(uri, path === null || languageId === undefined ? Promise.resolve(false) : syncedUnlessNotText(documents, path, languageId, hold).catch(goneOrThrow))
    }
    return opened.get(uri)!
  }
  // One question per file, at its first place: a shell name means one function throughout a
  // script (what it defines or sources), and the server takes ~20 ms per definition.
  const firsts = new Map<string, LspLocation>()
  for (const location of locations) if (!firsts.has(location.uri)) firsts.set(location.uri, location)
  const keptFiles = new Set<string>()
  await Promise.all(
    [...firsts.values()].map(async (location) => {
      const synced = await open(location.uri)
      if (synced === 'gone') return
      const found = synced ? ownFirst(await definitionsAt(location.uri, location.range.start), location.uri) : []
      if (found.length === 0 || found.some((definition) => asked.some((target) => overlaps(definition, target)))) keptFiles.add(location.uri)
    }),
  )
  return locations.filter((location) => keptFiles.has(location.uri))
}

/**
 * Of the definitions at a place of `uri`, those in `uri` itself when there are any: a script that
 * defines a function it also sources (`source lib.sh`, then `log() { … }`) runs its own, and
 * bash-language-server lists both. Not bash's rule when the script defines it before sourcing a
 * library that defines it again; a script sourcing two libraries that both define it keeps both.
 */
export function ownFirst(definitions: readonly LspLocation[], uri: string): LspLocation[] {
  const own = definitions.filter((definition) => definition.uri === uri)
  return own.length > 0 ? own : [...definitions]
}

/** `'gone'` for a file that no longer exists (ENOENT, ENOTDIR); any other failure rethrown. */
function goneOrThrow(error: unknown): 'gone' {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'ENOENT' || code === 'ENOTDIR') return 'gone'
  throw error
}

/** Whether two locations are in one document and their ranges share a position. */
function overlaps(a: LspLocation, b: LspLocation): boolean {
  const before = (p: LspPosition, q: LspPosition): boolean => p.line < q.line || (p.line === q.line && p.character < q.character)
  return a.uri === b.uri && !before(a.range.end, b.range.start) && !before(b.range.end, a.range.start)
}
