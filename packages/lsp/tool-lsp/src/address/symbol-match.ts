// Matching a model's symbol name or name path (`addItem`, `Cart.addItem`, `Outer.Inner.method`)
// against the symbols servers report. No queries; a file is read only for a Go package's name.
import { compareCodeUnits, type LspSymbol } from '@agent-lsp/lsp'
import { URI } from 'vscode-uri'
import { goPackageOf } from './go-package.js'
import { functionKinds, nameSegments } from '../text/symbol-names.js'

/** A symbol with the names around it, as a name path can match it. */
export interface SymbolEntry {
  readonly symbol: LspSymbol
  /** Name segments: the enclosing symbols' (or `containerName`'s), then the symbol's own. */
  readonly path: readonly string[]
  /** How the answer shows the symbol: enclosing names and its own joined with `.` (`Cart.addItem`). */
  readonly displayName: string
  /** Whether it is declared inside a function or method (a local, a parameter, an object literal's key). */
  readonly local: boolean
}

/**
 * The segments of a name path as a model writes it: split at `.`, `#` and `::`, a trailing `()`
 * dropped. `Cart.addItem` → `['Cart', 'addItem']`, `Cart::addItem()` → `['Cart', 'addItem']`.
 */
export function parseNamePath(text: string): string[] {
  return text
    .trim()
    .replace(/\(\)$/, '')
    .split(/::|[.#]/)
    .map((segment) => segment.trim())
    .filter((segment) => segment !== '')
}

/**
 * Every symbol of a `documentSymbol` answer, in document order (a parent before its children),
 * with its path: the ancestors' name segments, or for a flat answer (`SymbolInformation`) the
 * `containerName`'s, then its own.
 */
export function documentEntries(symbols: readonly LspSymbol[]): SymbolEntry[] {
  const entries: SymbolEntry[] = []
  const walk = (list: readonly LspSymbol[], parent: SymbolEntry | undefined): void => {
    for (const symbol of list) {
      const own = nameSegments(symbol.name)
      const containerPath = parent?.path ?? (symbol.containerName ? nameSegments(symbol.containerName) : [])
      const container = parent?.displayName ?? symbol.containerName
      const entry: SymbolEntry = {
        symbol,
        path: [...containerPath, ...own],
        displayName: container ? `${container}.${symbol.name}` : symbol.name,
        local: parent !== undefined && (parent.local || functionKinds.has(parent.symbol.kind)),
      }
      entries.push(entry)
      walk(symbol.children, entry)
    }
  }
  walk(symbols, undefined)
  return entries
}

/** The symbols of a `workspaceSymbol` answer with their paths (`containerName`, then the name). */
export function workspaceEntries(symbols: readonly LspSymbol[]): SymbolEntry[] {
  return symbols.map((symbol) => ({
    symbol,
    path: [...(symbol.containerName ? nameSegments(symbol.containerName) : []), ...nameSegments(symbol.name)],
    displayName: symbol.containerName ? `${symbol.containerName}.${symbol.name}` : symbol.name,
    local: false,
  }))
}

/** How names are compared: exactly, or ignoring case when nothing matches exactly. */
export type NameCase = 'exact' | 'ignoreCase'

const same = (mode: NameCase) => (a: string, b: string): boolean => (mode === 'exact' ? a === b : a.toLowerCase() === b.toLowerCase())

/**
 * Whether an entry's path matches the query's name path under `mode`: the last segments are equal,
 * and the query's earlier segments (if any) fit the entry's enclosing names: they end them, or they
 * end with them and what comes before names the entry's module ({@link namesModule}: `cart.Cart.addItem`
 * in cart.ts, `ring.New` in ring/ring.go); a name that is neither matches nothing.
 */
export function matchesPath(entry: SymbolEntry, query: readonly string[], mode: NameCase): boolean {
  const eq = same(mode)
  const last = query[query.length - 1]
  const own = entry.path[entry.path.length - 1]
  if (last === undefined || own === undefined || !eq(own, last)) return false
  const wanted = query.slice(0, -1)
  if (wanted.length === 0) return true
  const enclosing = entry.path.slice(0, -1)
  if (enclosing.length > 0 && endsWith(enclosing, wanted, eq)) return true
  return endsWith(wanted, enclosing, eq) && namesModule(entry.symbol.uri, wanted.slice(0, wanted.length - enclosing.length))
}

/**
 * Whether `segments` (exactly, as modules are named) end the path of the file at `uri`, its name
 * without extension (Python's `jwt` of jwt.py, `src.cart` of src/cart.ts) or, for an index.ts, an
 * `__init__.py` or a Go file, its folder alone (Go's package `ring` of ring/ring.go); or a Go
 * file's package by its clause (see `goPackageOf`, the one read of a file here). Not another
 * file's folder: `src.Cart` names no class of src/other.ts (the fifteenth trial).
 */
function namesModule(uri: string, segments: readonly string[]): boolean {
  const parsed = URI.parse(uri)
  const folders = parsed.path.split('/').filter((part) => part !== '')
  const file = folders.pop()?.replace(/\.[^.]*$/, '') ?? ''
  const exact = (a: string, b: string): boolean => a === b
  if (endsWith([...folders, file], segments, exact)) return true
  // A folder is the module of its index.ts or __init__.py, and Go's package; another file's module is the file.
  const go = parsed.path.endsWith('.go')
  if ((go || file === 'index' || file === '__init__') && endsWith(folders, segments, exact)) return true
  // Go: the package its clause names, in place of its folder (`isatty` in go-isatty/).
  if (!go || parsed.scheme !== 'file') return false
  const name = goPackageOf(parsed.fsPath)
  return name !== undefined && endsWith([...folders.slice(0, -1), name], segments, exact)
}

function endsWith(list: readonly string[], suffix: readonly string[], eq: (a: string, b: string) => boolean): boolean {
  if (suffix.length > list.length) return false
  const offset = list.length - suffix.length
  return suffix.every((segment, index) => eq(list[offset + index]!, segment))
}

/**
 * The entries that match `query` (see {@link matchesPath}): the exact matches, or when there are
 * none the case-insensitive ones (exact matches beat looser ones; prefix and fuzzy matches never
 * match, they are only suggested); and of those, the ones declared outside function bodies when
 * there are any (a class's `label` beats the `label` key of an object a function returns).
 * Duplicates (one symbol reported twice) are dropped.
 */
export function matchNamePath(entries: readonly SymbolEntry[], query: readonly string[]): { matches: SymbolEntry[]; mode: NameCase } {
  for (const mode of ['exact', 'ignoreCase'] as const) {
    const matches = unique(entries.filter((entry) => matchesPath(entry, query, mode)))
    const outer = matches.filter((entry) => !entry.local)
    if (matches.length > 0) return { matches: outer.length > 0 ? outer : matches, mode }
  }
  return { matches: [], mode: 'exact' }
}

/** Entries without repeats of one symbol (same file, same name position, same name). */
export function unique(entries: readonly SymbolEntry[]): SymbolEntry[] {
  const seen = new Set<string>()
  return entries.filter((entry) => {
    const { uri, selectionRange, name } = entry.symbol
    const key = `${uri}#${selectionRange.start.line}:${selectionRange.start.character}#${name}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/**
 * The matches a 1-based `line` hint picks: those whose whole range holds the line, else (with
 * `nearestLine`, for matches in one file) those whose name is on the nearest line. Usually one;
 * several when they tie; all of `matches` when none holds the line and `nearestLine` is off (a line of
 * one file says nothing about the symbols of another).
 */
export function pickByLine(matches: readonly SymbolEntry[], line: number, nearestLine = true): SymbolEntry[] {
  const line0 = line - 1
  const distance = ({ symbol }: SymbolEntry): number => {
    const { range, selectionRange } = symbol
    if (range.start.line <= line0 && line0 <= range.end.line) return 0
    return Math.abs(selectionRange.start.line - line0)
  }
  const best = Math.min(...matches.map(distance))
  if (best > 0 && !nearestLine) return [...matches]
  const nearest = matches.filter((match) => distance(match) === best)
  // A hint inside nested matches (a method in a class of the same name) means the innermost one.
  if (best === 0 && nearest.length > 1) {
    const size = ({ symbol: { range } }: SymbolEntry): number => range.end.line - range.start.line
    const smallest = Math.min(...nearest.map(size))
    return nearest.filter((match) => size(match) === smallest)
  }
  return nearest
}

/**
 * Up to `limit` entries whose names are closest to the query's: by edit distance (ignoring case)
 * between the query and the same number of trailing segments of the entry's path, keeping those
 * within about a third of the name's length or whose last name contains the query's (or the other
 * way round); symbols inside function bodies only when no other is. Sorted by distance, then
 * name; one entry per symbol (its name on one line of one file), the first in `entries` kept when
 * a symbol is there twice.
 */
export function closestEntries(entries: readonly SymbolEntry[], query: readonly string[], limit: number): SymbolEntry[] {
  const wanted = query.join('.').toLowerCase()
  const last = (query[query.length - 1] ?? '').toLowerCase()
  const threshold = Math.max(2, Math.ceil(wanted.length / 3))
  const scored = unique(entries).flatMap((entry) => {
    const tail = entry.path.slice(-query.length).join('.').toLowerCase()
    const own = (entry.path[entry.path.length - 1] ?? '').toLowerCase()
    const score = editDistance(wanted, tail)
    const contains = last.length > 0 && (own.includes(last) || (own.length >= 3 && last.includes(own)))
    return score <= threshold || contains ? [{ entry, score }] : []
  })
  // Locals only when nothing else comes close: a name a model asks for is rarely one.
  const outer = scored.filter(({ entry }) => !entry.local)
  if (outer.length > 0) scored.splice(0, scored.length, ...outer)
  scored.sort((a, b) => a.score - b.score || compareCodeUnits(a.entry.displayName, b.entry.displayName) || comparePosition(a.entry, b.entry))
  // One symbol reported twice (a workspace and a document symbol) is one suggestion: the first kept.
  const seen = new Set<string>()
  const picked: SymbolEntry[] = []
  for (const { entry } of scored) {
    const key = `${entry.symbol.uri}#${entry.symbol.selectionRange.start.line}#${entry.path[entry.path.length - 1] ?? ''}`
    if (seen.has(key)) continue
    seen.add(key)
    picked.push(entry)
    if (picked.length === limit) break
  }
  return picked
}

function comparePosition(a: SymbolEntry, b: SymbolEntry): number {
  const p = a.symbol.selectionRange.start
  const q = b.symbol.selectionRange.start
  return compareCodeUnits(a.symbol.uri, b.symbol.uri) || p.line - q.line || p.character - q.character
}

/** Levenshtein distance over UTF-16 units (names are mostly ASCII). */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost)
    }
    previous = current
  }
  return previous[b.length]!
}
