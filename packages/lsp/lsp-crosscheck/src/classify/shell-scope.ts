import { sameShellScope } from '@agent-lsp/lexical'
import type { LspLocation, LspRange, LspService, LspSymbol } from '@agent-lsp/lsp'
import { uriPath, type Texts } from '../search/texts.js'

/**
 * Of a shell variable's occurrences the answer does not list, those in the cursor's scope (see
 * `sameShellScope`): the others are other variables of the name, told apart without a definition
 * asked at each (bash-language-server takes ~0.1 s a definition in a 3,600-line script). Each file
 * declaring the name `local` has its functions asked once (`documentSymbol`).
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
  return sameShellScope(places, cursor, name, { text: (uri) => texts.get(uri)?.text, lineAt: (uri, line) => texts.lines(uri)?.[line], functionsOf })
}

/** The whole ranges of a document's functions, nested ones too. */
function everyFunction(symbols: readonly LspSymbol[]): LspRange[] {
  return symbols.flatMap((symbol) => [...(symbol.kind === 'Function' ? [symbol.range] : []), ...everyFunction(symbol.children)])
}
