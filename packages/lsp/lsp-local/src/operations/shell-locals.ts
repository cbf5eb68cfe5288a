import { sameShellScope } from '@agent-lsp/lexical'
import type { LspLocation, LspRange } from '@agent-lsp/lsp'
import { lineAt } from '../sync/lines.js'

/** What the scope check reads of the listed files (see `listedFiles` in references-by-name). */
export interface ScopeFiles {
  open(uri: string): Promise<string | undefined | 'gone'>
  /** The ranges of the functions a script defines, whole (`textDocument/documentSymbol`). */
  functionsOf(uri: string): Promise<readonly LspRange[]>
}

/**
 * The places of a shell variable `name` (its references, of the variable namespace) in the scope
 * of the one `asked` (see `sameShellScope`): bash-language-server 5.8 lists every variable of the
 * name, the `local x` of each function among them, though its definitions and renames tell them apart.
 */
export async function sameScopePlaces(places: readonly LspLocation[], asked: LspLocation, name: string, files: ScopeFiles): Promise<LspLocation[]> {
  const texts = new Map<string, string>()
  const text = async (uri: string): Promise<string | undefined> => {
    const found = await files.open(uri)
    if (typeof found !== 'string') return undefined
    texts.set(uri, found)
    return found
  }
  return sameShellScope(places, asked, name, { text, lineAt: (uri, line) => lineAt(texts.get(uri) ?? '', line), functionsOf: files.functionsOf })
}
