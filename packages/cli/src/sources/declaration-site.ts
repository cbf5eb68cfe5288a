import { extname } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { LspPosition, LspProviderQuery, LspSymbol } from '@agent-lsp/lsp'
import type { LocalServerConfig } from '@agent-lsp/lsp-local/config'
import type { ScipDeclarationSite } from '@agent-lsp/lsp-scip'
import type { ServerBackend } from '../serving/served-provider.js'

const before = (a: LspPosition, b: LspPosition): boolean => a.line < b.line || (a.line === b.line && a.character <= b.character)

/** The names of the document symbols whose range holds `at`, outermost first (the deepest chain). */
function namesAt(symbols: readonly LspSymbol[], at: LspPosition): string[] {
  const holding = symbols.find(({ range }) => before(range.start, at) && !before(range.end, at))
  return holding === undefined ? [] : [holding.name, ...namesAt(holding.children, at)]
}

/**
 * Where the live server says the symbol at `request`'s cursor is declared (see
 * `ScipDeclarationSite`): the first location of its `goToDefinition`, and the names of the document
 * symbols of that file holding the location's start (its `documentSymbol`), outermost first.
 * `undefined` when it declares none, the declaring file is not one of `config`'s extensions
 * (nothing to ask its symbols of), or no document symbol holds it.
 * @throws LspError as `live.query` does.
 */
export async function declarationSite(live: ServerBackend, config: LocalServerConfig, request: LspProviderQuery, signal?: AbortSignal): Promise<ScipDeclarationSite | undefined> {
  if (!('position' in request)) return undefined
  const { workspaceRoot } = request
  const definition = await live.query({ operation: 'goToDefinition', filePath: request.filePath, position: request.position, workspaceRoot, languageId: request.languageId }, signal)
  const [first] = definition.kind === 'locations' ? definition.locations : []
  if (first === undefined || !first.uri.startsWith('file:')) return undefined
  const file = fileURLToPath(first.uri)
  // `.d.ts` is `.ts` here, as the seam picks a provider by the last extension.
  const languageId = config.extensionToLanguage[extname(file).toLowerCase()]
  if (languageId === undefined) return undefined
  const outline = await live.query({ operation: 'documentSymbol', filePath: file, workspaceRoot, languageId }, signal)
  const names = outline.kind === 'symbols' ? namesAt(outline.symbols, first.range.start) : []
  return names.length === 0 ? undefined : { file, names }
}
