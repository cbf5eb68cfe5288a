import type { LspSymbol, LspSymbolKind, LspSymbolsResult } from '@agent-lsp/lsp'
import { codePointLength } from '../text/columns.js'
import type { LineReader } from '../input/file-lines.js'
import { compareTargets, isUnder, targetLabel, toLocationTarget, type LocationTarget } from './location-targets.js'
import { moreLine, pageOf, showing } from './paging.js'
import type { RenderContext } from './render-context.js'
import { functionKinds, namePosition, nameSegments } from '../text/symbol-names.js'
import { fieldWord } from '../input/field-word.js'

/** Kinds a function body may declare that an outline shows: nested functions and types. */
const declarationKinds: ReadonlySet<LspSymbolKind> = new Set<LspSymbolKind>([
  'Function',
  'Method',
  'Constructor',
  'Class',
  'Interface',
  'Struct',
  'Enum',
  'Module',
  'Namespace',
])

/** The longest `detail` shown after a name, in code points. */
const MAX_DETAIL = 60

interface OutlineRow {
  readonly symbol: LspSymbol
  readonly depth: number
}

/**
 * Render a `documentSymbol` answer as an indented outline, two spaces a level, one row a symbol:
 * `Kind name (detail)  first-last` (the 1-based lines of the whole symbol, one number for one
 * line; `detail` only when short and on one line), under a `path: N symbols` header. What a
 * function or method holds besides nested functions and types (parameters and locals, which
 * pyright reports; object literal properties, which tsserver reports) is left out and counted in
 * the header. Paged by rows.
 */
export function renderOutline(result: LspSymbolsResult, displayPath: string, context: RenderContext): string {
  let hidden = 0
  const rows: OutlineRow[] = []
  const walk = (symbols: readonly LspSymbol[], depth: number, parent: LspSymbol | undefined): void => {
    for (const symbol of symbols) {
      if (parent && functionKinds.has(parent.kind) && !declarationKinds.has(symbol.kind)) {
        hidden += 1 + descendants(symbol)
        continue
      }
      rows.push({ symbol, depth })
      walk(symbol.children, depth + 1, symbol)
    }
  }
  walk(result.symbols, 0, undefined)
  const locals = hidden > 0 ? ` (not shown: ${hidden} ${hidden === 1 ? 'local' : 'locals'} of functions)` : ''
  if (rows.length === 0) return `No symbols in ${displayPath}${locals}.`
  const page = pageOf(rows.length, context.maxResults, context.page)
  const header = `${displayPath}: ${rows.length} ${rows.length === 1 ? 'symbol' : 'symbols'}${locals}${showing(page)}`
  const shown = rows.slice(page.start, page.end).map(({ symbol, depth }) => `${'  '.repeat(depth)}${symbol.kind} ${symbol.name}${detailOf(symbol)}  ${lineSpan(symbol)}`)
  return [header, ...shown, ...moreLine(page, context.writeFlags)].join('\n')
}

function descendants(symbol: LspSymbol): number {
  return symbol.children.reduce((sum, child) => sum + 1 + descendants(child), 0)
}

function detailOf(symbol: LspSymbol): string {
  const detail = symbol.detail?.trim()
  if (!detail || detail === symbol.name || /[\r\n]/.test(detail) || codePointLength(detail) > MAX_DETAIL) return ''
  return ` (${detail})`
}

/** `5-8`, or `5` for a symbol on one line; a range ending at a line's start ends on the line before. */
function lineSpan(symbol: LspSymbol): string {
  const { start, end } = symbol.range
  const first = start.line + 1
  const last = end.character === 0 && end.line > start.line ? end.line : end.line + 1
  return last > first ? `${first}-${last}` : `${first}`
}

/**
 * How well a symbol's name answers a search, best first: the name itself; the name starting with
 * the query, or holding it as a whole camelCase or snake_case word (`QueryObserver` for
 * `Observer`); the same ignoring case; anything else the server matched.
 */
function rank(symbol: LspSymbol, query: string): number {
  const segments = nameSegments(symbol.name)
  const name = segments[segments.length - 1] ?? symbol.name
  if (name === query) return 0
  if (query !== '' && (name.startsWith(query) || atWordStart(name, query))) return 1
  const lower = query.toLowerCase()
  if (name.toLowerCase() === lower || name.toLowerCase().startsWith(lower)) return 2
  return 3
}

/** Whether `query` starts a word of `name` after its first: after `_`, or an upper-case letter after a lower-case one. */
function atWordStart(name: string, query: string): boolean {
  for (let index = name.indexOf(query, 1); index > 0; index = name.indexOf(query, index + 1)) {
    const before = name[index - 1]!
    const first = name[index]!
    if (before === '_' || (/\p{Ll}|\p{N}/u.test(before) && /\p{Lu}/u.test(first))) return true
  }
  return false
}

/** Kinds shown first among equally good names: types and functions before values and members. */
const kindOrder = (kind: LspSymbolKind): number =>
  ['Class', 'Interface', 'Struct', 'Enum', 'Module', 'Namespace', 'Package', 'Function', 'Method', 'Constructor'].includes(kind) ? 0 : 1

/**
 * Render a `workspaceSymbol` answer: `N symbols match "query"`, then one row a symbol,
 * `Kind Container.name  path:line:col` at the symbol's name (servers that report the whole
 * declaration are corrected to the name, see `namePosition`), ordered by how well the name
 * matches (see `rank`), then types and functions before values, then path and position. Repeats
 * are dropped.
 * `fileFilter` keeps the rows under it; paged by rows.
 */
export async function renderWorkspaceSymbols(result: LspSymbolsResult, query: string, context: RenderContext): Promise<string> {
  const roots = [result.resolvedWorkspaceRoot, context.workspaceRoot]
  const seen = new Set<string>()
  const all: { symbol: LspSymbol; target: LocationTarget; rank: number }[] = []
  for (const symbol of result.symbols) {
    const target = await placeOf(symbol, roots, context.readLines)
    const key = `${symbol.kind}|${symbol.containerName ?? ''}|${symbol.name}|${target.file}|${target.line}|${target.character}`
    if (seen.has(key)) continue
    seen.add(key)
    all.push({ symbol, target, rank: rank(symbol, query) })
  }
  all.sort((a, b) => a.rank - b.rank || kindOrder(a.symbol.kind) - kindOrder(b.symbol.kind) || compareTargets(a.target, b.target))
  const quoted = JSON.stringify(query)
  if (all.length === 0) return `No symbols match ${quoted}.`
  const { fileFilter } = context
  const rows = fileFilter === undefined ? all : all.filter(({ target }) => isUnder(target, fileFilter))
  const under = fileFilter === undefined ? '' : ` under ${fileFilter} (${all.length} in all)`
  if (rows.length === 0) return `No symbols match ${quoted}${under}; leave out ${fieldWord('fileFilter', context.writeFlags)} to see them.`
  const page = pageOf(rows.length, context.maxResults, context.page)
  const header = `${rows.length} ${rows.length === 1 ? 'symbol matches' : 'symbols match'} ${quoted}${under}${showing(page)}`
  const shown = await Promise.all(
    rows.slice(page.start, page.end).map(async ({ symbol, target }) => `${symbolTitle(symbol)}  ${await targetLabel(target, context.readLines)}`),
  )
  return [header, ...shown, ...moreLine(page, context.writeFlags)].join('\n')
}

/** `Method Cart.addItem`: the kind, then the container (when the server names one) and the name. */
export function symbolTitle(symbol: LspSymbol, displayName?: string): string {
  return `${symbol.kind} ${displayName ?? (symbol.containerName ? `${symbol.containerName}.${symbol.name}` : symbol.name)}`
}

/** Where a symbol's name is, as a display target (its own name found in the file when it can be read). */
export async function placeOf(symbol: LspSymbol, roots: readonly string[], readLines: LineReader): Promise<LocationTarget> {
  const target = toLocationTarget({ uri: symbol.uri, range: symbol.selectionRange }, roots)
  if (target.kind === 'external') return target
  const lines = await readLines(target.absolutePath)
  if (lines === undefined) return target
  const segments = nameSegments(symbol.name)
  const position = namePosition(lines, symbol, segments[segments.length - 1] ?? symbol.name)
  return { ...target, line: position.line, character: position.character }
}
