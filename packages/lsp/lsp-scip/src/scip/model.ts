import { SymbolRole, type Index, type SymbolInformation } from '@c4312/scip/scip_pb.js'
import type { LspPosition, LspRange } from '@agent-lsp/lsp'
import { needsText, scipRange } from './ranges.js'
import { isLocalSymbol } from './symbol.js'

/** One occurrence of a symbol in a document, its range in the seam's units (zero-based, UTF-16). */
export interface ScipOccurrence {
  /** The document's path relative to the project root, `/`-separated (SCIP `relative_path`). */
  readonly path: string
  readonly range: LspRange
  readonly symbol: string
  /** The occurrence defines the symbol (`SymbolRole.Definition`). */
  readonly definition: boolean
  /** The whole declaration (`enclosing_range`), when the indexer gave it. */
  readonly enclosing: LspRange | undefined
}

const compare = (a: LspPosition, b: LspPosition): number => a.line - b.line || a.character - b.character

/** A symbol's key: global symbols are themselves, `local N` symbols belong to their document. */
const keyOf = (symbol: string, path: string): string => (isLocalSymbol(symbol) ? `${path}\u0000${symbol}` : symbol)

/**
 * The lookups of one decoded index: occurrences by document (in document order) and by position,
 * and per symbol its definitions, occurrences, information and implementations.
 */
export class ScipModel {
  readonly #byDocument = new Map<string, ScipOccurrence[]>()
  readonly #bySymbol = new Map<string, ScipOccurrence[]>()
  readonly #info = new Map<string, SymbolInformation>()
  /** Symbol → the symbols that say they implement it (`Relationship.is_implementation`). */
  readonly #implementors = new Map<string, string[]>()
  /** Symbol → the symbols whose references count as its own (`Relationship.is_reference`: overrides). */
  readonly #referrers = new Map<string, string[]>()

  /**
   * @param lineText - a document line's current text, asked only for documents whose positions are
   *   UTF-8 or UTF-32 (see `scipRange`).
   */
  constructor(index: Index, lineText: (path: string, line: number) => string | undefined = () => undefined) {
    for (const information of index.externalSymbols) this.#info.set(information.symbol, information)
    for (const document of index.documents) {
      const path = document.relativePath
      const text = needsText(document.positionEncoding) ? (line: number) => lineText(path, line) ?? '' : undefined
      const occurrences: ScipOccurrence[] = []
      for (const occurrence of document.occurrences) {
        const range = scipRange(occurrence.range, document.positionEncoding, text)
        if (range === undefined || occurrence.symbol === '') continue
        const enclosing = occurrence.enclosingRange.length > 0 ? scipRange(occurrence.enclosingRange, document.positionEncoding, text) : undefined
        const definition = (occurrence.symbolRoles & SymbolRole.Definition) !== 0
        occurrences.push({ path, range, symbol: occurrence.symbol, definition, enclosing })
      }
      occurrences.sort((a, b) => compare(a.range.start, b.range.start) || compare(a.range.end, b.range.end))
      this.#byDocument.set(path, [...(this.#byDocument.get(path) ?? []), ...occurrences])
      for (const occurrence of occurrences) {
        const key = keyOf(occurrence.symbol, path)
        const list = this.#bySymbol.get(key)
        if (list) list.push(occurrence)
        else this.#bySymbol.set(key, [occurrence])
      }
      for (const information of document.symbols) {
        const key = keyOf(information.symbol, path)
        this.#info.set(key, information)
        for (const relationship of information.relationships) {
          const parent = keyOf(relationship.symbol, path)
          if (relationship.isImplementation) this.#implementors.set(parent, [...(this.#implementors.get(parent) ?? []), key])
          if (relationship.isReference) this.#referrers.set(parent, [...(this.#referrers.get(parent) ?? []), key])
        }
      }
    }
  }

  /** The indexed documents' paths, sorted. */
  get paths(): string[] {
    return [...this.#byDocument.keys()].sort()
  }

  /** The global symbols the index names: with occurrences, or implemented or overridden by some. */
  get globalSymbols(): string[] {
    const keys = new Set([...this.#bySymbol.keys(), ...this.#implementors.keys(), ...this.#referrers.keys()])
    return [...keys].filter((key) => !key.includes('\u0000'))
  }

  has(path: string): boolean {
    return this.#byDocument.has(path)
  }

  /** The occurrences of a document in document order; `[]` for one the index does not hold. */
  occurrencesIn(path: string): readonly ScipOccurrence[] {
    return this.#byDocument.get(path) ?? []
  }

  /**
   * The occurrence at `position`: the innermost non-empty one containing it, a range's end counting
   * (a cursor just after a name is on it) when no range strictly contains it.
   */
  at(path: string, position: LspPosition): ScipOccurrence | undefined {
    const candidates = this.occurrencesIn(path).filter((occurrence) => compare(occurrence.range.start, occurrence.range.end) < 0 && compare(occurrence.range.start, position) <= 0 && compare(position, occurrence.range.end) <= 0)
    const inside = candidates.filter((occurrence) => compare(position, occurrence.range.end) < 0)
    const pool = inside.length > 0 ? inside : candidates
    return pool.reduce<ScipOccurrence | undefined>((best, occurrence) => (best === undefined || compare(occurrence.range.start, best.range.start) >= 0 ? occurrence : best), undefined)
  }

  /** Every occurrence of the symbol (of `path`'s document, for a local one), definitions included. */
  occurrencesOf(symbol: string, path: string): readonly ScipOccurrence[] {
    return this.#bySymbol.get(keyOf(symbol, path)) ?? []
  }

  definitionsOf(symbol: string, path: string): ScipOccurrence[] {
    return this.occurrencesOf(symbol, path).filter((occurrence) => occurrence.definition)
  }

  /** The symbol's `SymbolInformation` (documentation, relationships), when the index has it. */
  infoOf(symbol: string, path: string): SymbolInformation | undefined {
    return this.#info.get(keyOf(symbol, path))
  }

  /** The symbols implementing `symbol`, directly or through others, in the order found. */
  implementationsOf(symbol: string, path: string): string[] {
    return this.#closure(this.#implementors, symbol, path)
  }

  /**
   * The symbols whose references are also `symbol`'s (`is_reference` relationships, followed
   * transitively): the members overriding or implementing it, whose declarations a live server
   * lists among the base member's references.
   */
  referrersOf(symbol: string, path: string): string[] {
    return this.#closure(this.#referrers, symbol, path)
  }

  #closure(edges: ReadonlyMap<string, readonly string[]>, symbol: string, path: string): string[] {
    const found: string[] = []
    const queue = [keyOf(symbol, path)]
    for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
      for (const implementor of edges.get(key) ?? []) {
        if (found.includes(implementor)) continue
        found.push(implementor)
        queue.push(implementor)
      }
    }
    // Local keys carry their document; the symbol itself follows the separator.
    return found.map((key) => key.slice(key.indexOf('\u0000') + 1))
  }
}
