// Symbol addressing: a name or name path in place of line and character (design doc, "The tool").
import type { LspCompleteness, LspContext, LspFileRequest, LspLocation, LspSymbolsResult, LspWorkspaceSymbolRequest } from '@agent-lsp/lsp'
import { URI } from 'vscode-uri'
import { untilAborted } from '@agent-lsp/abort'
import { cursorAt, openWorkspaceFile, type Cursor, type OpenedFile } from '../input/cursor.js'
import { LspToolError } from '../errors.js'
import type { LineReader } from '../input/file-lines.js'
import type { QueryFiles } from '../input/query-files.js'
import { compareTargets, targetLabel, toLocationTarget, type LocationTarget } from '../render/location-targets.js'
import { placeOf, symbolTitle } from '../render/render-symbols.js'
import { nameSegments, namePosition, ownName } from '../text/symbol-names.js'
import { withoutAliases, type SymbolPlace } from './symbol-aliases.js'
import {
  closestEntries,
  documentEntries,
  matchesPath,
  matchNamePath,
  parseNamePath,
  pickByLine,
  unique,
  workspaceEntries,
  type SymbolEntry,
} from './symbol-match.js'
import { unlistedCompleteness } from './unlisted-names.js'

/** Candidates listed when a name is ambiguous; the rest are counted. */
export const MAX_CANDIDATES = 10
/** Closest names suggested when nothing matches. */
export const MAX_SUGGESTIONS = 5
/** Files whose document symbols are read to check a workspace match's enclosing names. */
export const MAX_CHECKED_FILES = 10

/** The symbol a name resolved to, and the cursor on its name. */
export interface ResolvedSymbol {
  /** The name path as the answer shows it: enclosing names and its own (`Cart.addItem`). */
  readonly displayName: string
  /** On the first code point of the symbol's name. */
  readonly cursor: Cursor
  /** The name's location, for pinning the declaration first in a long answer. */
  readonly location: LspLocation
}

/** A symbol offered to choose from, or suggested: `Method Cart.addItem` and `src/cart.ts:12:3`. */
export interface SymbolChoice {
  readonly title: string
  readonly place: string
}

/** What a name resolved to. */
export type SymbolResolution =
  | { readonly kind: 'resolved'; readonly resolved: ResolvedSymbol }
  | {
      readonly kind: 'ambiguous'
      readonly symbol: string
      /** The file searched, when one was given. */
      readonly scope: string | undefined
      /** The first {@link MAX_CANDIDATES}, in display order. */
      readonly candidates: readonly SymbolChoice[]
      readonly total: number
      readonly completeness: LspCompleteness
    }
  | {
      readonly kind: 'none'
      readonly symbol: string
      readonly scope: string | undefined
      /** Up to {@link MAX_SUGGESTIONS} closest names. */
      readonly suggestions: readonly SymbolChoice[]
      readonly completeness: LspCompleteness
    }

/** What resolution needs: the service, the workspace, the signal, and a reader of files. */
export interface ResolveContext {
  readonly ctx: LspContext
  readonly workspaceRoot: string
  readonly signal: AbortSignal
  readonly readLines: LineReader
  /** The query's files (see `createQueryFiles`). */
  readonly files: QueryFiles
}

/**
 * Resolve `symbol` (a name or name path, see `parseNamePath`) to the position of its name.
 *
 * With `filePath`: through that file's `documentSymbol` tree; `A.b` is a symbol `b` whose
 * enclosing symbols end with `A`, a plain name matches at any depth.
 *
 * Without: through `workspaceSymbol` on every provider, the query being the last segment; the
 * answers whose own name is that segment exactly (or, when none is, ignoring case) are checked
 * against the earlier segments in the document symbols of their files (servers differ in what
 * `containerName` holds; tsserver sends none), up to {@link MAX_CHECKED_FILES} files; when more
 * files declare the last segment, those that declare the segment before it (found by a second
 * `workspaceSymbol`) are checked if they are few enough; beyond, or when a file's symbols cannot
 * be had, `containerName` decides, and a match without one is kept.
 * Symbols outside the workspace are not resolved to.
 *
 * Then the 1-based `line` hint picks among several matches (see `pickByLine`). One match resolves
 * (the cursor goes on its name, see `namePosition`); several are listed; none suggests the closest
 * names among the symbols seen (when the search saw none, the workspace symbols for the start of
 * the last segment).
 * @throws LspToolError `LSP_INVALID_INPUT` for a name with no segment; the file and seam errors of
 *   the queries it makes.
 */
export async function resolveSymbol(
  target: { readonly symbol: string; readonly filePath?: string; readonly line?: number },
  context: ResolveContext,
): Promise<SymbolResolution> {
  const query = parseNamePath(target.symbol)
  if (query.length === 0) {
    throw new LspToolError('LSP_INVALID_INPUT', `symbol ${JSON.stringify(target.symbol)} names nothing (expected a name like Cart.addItem)`)
  }
  const found = target.filePath === undefined ? await inWorkspace(query, context) : await inFile(target.filePath, query, context)
  let { matches } = found
  if (matches.length > 1 && target.line !== undefined) matches = pickByLine(matches, target.line, target.filePath !== undefined)
  if (matches.length > 1) matches = await withoutAliases(matches, found.file, context, async () => found.places ?? (await workspacePlaces(query, context)))
  const scope = found.file?.displayPath
  const roots = [found.resolvedRoot, context.workspaceRoot]
  if (matches.length === 1) return { kind: 'resolved', resolved: await resolvedAt(matches[0]!, found.file, context) }
  if (matches.length > 1) {
    const choices = await choicesOf(matches, roots, context.readLines)
    return { kind: 'ambiguous', symbol: target.symbol, scope, candidates: choices.slice(0, MAX_CANDIDATES), total: choices.length, completeness: found.completeness }
  }
  let suggestions = closestEntries(found.pool, query, MAX_SUGGESTIONS)
  if (suggestions.length === 0 && found.file === undefined) {
    suggestions = closestEntries(await prefixPool(query, context), query, MAX_SUGGESTIONS)
  }
  return {
    kind: 'none',
    symbol: target.symbol,
    scope,
    suggestions: await choicesOf(suggestions, roots, context.readLines, false),
    completeness: found.file === undefined ? unlistedCompleteness(query, found.completeness) : found.completeness,
  }
}

interface Found {
  readonly matches: SymbolEntry[]
  /** Every symbol seen, for suggestions. */
  readonly pool: SymbolEntry[]
  /** The file searched, when one was given. */
  readonly file: OpenedFile | undefined
  readonly resolvedRoot: string
  readonly completeness: LspCompleteness
  /** Where the workspace symbol search put the name, when it was the search. */
  readonly places?: readonly SymbolPlace[]
}

function ask<R extends LspFileRequest | LspWorkspaceSymbolRequest>(request: R, context: ResolveContext): Promise<LspSymbolsResult> {
  return untilAborted(context.ctx.lsp.query(request, context.signal) as Promise<LspSymbolsResult>, context.signal)
}

async function inFile(filePath: string, query: readonly string[], context: ResolveContext): Promise<Found> {
  const file = await openWorkspaceFile(filePath, context.files)
  const result = await ask({ operation: 'documentSymbol', filePath: file.absolutePath, workspaceRoot: context.workspaceRoot }, context)
  const pool = documentEntries(result.symbols)
  return { matches: matchNamePath(pool, query).matches, pool, file, resolvedRoot: result.resolvedWorkspaceRoot, completeness: result.completeness }
}

async function inWorkspace(query: readonly string[], context: ResolveContext): Promise<Found> {
  const { workspaceRoot, signal } = context
  const last = query[query.length - 1]!
  const result = await ask({ operation: 'workspaceSymbol', query: last, filePath: null, workspaceRoot }, context)
  const roots = [result.resolvedWorkspaceRoot, workspaceRoot]
  const pool = workspaceEntries(result.symbols)
  const named = matchNamePath(pool, [last])
  const inside = named.matches.filter((entry) => isInside(entry.symbol.uri, roots))
  const files = [...new Set(inside.map((entry) => entry.symbol.uri))]
  // Kept when the enclosing names fit, or cannot be known (no containerName).
  const byContainer = (entries: readonly SymbolEntry[]): SymbolEntry[] =>
    entries.filter((entry) => matchesPath(entry, query, named.mode) || (query.length > 1 && entry.path.length === nameSegments(entry.symbol.name).length))
  const checked: SymbolEntry[] = []
  const check = async (uris: readonly string[]): Promise<SymbolEntry[]> => {
    const perFile = await Promise.all(
      uris.map(async (uri) => {
        const here = inside.filter((entry) => entry.symbol.uri === uri)
        try {
          const symbols = await ask({ operation: 'documentSymbol', filePath: URI.parse(uri).fsPath, workspaceRoot }, context)
          const entries = documentEntries(symbols.symbols)
          checked.push(...entries)
          const matches = matchNamePath(entries, query).matches
          // The file's own symbols know the enclosing names: what they do not match does not.
          return matches.length > 0 ? matches : here.filter((entry) => matchesPath(entry, query, named.mode))
        } catch (error) {
          if (signal.aborted) throw error
          // No document symbols for this file (a server without them): containerName decides.
          return byContainer(here)
        }
      }),
    )
    return unique(perFile.flat())
  }
  let matches: SymbolEntry[] = []
  if (files.length > MAX_CHECKED_FILES && query.length > 1) {
    // A common member name (`take`, `push`) is declared in many files, its enclosing symbol in
    // few: their files are checked first (a member is declared in its class's file, mostly).
    const hosts = await enclosingFiles(query, roots, context)
    const narrowed = files.filter((uri) => hosts.has(uri))
    if (narrowed.length > 0 && narrowed.length <= MAX_CHECKED_FILES) matches = await check(narrowed)
  }
  if (matches.length === 0 && files.length > MAX_CHECKED_FILES) {
    return { matches: unique(byContainer(inside)), pool, file: undefined, resolvedRoot: result.resolvedWorkspaceRoot, completeness: result.completeness, places: placesOf(inside) }
  }
  if (matches.length === 0) matches = await check(files)
  // A member the workspace search does not list (tsserver's constructors): in its enclosing symbol's files.
  if (matches.length === 0 && query.length > 1) {
    const hosts = [...(await enclosingFiles(query, roots, context))].filter((uri) => !files.includes(uri))
    if (hosts.length > 0 && hosts.length <= MAX_CHECKED_FILES) matches = await check(hosts)
  }
  // Document symbols first: they name the enclosing symbols, so a suggestion shows them.
  const seen = [...checked, ...pool]
  const outer = matches.filter((entry) => !entry.local)
  return {
    matches: outer.length > 0 ? outer : matches,
    pool: seen,
    file: undefined,
    resolvedRoot: result.resolvedWorkspaceRoot,
    completeness: result.completeness,
    places: placesOf(inside),
  }
}

/** The files that declare the symbol enclosing the last segment (`ByteQueue` of `ByteQueue.take`), inside `roots`. */
async function enclosingFiles(query: readonly string[], roots: readonly string[], context: ResolveContext): Promise<Set<string>> {
  const enclosing = query[query.length - 2]!
  const result = await ask({ operation: 'workspaceSymbol', query: enclosing, filePath: null, workspaceRoot: context.workspaceRoot }, context)
  const declared = matchNamePath(workspaceEntries(result.symbols), [enclosing]).matches
  return new Set(declared.map((entry) => entry.symbol.uri).filter((uri) => isInside(uri, roots)))
}

/** Where the workspace symbol search puts the last segment's exact matches (for a file's symbols that are one). */
async function workspacePlaces(query: readonly string[], context: ResolveContext): Promise<SymbolPlace[]> {
  const last = query[query.length - 1]!
  const result = await ask({ operation: 'workspaceSymbol', query: last, filePath: null, workspaceRoot: context.workspaceRoot }, context)
  return placesOf(matchNamePath(workspaceEntries(result.symbols), [last]).matches)
}

function placesOf(entries: readonly SymbolEntry[]): SymbolPlace[] {
  return entries.map((entry) => ({ filePath: URI.parse(entry.symbol.uri).fsPath, range: entry.symbol.range }))
}

/** The workspace symbols for the first half of the last segment: names to suggest when the search saw none. */
async function prefixPool(query: readonly string[], context: ResolveContext): Promise<SymbolEntry[]> {
  const last = Array.from(query[query.length - 1]!)
  const prefix = last.slice(0, Math.max(1, Math.floor(last.length / 2))).join('')
  if (prefix === last.join('')) return []
  const result = await ask({ operation: 'workspaceSymbol', query: prefix, filePath: null, workspaceRoot: context.workspaceRoot }, context)
  return workspaceEntries(result.symbols)
}

function isInside(uri: string, roots: readonly string[]): boolean {
  return toLocationTarget({ uri, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } }, roots).kind === 'workspace'
}

async function resolvedAt(entry: SymbolEntry, searched: OpenedFile | undefined, context: ResolveContext): Promise<ResolvedSymbol> {
  const file = searched ?? (await openWorkspaceFile(URI.parse(entry.symbol.uri).fsPath, context.files))
  const name = ownName(entry.symbol)
  const position = namePosition(file.lines, entry.symbol, name)
  const cursor = cursorAt(file, position, name)
  const uri = URI.file(file.absolutePath).toString()
  return { displayName: entry.displayName, cursor, location: { uri, range: { start: position, end: position } } }
}

/** Entries as choices, in display order (or as given, for suggestions ranked by closeness). */
async function choicesOf(entries: readonly SymbolEntry[], roots: readonly string[], readLines: LineReader, sort = true): Promise<SymbolChoice[]> {
  const placed: { entry: SymbolEntry; target: LocationTarget }[] = await Promise.all(
    entries.map(async (entry) => ({ entry, target: await placeOf(entry.symbol, roots, readLines) })),
  )
  if (sort) placed.sort((a, b) => compareTargets(a.target, b.target))
  return Promise.all(
    placed.map(async ({ entry, target }) => ({ title: symbolTitle(entry.symbol, entry.displayName), place: await targetLabel(target, readLines) })),
  )
}
