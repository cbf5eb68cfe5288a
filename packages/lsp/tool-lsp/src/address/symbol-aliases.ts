// Re-exports and imports listed as symbols of their own (tsserver's `export { f } from './f'` is a
// Variable `f`; pyright's `from .f import f` is one too): a name that means one declaration
// resolves to it instead of asking the model to choose between the declaration and its aliases.
import type { LspContext, LspLocationsResult, LspPosition } from '@agent-lsp/lsp'
import { URI } from 'vscode-uri'
import { untilAborted } from '@agent-lsp/abort'
import { openWorkspaceFile, type OpenedFile } from '../input/cursor.js'
import { namePosition, ownName } from '../text/symbol-names.js'
import type { SymbolEntry } from './symbol-match.js'

/** Above this many matches the aliases are not looked for (one `goToDefinition` each). */
export const MAX_ALIAS_CHECKS = 10

interface Named {
  /** The file as opened, for the request. */
  readonly filePath: string
  /** The file as the server names it, to compare with its definitions. */
  readonly serverPath: string
  readonly position: LspPosition
}

/**
 * `matches` without those whose `goToDefinition` lands only on the name of another match (an alias
 * of it). Matches are kept as they are when there are more than {@link MAX_ALIAS_CHECKS}, when a
 * definition cannot be had, or when every match would go (aliases of each other).
 * @throws the seam's errors only when `signal` is aborted (any other failure keeps the match).
 */
export async function withoutAliases(
  matches: readonly SymbolEntry[],
  searched: OpenedFile | undefined,
  context: { readonly ctx: LspContext; readonly workspaceRoot: string; readonly signal: AbortSignal },
): Promise<SymbolEntry[]> {
  if (matches.length < 2 || matches.length > MAX_ALIAS_CHECKS) return [...matches]
  const named = await Promise.all(matches.map((entry) => nameOf(entry, searched, context.workspaceRoot)))
  const isAlias = await Promise.all(
    named.map(async (match) => {
      if (match === undefined) return false
      try {
        const request = { operation: 'goToDefinition', filePath: match.filePath, position: match.position, workspaceRoot: context.workspaceRoot } as const
        const result = (await untilAborted(context.ctx.lsp.query(request, context.signal), context.signal)) as LspLocationsResult
        const targets = result.locations.map((location) => ({ filePath: URI.parse(location.uri).fsPath, position: location.range.start }))
        const atOther = (target: { filePath: string; position: LspPosition }): boolean =>
          named.some((other) => other !== undefined && other !== match && samePlace(other, target))
        return targets.length > 0 && targets.every(atOther)
      } catch (error) {
        if (context.signal.aborted) throw error
        return false
      }
    }),
  )
  const kept = matches.filter((_, index) => !isAlias[index])
  return kept.length > 0 ? kept : [...matches]
}

async function nameOf(entry: SymbolEntry, searched: OpenedFile | undefined, workspaceRoot: string): Promise<Named | undefined> {
  const filePath = URI.parse(entry.symbol.uri).fsPath
  try {
    const file = searched?.absolutePath === filePath ? searched : await openWorkspaceFile(filePath, workspaceRoot)
    const position = namePosition(file.lines, entry.symbol, ownName(entry.symbol))
    return { filePath: file.absolutePath, serverPath: filePath, position }
  } catch {
    return undefined
  }
}

function samePlace(named: Named, target: { filePath: string; position: LspPosition }): boolean {
  return named.serverPath === target.filePath && named.position.line === target.position.line && named.position.character === target.position.character
}
