import type { SymbolInformation, SymbolKind as SymbolKindValue } from 'vscode-languageserver-protocol'
import { isRecord, malformed, preview } from '../normalize/shapes.js'
import { pathToUri } from '../normalize/uri.js'
import { protocol } from '../protocol.js'
import type { LanguageServerClient } from '../process/client.js'
import type { Ask } from './context.js'
import { askTsserver, isLocation, position, TSSERVER_REQUEST, tsserverBody } from './tsserver-request.js'

const { SymbolKind } = protocol

/**
 * The workspace symbols of every project tsserver has loaded: its `navto` without a file, through
 * `workspace/executeCommand` `typescript.tsserverRequest`. typescript-language-server 5.3.0 asks
 * `navto` with the file it used last, and tsserver then searches that file's project alone: with
 * two projects and no root tsconfig.json the other's symbols were "No symbols match" (the tenth
 * trial: rxjs beside query-core). Kinds as typescript-language-server maps them (`toSymbolKind`).
 * @throws LspError `LSP_MALFORMED_RESPONSE` for an answer that is not a successful tsserver
 *   response with a list; `LSP_SERVER_CRASHED` when its tsserver is gone; request errors.
 */
export async function tsserverWorkspaceSymbols(query: string, client: LanguageServerClient, ask: Ask, signal: AbortSignal | undefined): Promise<SymbolInformation[]> {
  const what = `${client.config.id} ${TSSERVER_REQUEST} navto`
  return tsserverBody(await askTsserver(client, ask, 'navto', { searchValue: query }, signal), what).map((item) => {
    if (!isRecord(item) || typeof item.name !== 'string' || typeof item.file !== 'string' || !isLocation(item.start) || !isLocation(item.end)) throw malformed(what, `expected a tsserver NavtoItem, got ${preview(item)}`)
    const kind: SymbolKindValue = typeof item.kind === 'string' ? (KINDS[item.kind] ?? SymbolKind.Variable) : SymbolKind.Variable
    return { name: item.name, kind, location: { uri: pathToUri(item.file), range: { start: position(item.start), end: position(item.end) } } }
  })
}

/** tsserver's `ScriptElementKind` → LSP `SymbolKind`, as typescript-language-server 5.3.0 maps them; others are `Variable`. */
const KINDS: Readonly<Record<string, SymbolKindValue>> = {
  'enum member': SymbolKind.Constant,
  'JSX attribute': SymbolKind.Property,
  'local class': SymbolKind.Class,
  'local function': SymbolKind.Function,
  class: SymbolKind.Class,
  const: SymbolKind.Constant,
  constructor: SymbolKind.Constructor,
  enum: SymbolKind.Enum,
  field: SymbolKind.Field,
  file: SymbolKind.File,
  function: SymbolKind.Function,
  getter: SymbolKind.Method,
  interface: SymbolKind.Interface,
  method: SymbolKind.Method,
  module: SymbolKind.Module,
  property: SymbolKind.Property,
  setter: SymbolKind.Method,
}
