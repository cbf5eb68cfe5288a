import { mayDeclareLocal, shellVariableScope } from '@agent-lsp/lexical'
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
 * of the one `asked` (see `shellVariableScope`): bash-language-server 5.8 lists every variable of
 * the name, the `local x` of each function among them, though its definitions and renames tell
 * them apart. Files that declare no `local` of the name are not looked into; each other's functions
 * are asked once.
 */
export async function sameScopePlaces(places: readonly LspLocation[], asked: LspLocation, name: string, files: ScopeFiles): Promise<LspLocation[]> {
  const scopeOf = async (place: LspLocation): Promise<string> => {
    const text = await files.open(place.uri)
    if (typeof text !== 'string' || !mayDeclareLocal(text, name)) return 'global'
    const scope = shellVariableScope((line) => lineAt(text, line), await files.functionsOf(place.uri), place.range.start.line, name)
    return scope < 0 ? 'global' : `${place.uri}#${scope}`
  }
  const scope = await scopeOf(asked)
  const scopes = await Promise.all(places.map(scopeOf))
  return places.filter((_, index) => scopes[index] === scope)
}
