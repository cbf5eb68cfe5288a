import type { LspLocation, LspRange } from '@agent-lsp/lsp'
import { URI } from 'vscode-uri'
import { untilAborted } from '@agent-lsp/abort'
import { documentEntries, type SymbolEntry } from '../address/symbol-match.js'
import { oneLine } from '../text/one-line.js'
import { rangeHolds, rangeSize } from '../text/positions.js'
import { relativeInside } from '../input/workspace-path.js'
import type { EditFlowContext } from './edit-context.js'

/** Declarations using the edited symbol whose references are asked, at most; past it the note says so. */
export const MAX_USERS = 16

/** The files that use the edited symbol through another declaration, and a line when some may be missing. */
export interface DependentFiles {
  readonly files: string[]
  /** `… not checked: …`; absent when every user was asked. */
  readonly note?: string
}

/**
 * The files reached through a symbol's users: around each of its `references` (outside `own`, the
 * edited declaration's name), the innermost declaration of that file's `documentSymbol` (the function
 * whose body calls it, the constant whose type is inferred from it), and the files referencing
 * that declaration. An edit that changes the symbol's type reaches them without naming it:
 * `export const total = add(1, 2)` in app.ts, `const n: number = total` in use.ts (the second
 * trial, 2026-12-06: "Verified: errors 0 → 0" after use.ts broke). One level: the users of users
 * are not followed. Only files inside `roots` (the answer's and the requested root) count. Failures are said in `note`, never thrown, unless the call was aborted.
 */
export async function dependentFiles(context: EditFlowContext, references: readonly LspLocation[], own: { readonly uri: string; readonly range: LspRange }, name: string, roots: readonly string[]): Promise<DependentFiles> {
  // Only the workspace's files: a user typed by a library interface (a ProxyHandler's `get`) has references in TypeScript's lib.*.d.ts.
  const inWorkspace = (uri: string): boolean => {
    const parsed = URI.parse(uri)
    return parsed.scheme === 'file' && roots.some((root) => relativeInside(root, parsed.fsPath) !== undefined)
  }
  const byFile = new Map<string, LspLocation[]>()
  for (const reference of references) {
    if (!inWorkspace(reference.uri)) continue
    if (reference.uri === own.uri && rangeHolds(own.range, reference.range.start)) continue
    byFile.set(reference.uri, [...(byFile.get(reference.uri) ?? []), reference])
  }
  const failures: string[] = []
  const ask = async <T>(run: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await run()
    } catch (error) {
      if (context.signal.aborted) throw error
      failures.push(oneLine(error instanceof Error ? error.message : String(error)))
      return undefined
    }
  }
  const users = new Map<string, SymbolEntry>()
  await Promise.all(
    [...byFile].map(async ([uri, places]) => {
      const request = { operation: 'documentSymbol', filePath: URI.parse(uri).fsPath, workspaceRoot: context.workspaceRoot } as const
      const result = await ask(() => untilAborted(context.ctx.lsp.query(request, context.signal), context.signal))
      if (result === undefined) return
      const entries = documentEntries(result.symbols)
      for (const place of places) {
        const around = entries.filter((entry) => rangeHolds(entry.symbol.range, place.range.start) && !rangeHolds(entry.symbol.selectionRange, place.range.start))
        const user = around.sort((a, b) => rangeSize(a.symbol.range) - rangeSize(b.symbol.range))[0]
        // The symbol itself (a recursive call): its files are the references already checked.
        if (user === undefined || (uri === own.uri && rangeHolds(user.symbol.selectionRange, own.range.start))) continue
        users.set(`${uri}#${user.symbol.selectionRange.start.line}:${user.symbol.selectionRange.start.character}`, { ...user, symbol: { ...user.symbol, uri } })
      }
    }),
  )
  const asked = [...users.values()].slice(0, MAX_USERS)
  const files = new Set<string>()
  await Promise.all(
    asked.map(async (user) => {
      const request = { operation: 'findReferences', filePath: URI.parse(user.symbol.uri).fsPath, position: user.symbol.selectionRange.start, workspaceRoot: context.workspaceRoot } as const
      const result = await ask(() => untilAborted(context.ctx.lsp.query(request, context.signal), context.signal))
      for (const location of result?.locations ?? []) if (inWorkspace(location.uri)) files.add(URI.parse(location.uri).fsPath)
    }),
  )
  const left = users.size - asked.length
  const notes = [
    ...(left > 0 ? [`${left} more ${left === 1 ? 'declaration uses' : 'declarations use'} ${name}: the files using ${left === 1 ? 'it' : 'them'} are not checked`] : []),
    ...(failures.length > 0 ? [`the users of ${name} could not all be asked (${failures[0]}): the files using them may not be checked`] : []),
  ]
  return { files: [...files].sort(), ...(notes.length > 0 ? { note: `${notes.join('; ')}.`.replace(/^./, (first) => first.toUpperCase()) } : {}) }
}

