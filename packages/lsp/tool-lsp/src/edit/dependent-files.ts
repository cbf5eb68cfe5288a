import type { LspLocation, LspPosition, LspRange } from '@agent-lsp/lsp'
import { relativeInside } from '@agent-lsp/wording'
import { URI } from 'vscode-uri'
import { untilAborted } from '@agent-lsp/abort'
import { documentEntries, type SymbolEntry } from '../address/symbol-match.js'
import { oneLine } from '../text/one-line.js'
import { rangeHolds, rangeSize } from '../text/positions.js'
import type { EditFlowContext } from './edit-context.js'

/** Declarations using the edited symbol (or its users) whose references are asked, at most; past it the note says so. */
export const MAX_USERS = 16

/** Levels of users followed: the symbol's users, then theirs (`export const runAll2 = runAll`), and so on; {@link MAX_USERS} bounds the questions. */
const MAX_LEVELS = 8

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
 * trial, 2026-12-06: "Verified: errors 0 → 0" after use.ts broke). The users of those users too
 * (`export const runAll2 = runAll`, then `runAll2([defaults])`: the sixth trial), and theirs (a type
 * derived four times: the twenty-first), {@link MAX_LEVELS} levels and {@link MAX_USERS} in all,
 * nearest first; the users left when either bound stops it are counted in `note`. Only files inside `roots` (the answer's and the requested
 * root) count. Failures are said in `note`, never thrown, unless the call was aborted.
 */
export async function dependentFiles(context: EditFlowContext, references: readonly LspLocation[], own: { readonly uri: string; readonly range: LspRange }, name: string, roots: readonly string[]): Promise<DependentFiles> {
  // Only the workspace's files: a user typed by a library interface (a ProxyHandler's `get`) has references in TypeScript's lib.*.d.ts.
  const inWorkspace = (uri: string): boolean => {
    const parsed = URI.parse(uri)
    return parsed.scheme === 'file' && roots.some((root) => relativeInside(root, parsed.fsPath) !== undefined)
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
  // Declarations already asked, by `uri#line:character` of their names.
  const seen = new Set<string>()
  const files = new Set<string>()
  let budget = MAX_USERS
  let left = 0
  let frontier = references.filter((reference) => !(reference.uri === own.uri && rangeHolds(own.range, reference.range.start)))
  // Not the symbol itself (a recursive call: its files are the references already checked), nor one asked before.
  const itself = (user: SymbolEntry): boolean => user.symbol.uri === own.uri && rangeHolds(user.symbol.selectionRange, own.range.start)
  const usersOf = async (references: readonly LspLocation[]) => [...(await usersAround(context, references.filter((reference) => inWorkspace(reference.uri)), ask)).entries()].filter(([key, user]) => !seen.has(key) && !itself(user))
  for (let level = 0; level < MAX_LEVELS && frontier.length > 0 && budget > 0; level++) {
    const users = await usersOf(frontier)
    const asked = users.slice(0, budget)
    left += users.length - asked.length
    budget -= asked.length
    for (const [key] of asked) seen.add(key)
    const found = await Promise.all(
      asked.map(async ([, user]) => {
        const request = { operation: 'findReferences', filePath: URI.parse(user.symbol.uri).fsPath, position: user.symbol.selectionRange.start, workspaceRoot: context.workspaceRoot } as const
        const result = await ask(() => untilAborted(context.ctx.lsp.query(request, context.signal), context.signal))
        const locations = (result?.locations ?? []).filter((location) => inWorkspace(location.uri))
        for (const location of locations) files.add(URI.parse(location.uri).fsPath)
        return locations.filter((location) => !(location.uri === user.symbol.uri && rangeHolds(user.symbol.selectionRange, location.range.start)))
      }),
    )
    frontier = found.flat()
  }
  // Stopped by a bound with users still to follow: counted, as those past the budget are.
  if (frontier.length > 0) left += (await usersOf(frontier)).length
  const notes = [
    ...(left > 0 ? [`${left} more ${left === 1 ? 'declaration uses' : 'declarations use'} ${name} or its users: the files using ${left === 1 ? 'it' : 'them'} are not checked`] : []),
    ...(failures.length > 0 ? [`the users of ${name} could not all be asked (${failures[0]}): the files using them may not be checked`] : []),
  ]
  return { files: [...files].sort(), ...(notes.length > 0 ? { note: `${notes.join('; ')}.`.replace(/^./, (first) => first.toUpperCase()) } : {}) }
}

/** The innermost declaration around each of `places` (by `documentSymbol` of its file), by {@link keyOf} of its name; not one whose name is the place. */
async function usersAround(context: EditFlowContext, places: readonly LspLocation[], ask: <T>(run: () => Promise<T>) => Promise<T | undefined>): Promise<Map<string, SymbolEntry>> {
  const byFile = new Map<string, LspLocation[]>()
  for (const place of places) byFile.set(place.uri, [...(byFile.get(place.uri) ?? []), place])
  const users = new Map<string, SymbolEntry>()
  await Promise.all(
    [...byFile].map(async ([uri, here]) => {
      const request = { operation: 'documentSymbol', filePath: URI.parse(uri).fsPath, workspaceRoot: context.workspaceRoot } as const
      const result = await ask(() => untilAborted(context.ctx.lsp.query(request, context.signal), context.signal))
      if (result === undefined) return
      const entries = documentEntries(result.symbols)
      for (const place of here) {
        const around = entries.filter((entry) => rangeHolds(entry.symbol.range, place.range.start) && !rangeHolds(entry.symbol.selectionRange, place.range.start))
        const user = around.sort((a, b) => rangeSize(a.symbol.range) - rangeSize(b.symbol.range))[0]
        if (user !== undefined) users.set(keyOf(uri, user.symbol.selectionRange.start), { ...user, symbol: { ...user.symbol, uri } })
      }
    }),
  )
  return users
}

function keyOf(uri: string, position: LspPosition): string {
  return `${uri}#${position.line}:${position.character}`
}
