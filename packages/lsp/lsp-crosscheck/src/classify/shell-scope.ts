import { mayDeclareLocal, shellVariableScope } from '@agent-lsp/lexical'
import type { LspLocation, LspRange, LspService, LspSymbol } from '@agent-lsp/lsp'
import { uriPath, type Texts } from '../search/texts.js'

/**
 * Of a shell variable's occurrences the answer does not list, those in the cursor's scope (a
 * function's `local` variable, or the script's; see `shellVariableScope`): the others are other
 * variables of the name, told apart without a definition asked at each (bash-language-server takes
 * ~0.1 s a definition in a 3,600-line script). Each file declaring the name `local` has its
 * functions asked once (`documentSymbol`); a file whose functions cannot be listed keeps its places.
 */
export async function inShellScope(places: readonly LspLocation[], cursor: LspLocation, name: string, texts: Texts, lsp: LspService, workspaceRoot: string, signal: AbortSignal): Promise<LspLocation[]> {
  const functions = new Map<string, Promise<readonly LspRange[] | undefined>>()
  const functionsOf = (uri: string): Promise<readonly LspRange[] | undefined> => {
    let known = functions.get(uri)
    if (known === undefined) {
      known = lsp.query({ operation: 'documentSymbol', filePath: uriPath(uri), workspaceRoot }, signal).then(
        (answer) => everyFunction(answer.symbols),
        () => undefined,
      )
      functions.set(uri, known)
    }
    return known
  }
  const scopeOf = async (place: LspLocation): Promise<string | undefined> => {
    const text = texts.get(place.uri)
    if (text === undefined || !mayDeclareLocal(text.text, name)) return 'global'
    const ranges = await functionsOf(place.uri)
    if (ranges === undefined) return undefined
    const scope = shellVariableScope((line) => texts.lines(place.uri)?.[line], ranges, place.range.start.line, name)
    return scope < 0 ? 'global' : `${place.uri}#${scope}`
  }
  const scope = await scopeOf(cursor)
  if (scope === undefined) return [...places]
  const scopes = await Promise.all(places.map(scopeOf))
  return places.filter((_, index) => scopes[index] === undefined || scopes[index] === scope)
}

/** The whole ranges of a document's functions, nested ones too. */
function everyFunction(symbols: readonly LspSymbol[]): LspRange[] {
  return symbols.flatMap((symbol) => [...(symbol.kind === 'Function' ? [symbol.range] : []), ...everyFunction(symbol.children)])
}
