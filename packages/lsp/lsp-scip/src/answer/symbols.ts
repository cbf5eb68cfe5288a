import type { LspRange, LspSymbol } from '@agent-lsp/lsp'
import type { ScipModel, ScipOccurrence } from '../scip/model.js'
import { descriptorsOf, isLocalSymbol, parentSymbol } from '../scip/symbol.js'
import { symbolKindOf } from './kinds.js'

const compare = (a: LspRange['start'], b: LspRange['start']): number => a.line - b.line || a.character - b.character

/**
 * Whether a definition names an outline symbol: a global symbol with a name, not a parameter (but
 * a constructor's parameter property, `constructor(private _value: T)`, a member of its class as
 * tsserver lists it), a type parameter, a file or package (`/`) or a module's own `__init__:` (Meta) entry.
 */
function outlined(occurrence: ScipOccurrence, model: ScipModel, path: string): boolean {
  if (!occurrence.definition || isLocalSymbol(occurrence.symbol)) return false
  const last = descriptorsOf(occurrence.symbol).at(-1)
  if (last?.suffix === 'Parameter') return parameterProperty(occurrence.symbol, model, path)
  return last !== undefined && last.name !== '' && (last.suffix === 'Type' || last.suffix === 'Term' || last.suffix === 'Method' || last.suffix === 'Macro')
}

/** Whether `symbol` is a constructor's parameter property: scip-typescript documents it `(property) name: T`. */
function parameterProperty(symbol: string, model: ScipModel, path: string): boolean {
  const constructor = parentSymbol(symbol)
  if (constructor === undefined || descriptorsOf(constructor).at(-1)?.name !== '<constructor>') return false
  return /^```\w*\n\(property\) /.test(model.infoOf(symbol, path)?.documentation[0] ?? '')
}

/** The symbol an outline symbol is a member of: a parameter property its class's, not its constructor's. */
function outlineParent(symbol: string): string | undefined {
  const parent = parentSymbol(symbol)
  return descriptorsOf(symbol).at(-1)?.suffix === 'Parameter' && parent !== undefined ? parentSymbol(parent) : parent
}

/** The declaration's range (its `enclosing_range`), widened to hold the name when it does not. */
function declarationRange(occurrence: ScipOccurrence): LspRange {
  const outer = occurrence.enclosing ?? occurrence.range
  return {
    start: compare(outer.start, occurrence.range.start) <= 0 ? outer.start : occurrence.range.start,
    end: compare(outer.end, occurrence.range.end) >= 0 ? outer.end : occurrence.range.end,
  }
}

/** A symbol's name as the language spells it: scip-typescript's `<get>value`, `<set>value` are `value`, `<constructor>` is `constructor`. */
function nameOf(symbol: string): string {
  const name = descriptorsOf(symbol).at(-1)?.name ?? symbol
  return name === '<constructor>' ? 'constructor' : name.replace(/^<[gs]et>/, '')
}

/**
 * The outline of one document: its definitions of outline symbols, each nested under the definition
 * of its parent symbol (`Dog#speak().` under `Dog#`) when that is in the document, in document order.
 */
export function documentSymbols(model: ScipModel, path: string, uri: string): LspSymbol[] {
  const definitions = model.occurrencesIn(path).filter((occurrence) => outlined(occurrence, model, path))
  const bySymbol = new Map<string, ScipOccurrence>()
  for (const occurrence of definitions) if (!bySymbol.has(occurrence.symbol)) bySymbol.set(occurrence.symbol, occurrence)
  const children = new Map<string, ScipOccurrence[]>()
  const top: ScipOccurrence[] = []
  for (const occurrence of bySymbol.values()) {
    let parent = outlineParent(occurrence.symbol)
    while (parent !== undefined && !bySymbol.has(parent)) parent = parentSymbol(parent)
    if (parent === undefined) top.push(occurrence)
    else children.set(parent, [...(children.get(parent) ?? []), occurrence])
  }
  const build = (occurrence: ScipOccurrence): LspSymbol => ({
    name: nameOf(occurrence.symbol),
    kind: symbolKindOf(occurrence.symbol, model.infoOf(occurrence.symbol, path)),
    uri,
    range: declarationRange(occurrence),
    selectionRange: occurrence.range,
    children: ordered(children.get(occurrence.symbol) ?? []).map(build),
  })
  return ordered(top).map(build)
}

function ordered(occurrences: readonly ScipOccurrence[]): ScipOccurrence[] {
  return [...occurrences].sort((a, b) => compare(declarationRange(a).start, declarationRange(b).start))
}

/**
 * The outline symbols of the given documents whose name contains `query` (case-insensitively; ''
 * matches all), flat: each with its parent's name as `containerName`, `range` and `selectionRange`
 * both the name. Sorted by URI, then position.
 */
export function workspaceSymbols(model: ScipModel, paths: readonly string[], query: string, uriOf: (path: string) => string): LspSymbol[] {
  const needle = query.toLowerCase()
  const found: LspSymbol[] = []
  for (const path of paths) {
    const uri = uriOf(path)
    for (const occurrence of model.occurrencesIn(path)) {
      // The name first: a parameter's information is looked up only when it could match.
      if (!occurrence.definition || !nameOf(occurrence.symbol).toLowerCase().includes(needle) || !outlined(occurrence, model, path)) continue
      const parent = outlineParent(occurrence.symbol)
      const container = parent === undefined ? undefined : descriptorsOf(parent).at(-1)
      found.push({
        name: nameOf(occurrence.symbol),
        kind: symbolKindOf(occurrence.symbol, model.infoOf(occurrence.symbol, path)),
        ...(container !== undefined && container.suffix !== 'Namespace' ? { containerName: container.name } : {}),
        uri,
        range: occurrence.range,
        selectionRange: occurrence.range,
        children: [],
      })
    }
  }
  return found.sort((a, b) => (a.uri === b.uri ? compare(a.range.start, b.range.start) : a.uri < b.uri ? -1 : 1))
}
