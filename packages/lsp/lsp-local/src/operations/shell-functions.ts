import { compareLocations, type LspLocation, type LspSymbol } from '@agent-lsp/lsp'
import { namedList, shownPath } from '@agent-lsp/wording'
import { uriToPath } from '../normalize/uri.js'

/** What the lookups read of the scripts (see `listedFiles` in references-by-name). */
export interface FunctionFiles {
  /** The document symbols of a script (bash-language-server answers for any script it has read, open or not). */
  symbolsOf(uri: string): Promise<readonly LspSymbol[]>
}

/**
 * Every definition of the shell function `name` in the scripts of `definitions` (in `uri`'s where
 * there are none), `definitions` among them, in answer order. A script's function of one name is
 * one function wherever it is defined (both branches of an if, case branches, inside another
 * function's body, twice in a row): bash runs the definition that ran last, and every call names
 * it. bash-language-server 5.8 leads a definition only to itself, and a call to none of those
 * inside an if, case or function body; its document symbols list them all.
 */
export async function everyFunctionDefinition(definitions: readonly LspLocation[], uri: string, name: string, files: FunctionFiles): Promise<LspLocation[]> {
  const uris = definitions.length > 0 ? [...new Set(definitions.map((definition) => definition.uri))] : [uri]
  const found = await Promise.all(uris.map((script) => functionsNamed(script, name, files)))
  const all = [...definitions, ...found.flat()].sort(compareLocations)
  return all.filter((location, index) => index === 0 || !sameStart(all[index - 1]!, location))
}

/**
 * Why an empty definition of the shell function `name` may not be the answer: the other scripts
 * naming it (`listed`, the server's references, which list every place of the name) that define a
 * function `name` bash-language-server 5.8 does not see (in an if, case or function body);
 * undefined where none does. The asking script defines none (see {@link everyFunctionDefinition}).
 */
export async function unseenDefinitions(listed: readonly LspLocation[], uri: string, name: string, files: FunctionFiles, workspaceRoot: string): Promise<string | undefined> {
  const others = [...new Set(listed.map((location) => location.uri))].filter((script) => script !== uri)
  const found = (await Promise.all(others.map((script) => functionsNamed(script, name, files)))).flat().sort(compareLocations)
  if (found.length === 0) return undefined
  const shown = namedList(found.slice(0, 5).map((location) => `${shownPath(workspaceRoot, uriToPath(location.uri) ?? location.uri)}:${location.range.start.line + 1}:${location.range.start.character + 1}`), { total: found.length, shown: 5 })
  const scripts = new Set(found.map((location) => location.uri)).size === 1 ? 'it' : 'them'
  return `bash-language-server 5.8 does not see a function defined inside an if, case or function body, and ${shown} define one (this script may source ${scripts})`
}

/** The functions named `name` a script defines, each as its whole definition (the server's definition range). */
async function functionsNamed(uri: string, name: string, files: FunctionFiles): Promise<LspLocation[]> {
  const flat = (symbols: readonly LspSymbol[]): LspSymbol[] => symbols.flatMap((symbol) => [symbol, ...flat(symbol.children)])
  return flat(await files.symbolsOf(uri))
    .filter((symbol) => symbol.kind === 'Function' && symbol.name === name)
    .map((symbol) => ({ uri, range: symbol.range }))
}

function sameStart(a: LspLocation, b: LspLocation): boolean {
  return a.uri === b.uri && a.range.start.line === b.range.start.line && a.range.start.character === b.range.start.character
}
