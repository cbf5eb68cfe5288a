import { create } from '@bufbuild/protobuf'
import { DocumentSchema, type Document, type Occurrence, type SymbolInformation } from '@c4312/scip/scip_pb.js'
import type { LspPosition } from '@agent-lsp/lsp'
import { documentPartOf } from './document-part.js'
import { closure, entryOf, keyOf, occurrenceAt, relatedIn, type DocumentEntry, type LineText, type ScipOccurrence } from './entries.js'
import type { ScipLayout, Slice } from './layout.js'
import { asciiLowered, hitsIn, slicesHolding, slicesMentioning } from './mentions.js'
import { DecodedScipModel, type ScipModel } from './model.js'
import { isLocalSymbol } from './symbol.js'

/** How a lazy model decodes one message of the index. */
export interface SliceDecoder {
  document(slice: Slice, index: number): Document
  occurrence(slice: Slice): Occurrence
  /** A `SymbolInformation`: a document's or an external one. */
  symbolInformation(slice: Slice): SymbolInformation
}

/**
 * The model of an index decoded in part, answering exactly as {@link DecodedScipModel} does over
 * the whole index: a document is decoded when a question needs it — the document asked about, and
 * for a global symbol the documents whose bytes name it as a whole string (`slicesMentioning`:
 * its occurrences, its information, the relationships pointing at it), in index order. A local
 * symbol is looked for only in its own path's documents. What needs every document (the global
 * symbols, or once every document is decoded) is answered by a `DecodedScipModel` of them all.
 */
export class LazyScipModel implements ScipModel {
  readonly #entries = new Map<number, DocumentEntry>()
  readonly #byPath = new Map<string, number[]>()
  /** Global symbol → the entries (whole or part) of the documents naming it. */
  readonly #mentions = new Map<string, readonly DocumentEntry[]>()
  readonly #occurrences = new Map<string, readonly ScipOccurrence[]>()
  #full: DecodedScipModel | undefined
  #lowered: string | undefined

  constructor(
    private readonly bytes: Buffer,
    private readonly layout: ScipLayout,
    private readonly decoder: SliceDecoder,
    private readonly lineText: LineText = () => undefined,
  ) {
    layout.documents.forEach((document, i) => {
      const list = this.#byPath.get(document.path)
      if (list) list.push(i)
      else this.#byPath.set(document.path, [i])
    })
  }

  get paths(): string[] {
    return [...this.#byPath.keys()].sort()
  }

  get globalSymbols(): string[] {
    return this.#whole().globalSymbols
  }

  has(path: string): boolean {
    return this.#byPath.has(path)
  }

  /**
   * The documents whose ASCII-lowered bytes hold the lowered query, when it is ASCII without a
   * backtick: a name matching it then holds its bytes as they are (a SCIP descriptor escapes a
   * name only with backticks), up to ASCII case — or holds U+0130 or U+212A, the only characters
   * outside ASCII whose lower case has ASCII in it (`İ` → `i̇`, `K` → `k`), so documents holding
   * those are kept too. Any other query: every path.
   */
  searchable(paths: readonly string[], query: string): readonly string[] {
    const needle = query.toLowerCase()
    if (needle === '' || !/^[\x00-\x7f]*$/.test(needle) || needle.includes('`')) return paths
    const lowered = (this.#lowered ??= asciiLowered(this.bytes))
    const documents = this.layout.documents
    const holding = (text: string) => {
      const bytes = Buffer.from(text)
      return slicesHolding(documents, bytes.length, (from) => this.bytes.indexOf(bytes, from))
    }
    const kept = new Set([...slicesHolding(documents, needle.length, (from) => lowered.indexOf(needle, from)), ...holding('\u0130'), ...holding('\u212A')])
    return paths.filter((path) => (this.#byPath.get(path) ?? []).some((i) => kept.has(i)))
  }

  occurrencesIn(path: string): readonly ScipOccurrence[] {
    const indices = this.#byPath.get(path) ?? []
    return indices.length === 1 ? this.#entry(indices[0]!).occurrences : indices.flatMap((i) => this.#entry(i).occurrences)
  }

  at(path: string, position: LspPosition): ScipOccurrence | undefined {
    return occurrenceAt(this.occurrencesIn(path), position)
  }

  occurrencesOf(symbol: string, path: string): readonly ScipOccurrence[] {
    if (this.#full) return this.#full.occurrencesOf(symbol, path)
    const key = keyOf(symbol, path)
    let found = this.#occurrences.get(key)
    if (found === undefined) {
      found = this.#entriesFor(key).flatMap((entry) => entry.occurrences.filter((occurrence) => occurrence.symbol === symbol))
      this.#occurrences.set(key, found)
    }
    return found
  }

  definitionsOf(symbol: string, path: string): ScipOccurrence[] {
    return this.occurrencesOf(symbol, path).filter((occurrence) => occurrence.definition)
  }

  infoOf(symbol: string, path: string): SymbolInformation | undefined {
    if (this.#full || this.#entries.size === this.layout.documents.length) return this.#whole().infoOf(symbol, path)
    const key = keyOf(symbol, path)
    const inDocuments = this.#entriesFor(key).flatMap((entry) => entry.symbols.filter((information) => keyOf(information.symbol, entry.path) === key)).at(-1)
    if (inDocuments !== undefined || isLocalSymbol(symbol)) return inDocuments
    const slices = this.layout.externalSymbols
    const external = slicesMentioning(this.bytes, slices, symbol) ?? slices.map((_, i) => i)
    return external.map((i) => this.decoder.symbolInformation(slices[i]!)).filter((information) => information.symbol === symbol).at(-1)
  }

  implementationsOf(symbol: string, path: string): string[] {
    if (this.#full) return this.#full.implementationsOf(symbol, path)
    return closure((key) => this.#entriesFor(key).flatMap((entry) => relatedIn(entry, key, 'isImplementation')), keyOf(symbol, path))
  }

  referrersOf(symbol: string, path: string): string[] {
    if (this.#full) return this.#full.referrersOf(symbol, path)
    return closure((key) => this.#entriesFor(key).flatMap((entry) => relatedIn(entry, key, 'isReference')), keyOf(symbol, path))
  }

  /** The entries of the documents that may hold a key: its own path's for a local key, else those naming it. */
  #entriesFor(key: string): DocumentEntry[] {
    const separator = key.indexOf('\u0000')
    if (separator >= 0) return (this.#byPath.get(key.slice(0, separator)) ?? []).map((i) => this.#entry(i))
    let entries = this.#mentions.get(key)
    if (entries === undefined) {
      const indices = slicesMentioning(this.bytes, this.layout.documents, key) ?? this.layout.documents.map((_, i) => i)
      entries = indices.map((i) => this.#entries.get(i) ?? this.#part(i, key))
      this.#mentions.set(key, entries)
    }
    return [...entries]
  }

  /**
   * What a document not decoded whole holds of a global symbol: an entry of just its occurrences
   * and informations whose bytes may name it (`documentPartOf`), so that its other messages are
   * never decoded. The same rows as its whole entry's for that symbol, in the same order (a stable
   * sort of a subset).
   */
  #part(i: number, symbol: string): DocumentEntry {
    const slice = this.layout.documents[i]!
    const hits = hitsIn(this.bytes, slice, symbol)
    if (hits === undefined) return this.#entry(i)
    const part = documentPartOf(this.bytes, slice, hits)
    const document = create(DocumentSchema, {
      relativePath: slice.path,
      positionEncoding: part.positionEncoding,
      occurrences: part.occurrences.map((occurrence) => this.decoder.occurrence(occurrence)),
      symbols: part.symbols.map((information) => this.decoder.symbolInformation(information)),
    })
    return entryOf(document, this.lineText)
  }

  #entry(i: number): DocumentEntry {
    let entry = this.#entries.get(i)
    if (entry === undefined) {
      entry = entryOf(this.decoder.document(this.layout.documents[i]!, i), this.lineText)
      this.#entries.set(i, entry)
    }
    return entry
  }

  #whole(): DecodedScipModel {
    this.#full ??= new DecodedScipModel(
      this.layout.documents.map((_, i) => this.#entry(i)),
      this.layout.externalSymbols.map((slice) => this.decoder.symbolInformation(slice)),
    )
    return this.#full
  }
}
