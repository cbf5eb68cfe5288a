import { languageOf, type LspLocation, type LspPosition } from '@agent-lsp/lsp'
import type { LocalServerConfig } from '../config.js'
import { normalizeLocations } from '../normalize/normalize.js'
import { uriToPath } from '../normalize/uri.js'
import { protocol } from '../protocol.js'
import { skipNotText, type DocumentHold, type OpenDocuments } from '../sync/documents.js'
import type { Ask, OperationContext } from './context.js'

const { DefinitionRequest } = protocol

/**
 * The references of a server that lists every symbol of the name (`referencesByName`), narrowed
 * to the symbol asked about: a listed place stays where `textDocument/definition` (LSP 3.17 §Goto
 * Definition) leads, from there, to a place it leads from the asked `position`; a place whose
 * definition is unknown (none, a file not of this server, not text) stays. Each listed file is
 * opened for its definitions and held until the answer (`hold`). Without a definition at
 * `position` the list is returned as it is.
 * @param locations - the server's references, in its order (kept).
 */
export async function sameSymbolReferences(
  locations: readonly LspLocation[],
  position: LspPosition,
  context: OperationContext,
  ask: Ask,
  documents: OpenDocuments,
  config: LocalServerConfig,
  hold: DocumentHold,
): Promise<LspLocation[]> {
  const definitionsAt = async (uri: string, at: LspPosition): Promise<LspLocation[]> => {
    const params = { textDocument: { uri }, position: at }
    return normalizeLocations(await ask(() => context.client.request(DefinitionRequest.type, params, context.signal)), `${context.serverId} ${DefinitionRequest.method}`)
  }
  const asked = context.uri === null ? [] : await definitionsAt(context.uri, position)
  if (asked.length === 0) return [...locations]
  const opened = new Map<string, Promise<boolean>>()
  const open = (uri: string): Promise<boolean> => {
    if (!opened.has(uri)) {
      const path = uriToPath(uri)
      const languageId = path === null ? undefined : languageOf(config, path)
      opened.set(uri, path === null || languageId === undefined ? Promise.resolve(false) : skipNotText(documents.sync(path, languageId, hold)).then((text) => text !== undefined))
    }
    return opened.get(uri)!
  }
  const kept = await Promise.all(
    locations.map(async (location) => {
      if (!(await open(location.uri))) return true
      const found = await definitionsAt(location.uri, location.range.start)
      return found.length === 0 || found.some((definition) => asked.some((target) => overlaps(definition, target)))
    }),
  )
  return locations.filter((_, index) => kept[index])
}

/** Whether two locations are in one document and their ranges share a position. */
function overlaps(a: LspLocation, b: LspLocation): boolean {
  const before = (p: LspPosition, q: LspPosition): boolean => p.line < q.line || (p.line === q.line && p.character < q.character)
  return a.uri === b.uri && !before(a.range.end, b.range.start) && !before(b.range.end, a.range.start)
}
