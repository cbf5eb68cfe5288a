import { LspError, type LspCandidate, type LspLocation, type LspLocationsResult, type LspSymbol } from '@agent-lsp/lsp'
import { URI } from 'vscode-uri'
import { toLocationTarget } from '../render/location-targets.js'
import type { Changed, Outline } from './changed-symbols.js'
import type { ImpactNode, ImpactSymbol, ImpactUse } from './impact-model.js'
import { symbolAt } from './symbol-at.js'
import { isTestPath } from './test-paths.js'

/** At most this many symbols get their references asked in one question; the rest are counted. */
export const MAX_SYMBOLS_ASKED = 40

/** References asked at once. */
const CONCURRENCY = 4

/** What walking the users needs: the seam's `findReferences` at a place, and files' outlines. */
export interface WalkContext {
  /** `undefined` when the answer did not come by `askUntil`. */
  references(location: LspLocation): Promise<LspLocationsResult | undefined>
  readonly outline: Outline
  /** The roots display paths are relative to (see `toLocationTarget`). */
  readonly roots: readonly string[]
  readonly maxDepth: number
  /** When to stop asking (`Date.now()` milliseconds): later symbols are counted as not asked, so the answer beats the deadline. */
  readonly askUntil: number
}

interface Draft {
  symbol: ImpactSymbol
  depth: number
  changedLines: readonly number[]
  uses: ImpactUse[]
  candidates: LspCandidate[]
  partial?: string
  unasked: boolean
  users: Draft[]
}

/**
 * Breadth first from the changed symbols: each symbol's references (`findReferences`, which the
 * cross-check wraps: its candidates and completeness come with it), and for each reference outside
 * a test file the symbol holding it (`symbolAt` over that file's outline: its caller, or what
 * declares it) becomes a node one level deeper, up to `maxDepth`; a symbol is followed once.
 * Tests are leaves (nothing calls a test). Holders one level past the bound are counted in `cut`;
 * symbols past {@link MAX_SYMBOLS_ASKED}, or reached or still unanswered at `askUntil`, in `unasked`.
 */
export async function walkUsers(changed: readonly Changed[], context: WalkContext): Promise<{ nodes: ImpactNode[]; cut: number; unasked: number }> {
  const seen = new Set<string>()
  const cut = new Set<string>()
  let asked = 0
  let unasked = 0
  const roots: Draft[] = changed.map((entry) => {
    const node = draft(entry.placed.symbol, entry.placed.namePath, 1, entry.lines)
    seen.add(keyOf(node.symbol.location))
    return node
  })
  let level = roots
  while (level.length > 0) {
    const next: Draft[] = []
    for (let i = 0; i < level.length; i += CONCURRENCY) {
      await Promise.all(
        level.slice(i, i + CONCURRENCY).map(async (node) => {
          if (asked >= MAX_SYMBOLS_ASKED || Date.now() >= context.askUntil) return void ((node.unasked = true), unasked++)
          asked++
          const result = await context.references(node.symbol.location)
          if (result === undefined) return void ((node.unasked = true), unasked++)
          fill(node, result, context.roots)
          node.uses = await withoutOwnDeclarations(node, context)
        }),
      )
    }
    for (const node of level) {
      for (const use of node.uses) {
        if (use.test) continue
        const holder = await holderOf(use.location, context)
        if (holder === undefined) continue
        const key = keyOf(holder.location)
        if (seen.has(key)) continue
        if (node.depth >= context.maxDepth) {
          cut.add(key)
          continue
        }
        seen.add(key)
        const user: Draft = { symbol: holder, depth: node.depth + 1, changedLines: [], uses: [], candidates: [], unasked: false, users: [] }
        node.users.push(user)
        next.push(user)
      }
    }
    level = next
  }
  return { nodes: roots, cut: cut.size, unasked }
}

function draft(symbol: LspSymbol, namePath: string, depth: number, changedLines: readonly number[]): Draft {
  const location = { uri: symbol.uri, range: symbol.selectionRange }
  return { symbol: { namePath, kind: symbol.kind, location }, depth, changedLines, uses: [], candidates: [], unasked: false, users: [] }
}

function fill(node: Draft, result: LspLocationsResult, roots: readonly string[]): void {
  const own = keyOf(node.symbol.location)
  for (const location of result.locations) {
    if (keyOf(location) === own) continue
    const target = toLocationTarget(location, [result.resolvedWorkspaceRoot, ...roots])
    node.uses.push({ location, test: target.kind === 'workspace' && isTestPath(target.file) })
  }
  node.candidates.push(...(result.crossCheck?.candidates ?? []))
  if (result.completeness.state === 'partial') node.partial = `Partial (${result.completeness.reason}): ${result.completeness.message}`
}

/**
 * `node`'s uses less its own other declarations: a use on the name line of a symbol of its file's
 * outline with the same name path and kind (an overload signature, or the implementation beside the
 * signature that changed). They are neither references of it nor symbols using it.
 */
async function withoutOwnDeclarations(node: Draft, context: WalkContext): Promise<ImpactUse[]> {
  const own = await Promise.all(
    node.uses.map(async (use) => {
      const holder = await holderOf(use.location, context)
      return (
        holder !== undefined &&
        holder.namePath === node.symbol.namePath &&
        holder.kind === node.symbol.kind &&
        holder.location.uri === use.location.uri &&
        holder.location.range.start.line === use.location.range.start.line
      )
    }),
  )
  return node.uses.filter((_, index) => !own[index])
}

/** The symbol whose declaration holds `location`, from its file's outline; none at top level or outside the workspace. */
async function holderOf(location: LspLocation, context: WalkContext): Promise<ImpactSymbol | undefined> {
  const uri = URI.parse(location.uri)
  if (uri.scheme !== 'file') return undefined
  const target = toLocationTarget(location, context.roots)
  if (target.kind !== 'workspace') return undefined
  let symbols: readonly LspSymbol[]
  try {
    symbols = await context.outline(uri.fsPath)
  } catch (error) {
    // A file no provider outlines holds no symbol to follow; the reference itself is listed.
    if (LspError.isInstance(error) && (error.code === 'LSP_UNAVAILABLE' || error.code === 'LSP_UNSUPPORTED_OPERATION')) return undefined
    throw error
  }
  const placed = symbolAt(symbols, location.range.start.line)
  if (placed === undefined) return undefined
  return draft(placed.symbol, placed.namePath, 0, []).symbol
}

function keyOf(location: LspLocation): string {
  return `${location.uri}:${location.range.start.line}:${location.range.start.character}`
}
