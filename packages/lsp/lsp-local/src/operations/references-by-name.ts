import { shellNamespaceAround, type ShellNamespace } from '@agent-lsp/lexical'
import { languageOf, type LspCompleteness, type LspLocation, type LspPosition, type LspRange, type LspSymbol } from '@agent-lsp/lsp'
import type { LocalServerConfig } from '../config.js'
import { normalizeLocations } from '../normalize/normalize.js'
import { normalizeDocumentSymbols } from '../normalize/normalize-symbols.js'
import { uriToPath } from '../normalize/uri.js'
import { protocol } from '../protocol.js'
import { skipNotText, type DocumentHold, type OpenDocuments } from '../sync/documents.js'
import { lineAt } from '../sync/lines.js'
import { retryContentModified, type OperationContext } from './context.js'
import { everyFunctionDefinition, unseenDefinitions } from './shell-functions.js'
import { sameScopePlaces } from './shell-locals.js'

const { DefinitionRequest, DocumentSymbolRequest, ReferencesRequest } = protocol

/** What the narrowing needs of an operation's context: the server, and the asked file's URI and text as the server has it. */
export type NamingContext = Pick<OperationContext, 'client' | 'serverId' | 'uri' | 'text' | 'limits' | 'signal'>

/**
 * The references of a server that lists every symbol of the name (`referencesByName`), narrowed
 * to the symbol asked about. In a shell script, first to the asked place's namespace: bash keeps
 * variables and functions apart (see `shellNamespaceAt`), bash-language-server 5.8 lists both;
 * and for a variable to its scope (a function's `local` one, or the script's, see `sameScopePlaces`).
 * Then a listed file's places stay where `textDocument/definition` (LSP 3.17 §Goto Definition) at
 * its first place leads to a place it leads from the asked `position` (a file's own definition
 * first, see {@link ownFirst}; definitions of the other namespace left out, and for a variable any
 * assignment of the file: the server leads each place to the nearest one), or where it is unknown
 * (none, a file not of this server, not text); a listed file deleted since the server read it is
 * left out. Each listed file is opened for it and held until the answer (`hold`). Without a
 * definition at `position` the list is returned as it is, narrowed to the namespace.
 * @param locations - the server's references, in its order (kept).
 */
export async function sameSymbolReferences(
  locations: readonly LspLocation[],
  position: LspPosition,
  context: NamingContext,
  documents: OpenDocuments,
  config: LocalServerConfig,
  hold: DocumentHold,
): Promise<LspLocation[]> {
  const files = listedFiles(context, documents, config, hold)
  const asking = await files.namespaceAt(position)
  const namespaces = await Promise.all(locations.map((location) => (asking === undefined ? undefined : files.namespaceOf(location))))
  const place = context.uri === null ? undefined : { uri: context.uri, range: { start: position, end: position } }
  const namespaced = locations.filter((_, index) => namespaces[index] === undefined || namespaces[index] === asking)
  // A function's `local` variable is apart from the script's of its name (see sameScopePlaces).
  const ofAsked = asking === 'variable' && place !== undefined ? await sameScopePlaces(namespaced, place, wordAt(context.text, position).word, files) : namespaced
  const name = wordAt(context.text, position).word
  const asked = place === undefined ? [] : await files.definitionsAt(place, asking, name)
  if (asked.length === 0) return ofAsked
  // One question per file, at its first place: a shell name means one function throughout a
  // script (what it defines or sources), and the server takes ~20 ms per definition. Definitions
  // are compared by file: a script's function of one name is one function however often it is
  // defined (see everyFunctionDefinition), and the server leads a variable's places to their
  // nearest assignments.
  const firsts = new Map<string, LspLocation>()
  for (const location of ofAsked) if (!firsts.has(location.uri)) firsts.set(location.uri, location)
  const keptFiles = new Set<string>()
  await Promise.all(
    [...firsts.values()].map(async (location) => {
      const text = await files.open(location.uri)
      if (text === 'gone') return
      const found = text === undefined ? [] : await files.definitionsAt(location, asking, name)
      if (found.length === 0 || found.some((definition) => asked.some((target) => definition.uri === target.uri))) keptFiles.add(location.uri)
    }),
  )
  return ofAsked.filter((location) => keptFiles.has(location.uri))
}

/**
 * The definitions a server that lists every symbol of the name (`referencesByName`) gave at
 * `position`: the file's own first (see {@link ownFirst}); in a shell script those of the asked
 * place's namespace (bash-language-server 5.8 leads `$count` to a function `count() {`). A
 * function's are every definition of it in its script (see everyFunctionDefinition): the server
 * gives one, or none from a call of a function defined inside an if, case or function body. Where
 * it gave only the other namespace's, the file's own symbols of the name and namespace
 * (`textDocument/documentSymbol`: `count=1` is its variable `count`); where there are none either,
 * none, and the answer is partial (the variable may be set by a sourced script or the environment);
 * as it is where it gave none for a function another script defines where it does not look.
 */
export async function sameSymbolDefinitions(
  locations: readonly LspLocation[],
  position: LspPosition,
  context: NamingContext & Pick<OperationContext, 'resolvedWorkspaceRoot'>,
  documents: OpenDocuments,
  config: LocalServerConfig,
  hold: DocumentHold,
): Promise<{ readonly locations: LspLocation[]; readonly completeness?: LspCompleteness }> {
  const own = context.uri === null ? [...locations] : ownFirst(locations, context.uri)
  const files = listedFiles(context, documents, config, hold)
  const asking = await files.namespaceAt(position)
  if (asking === undefined || context.uri === null) return { locations: own }
  const namespaces = await Promise.all(own.map(files.namespaceOf))
  const kept = own.filter((_, index) => namespaces[index] === undefined || namespaces[index] === asking)
  const name = wordAt(context.text, position).word
  const partial = (message: string): LspCompleteness => ({ state: 'partial', reason: 'unresolved', message })
  if (asking === 'function') {
    const every = await everyFunctionDefinition(kept, context.uri, name, files)
    if (every.length > 0) return { locations: every }
    if (own.length === 0) {
      const unseen = await unseenDefinitions(await files.referencesAt(position), context.uri, name, files, context.resolvedWorkspaceRoot)
      if (unseen === undefined) return { locations: [] }
      return { locations: [], completeness: partial(`the server (${context.serverId}) leads ${name} nowhere, and this script defines no function ${name}; ${unseen}`) }
    }
  } else {
    if (kept.length > 0 || own.length === 0) return { locations: kept }
    const symbols = (await files.symbolsOf(context.uri)).filter((symbol) => symbol.name === name && symbol.kind === 'Variable')
    if (symbols.length > 0) return { locations: symbols.map((symbol) => ({ uri: context.uri!, range: symbol.selectionRange })) }
  }
  const other = asking === 'variable' ? 'function' : 'variable'
  const none = asking === 'variable' ? `sets no variable ${name} (a script it sources, or the environment, may set it)` : `defines no function ${name} (a script it sources may define it)`
  return { locations: [], completeness: partial(`the server (${context.serverId}) answered with the ${other} ${name}, not the ${asking}, which bash keeps apart; this script ${none}`) }
}

/** What both narrowings read of the listed files: their texts as the server has them, the namespace of a place, the definitions at one. */
function listedFiles(context: NamingContext, documents: OpenDocuments, config: LocalServerConfig, hold: DocumentHold) {
  // The text the server has of each listed file: undefined when not of this server or not text.
  const opened = new Map<string, Promise<string | undefined | 'gone'>>()
  // A file deleted since the server read it (its index keeps it) holds no reference any more.
  const open = (uri: string): Promise<string | undefined | 'gone'> => {
    if (uri === context.uri && context.text !== null) return Promise.resolve(context.text)
    if (!opened.has(uri)) {
      const path = uriToPath(uri)
      const languageId = path === null ? undefined : languageOf(config, path)
      opened.set(uri, path === null || languageId === undefined ? Promise.resolve(undefined) : skipNotText(documents.sync(path, languageId, hold)).catch(goneOrThrow))
    }
    return opened.get(uri)!
  }
  /**
   * The namespace of the name at a place of a shell script (see `shellNamespaceAt`), read at the
   * word its range starts on (a definition's range is the whole `count=1` or function); undefined elsewhere.
   */
  const namespaceOf = async (location: LspLocation): Promise<ShellNamespace | undefined> => {
    const text = await open(location.uri)
    if (typeof text !== 'string' || !isShellScript(config, location.uri)) return undefined
    return shellNamespaceAround(lineAt(text, location.range.start.line) ?? '', location.range.start.character)
  }
  const namespaceAt = (position: LspPosition): Promise<ShellNamespace | undefined> =>
    context.uri === null ? Promise.resolve(undefined) : namespaceOf({ uri: context.uri, range: { start: position, end: position } })
  /**
   * The definitions at `location`'s start, the file's own first, of `namespace` where one is given.
   * Where the server gives no function `name` there, the script's own (see everyFunctionDefinition).
   */
  const definitionsAt = async (location: LspLocation, namespace: ShellNamespace | undefined, name: string): Promise<LspLocation[]> => {
    const params = { textDocument: { uri: location.uri }, position: location.range.start }
    const send = () => context.client.request(DefinitionRequest.type, params, context.signal)
    const found = ownFirst(normalizeLocations(await retryContentModified(send, context.limits.contentModifiedRetries), `${context.serverId} ${DefinitionRequest.method}`), location.uri)
    if (namespace === undefined) return found
    const namespaces = await Promise.all(found.map(namespaceOf))
    const kept = found.filter((_, index) => namespaces[index] === undefined || namespaces[index] === namespace)
    return kept.length > 0 || namespace !== 'function' ? kept : everyFunctionDefinition([], location.uri, name, { symbolsOf })
  }
  const symbols = new Map<string, Promise<LspSymbol[]>>()
  /** The document symbols of `uri`, asked once (bash-language-server lists `SymbolInformation`, each range its whole declaration). */
  const symbolsOf = (uri: string): Promise<LspSymbol[]> => {
    let known = symbols.get(uri)
    if (known === undefined) {
      const what = `${context.serverId} ${DocumentSymbolRequest.method}`
      known = context.client.request(DocumentSymbolRequest.type, { textDocument: { uri } }, context.signal).then((raw) => normalizeDocumentSymbols(raw, uri, what))
      symbols.set(uri, known)
    }
    return known
  }
  /** The whole ranges of the functions `uri` defines. */
  const functionsOf = async (uri: string): Promise<LspRange[]> => (await symbolsOf(uri)).filter((symbol) => symbol.kind === 'Function').map((symbol) => symbol.range)
  /** The server's references at `position` of the asked file (every place of the name). */
  const referencesAt = async (position: LspPosition): Promise<LspLocation[]> => {
    const params = { textDocument: { uri: context.uri! }, position, context: { includeDeclaration: true } }
    const send = () => context.client.request(ReferencesRequest.type, params, context.signal)
    return normalizeLocations(await retryContentModified(send, context.limits.contentModifiedRetries), `${context.serverId} ${ReferencesRequest.method}`)
  }
  return { open, namespaceOf, namespaceAt, definitionsAt, symbolsOf, functionsOf, referencesAt }
}

/** Whether the file at `uri` is a shell script (LSP's language identifier `shellscript`). */
function isShellScript(config: LocalServerConfig, uri: string): boolean {
  const path = uriToPath(uri)
  return path !== null && languageOf(config, path) === 'shellscript'
}

/** The word (letters, digits, `_`) of `text` holding `position`, and its UTF-16 range on the line; empty where none. */
function wordAt(text: string | null, position: LspPosition): { readonly word: string; readonly range: LspRange } {
  const line = (text === null ? undefined : lineAt(text, position.line)) ?? ''
  const start = position.character - (/[\p{L}\p{N}_]*$/u.exec(line.slice(0, position.character))?.[0].length ?? 0)
  const word = /^[\p{L}\p{N}_]*/u.exec(line.slice(start))?.[0] ?? ''
  return { word, range: { start: { line: position.line, character: start }, end: { line: position.line, character: start + word.length } } }
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
