import type { Index, SymbolInformation } from '@c4312/scip/scip_pb.js'
import type { LspPosition } from '@agent-lsp/lsp'
import { closure, entryOf, keyOf, occurrenceAt, type DocumentEntry, type LineText, type ScipOccurrence } from './entries.js'

export type { ScipOccurrence } from './entries.js'

/**
 * The lookups the operations answer from: occurrences by document (in document order) and by
 * position, and per symbol its definitions, occurrences, information and implementations. A
 * `local N` symbol belongs to the document (`path`) it is asked of; a global one to the index.
 */
export interface ScipModel {
  /** The indexed documents' paths, sorted. */
  readonly paths: string[]
  /** The global symbols the index names: with occurrences, or implemented or overridden by some. */
  readonly globalSymbols: string[]
  has(path: string): boolean
  /**
   * Those of `paths` that may define a symbol whose name contains `query` case-insensitively (as
   * `workspaceSymbol` matches: `name.toLowerCase().includes(query.toLowerCase())`): a filter that
   * keeps every document that does, and maybe others; all of them when it cannot tell.
   */
  searchable(paths: readonly string[], query: string): readonly string[]
  /** The occurrences of a document in document order; `[]` for one the index does not hold. */
  occurrencesIn(path: string): readonly ScipOccurrence[]
  /** The occurrence at `position` (see `occurrenceAt`). */
  at(path: string, position: LspPosition): ScipOccurrence | undefined
  /** Every occurrence of the symbol (of `path`'s document, for a local one), definitions included. */
  occurrencesOf(symbol: string, path: string): readonly ScipOccurrence[]
  definitionsOf(symbol: string, path: string): ScipOccurrence[]
  /** The symbol's `SymbolInformation` (documentation, relationships), when the index has it. */
  infoOf(symbol: string, path: string): SymbolInformation | undefined
  /** The symbols implementing `symbol` (`is_implementation`), directly or through others, in the order found. */
  implementationsOf(symbol: string, path: string): string[]
  /**
   * The symbols whose references are also `symbol`'s (`is_reference` relationships, followed
   * transitively): the members overriding or implementing it, whose declarations a live server
   * lists among the base member's references.
   */
  referrersOf(symbol: string, path: string): string[]
}

/** The model of a wholly decoded index: every document's entry gathered into maps once. */
export class DecodedScipModel implements ScipModel {
  readonly #byDocument = new Map<string, ScipOccurrence[]>()
  readonly #bySymbol = new Map<string, ScipOccurrence[]>()
  readonly #info = new Map<string, SymbolInformation>()
  /** Symbol → the symbols that say they implement it (`Relationship.is_implementation`). */
  readonly #implementors = new Map<string, string[]>()
  /** Symbol → the symbols whose references count as its own (`Relationship.is_reference`: overrides). */
  readonly #referrers = new Map<string, string[]>()

  /** The model of a decoded index; `lineText` is asked only for UTF-8 or UTF-32 documents (see `scipRange`). */
  static of(index: Index, lineText: LineText = () => undefined): DecodedScipModel {
    return new DecodedScipModel(
      index.documents.map((document) => entryOf(document, lineText)),
      index.externalSymbols,
    )
  }

  /** @param entries - the documents' entries, in index order. */
  constructor(entries: readonly DocumentEntry[], externalSymbols: readonly SymbolInformation[]) {
    for (const information of externalSymbols) this.#info.set(information.symbol, information)
    for (const { path, occurrences, symbols } of entries) {
      this.#byDocument.set(path, [...(this.#byDocument.get(path) ?? []), ...occurrences])
      for (const occurrence of occurrences) {
        const key = keyOf(occurrence.symbol, path)
        const list = this.#bySymbol.get(key)
        if (list) list.push(occurrence)
        else this.#bySymbol.set(key, [occurrence])
      }
      for (const information of symbols) {
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

  get paths(): string[] {
    return [...this.#byDocument.keys()].sort()
  }

  get globalSymbols(): string[] {
    const keys = new Set([...this.#bySymbol.keys(), ...this.#implementors.keys(), ...this.#referrers.keys()])
    return [...keys].filter((key) => !key.includes('\u0000'))
  }

  has(path: string): boolean {
    return this.#byDocument.has(path)
  }

  searchable(paths: readonly string[]): readonly string[] {
    return paths
  }

  occurrencesIn(path: string): readonly ScipOccurrence[] {
    return this.#byDocument.get(path) ?? []
  }

  at(path: string, position: LspPosition): ScipOccurrence | undefined {
    return occurrenceAt(this.occurrencesIn(path), position)
  }

  occurrencesOf(symbol: string, path: string): readonly ScipOccurrence[] {
    return this.#bySymbol.get(keyOf(symbol, path)) ?? []
  }

  definitionsOf(symbol: string, path: string): ScipOccurrence[] {
    return this.occurrencesOf(symbol, path).filter((occurrence) => occurrence.definition)
  }

  infoOf(symbol: string, path: string): SymbolInformation | undefined {
    return this.#info.get(keyOf(symbol, path))
  }

  implementationsOf(symbol: string, path: string): string[] {
    return closure((key) => this.#implementors.get(key) ?? [], keyOf(symbol, path))
  }

  referrersOf(symbol: string, path: string): string[] {
    return closure((key) => this.#referrers.get(key) ?? [], keyOf(symbol, path))
  }
}
