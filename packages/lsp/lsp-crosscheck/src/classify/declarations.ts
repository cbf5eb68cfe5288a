import type { Deadline } from '@agent-lsp/abort'
import { LspError, rangeHolds, type LspLocation, type LspService, type LspSymbol } from '@agent-lsp/lsp'
import { overlaps, type Verdict } from './classify.js'

// A symbol declared more than once: TypeScript's overload signatures beside their implementation
// (and a method's). goToDefinition at a call leads to the signature the call matches, and from the
// implementation to the implementation alone, so a call through another signature looked like
// another symbol ("elsewhere"), and the signatures themselves like calls. See the decision note
// .agents/notes/2026-12-03-overload-declarations.md.

/** Where to ask and what is already known to be the symbol. */
export interface DeclarationOptions {
  readonly lsp: LspService
  readonly workspaceRoot: string
  /** The symbol's name, as searched. */
  readonly name: string
  /** The places known to be the symbol: the cursor and where goToDefinition there leads. */
  readonly symbol: readonly LspLocation[]
  /** A document's lines (zero-based), `undefined` when unreadable. */
  readonly lines: (uri: string) => readonly string[] | undefined
  readonly filePathOf: (uri: string) => string
  /** Passed at the cross-check's deadline: what is not decided by then is `unchecked`. */
  readonly deadline: Deadline
  readonly signal: AbortSignal
}

/** The symbol's other declarations found, and the files where they could not be told. */
interface Declarations {
  /** Declarations' names (zero-based UTF-16) that are the symbol, beyond `options.symbol`. */
  readonly places: readonly LspLocation[]
  /** Files of the symbol whose declarations could not be told, with why (`code: message`). */
  readonly failed: ReadonlyMap<string, string>
}

/**
 * `verdicts` (one per place of `asked`) with the symbol's other declarations settled: a place
 * leading to one of them is `here`, and a place that is one is `here` with `declaration` (a
 * reference, never a call). A declaration is a sibling of a symbol declaration (the `documentSymbol`
 * entry holding a place of `options.symbol`) with the same name and kind, where goToDefinition leads
 * to `options.symbol` (an overload signature leads to its implementation; a C++ overload to itself, so
 * it stays another symbol). Where that could not be told, a place leading into the file is `failed`.
 * Asks only when a verdict touches a file of `options.symbol`: one `documentSymbol` per such file,
 * one `goToDefinition` per sibling.
 * @throws LspError `LSP_CANCELLED` when the caller cancels (`signal` aborts before `deadline`).
 */
export async function settleDeclarations(asked: readonly LspLocation[], verdicts: readonly Verdict[], options: DeclarationOptions): Promise<Verdict[]> {
  const files = new Set(options.symbol.map((place) => place.uri))
  const touches = (verdict: Verdict, index: number): boolean =>
    files.has(asked[index]!.uri) || (verdict.kind === 'elsewhere' && verdict.targets.some((target) => files.has(target.uri)))
  if (!verdicts.some(touches)) return [...verdicts]
  const touched = (uri: string): boolean =>
    verdicts.some((verdict, index) => asked[index]!.uri === uri || (verdict.kind === 'elsewhere' && verdict.targets.some((target) => target.uri === uri)))
  const { places, failed } = await declarationsOf([...files].filter(touched), options)
  const own = [...options.symbol, ...places]
  return verdicts.map((verdict, index): Verdict => {
    const place = asked[index]!
    if (own.some((declaration) => overlaps(declaration, place))) return { kind: 'here', declaration: true }
    if (verdict.kind !== 'elsewhere') return verdict
    if (verdict.targets.some((target) => own.some((declaration) => overlaps(declaration, target)))) return { kind: 'here' }
    const why = verdict.targets.map((target) => failed.get(target.uri)).find((message) => message !== undefined)
    if (why === undefined) return verdict
    return options.deadline.passed ? { kind: 'unchecked' } : { kind: 'failed', message: `could not tell whether it leads to another declaration of ${options.name}: ${why}` }
  })
}

async function declarationsOf(files: readonly string[], options: DeclarationOptions): Promise<Declarations> {
  const places: LspLocation[] = []
  const failed = new Map<string, string>()
  for (const uri of files) {
    try {
      const answer = await options.lsp.query({ operation: 'documentSymbol', filePath: options.filePathOf(uri), workspaceRoot: options.workspaceRoot }, options.signal)
      for (const sibling of siblingsOf(answer.symbols, uri, options)) {
        const name = namePlace(sibling, uri, options)
        if (name === undefined || options.symbol.some((own) => overlaps(own, name))) continue
        const definitions = await options.lsp.query({ operation: 'goToDefinition', filePath: options.filePathOf(uri), position: name.range.start, workspaceRoot: options.workspaceRoot }, options.signal)
        if (definitions.locations.some((target) => options.symbol.some((own) => overlaps(own, target)))) places.push(name)
      }
    } catch (error) {
      if (options.signal.aborted && !options.deadline.passed) throw new LspError('LSP_CANCELLED', 'the cross-check was cancelled', { cause: error })
      failed.set(uri, LspError.describe(error))
    }
  }
  return { places, failed }
}

/** The document symbols named `options.name` beside one holding a place of the symbol, of its kind (itself included). */
function siblingsOf(symbols: readonly LspSymbol[], uri: string, options: DeclarationOptions): LspSymbol[] {
  const holds = (symbol: LspSymbol): boolean =>
    symbol.name === options.name && options.symbol.some((own) => own.uri === uri && rangeHolds(symbol.range, own.range.start))
  const found: LspSymbol[] = []
  const visit = (level: readonly LspSymbol[]): void => {
    for (const kind of new Set(level.filter(holds).map((symbol) => symbol.kind))) found.push(...level.filter((symbol) => symbol.name === options.name && symbol.kind === kind))
    for (const symbol of level) visit(symbol.children)
  }
  visit(symbols)
  return found
}

/**
 * The place of a symbol's name: its `selectionRange` when that is the name alone, else the first
 * whole-word occurrence of the name on its first line (typescript-language-server gives an overload's
 * later spans the whole span as `selectionRange`).
 */
function namePlace(symbol: LspSymbol, uri: string, options: DeclarationOptions): LspLocation | undefined {
  const { start, end } = symbol.selectionRange
  if (start.line === end.line && end.character - start.character === options.name.length) return { uri, range: symbol.selectionRange }
  const line = options.lines(uri)?.[symbol.range.start.line]
  if (line === undefined) return undefined
  const word = new RegExp(`(?<![\\p{L}\\p{N}_$])${options.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}_$])`, 'u')
  const at = word.exec(line.slice(symbol.range.start.character))
  if (at === null) return undefined
  const character = symbol.range.start.character + at.index
  return { uri, range: { start: { line: symbol.range.start.line, character }, end: { line: symbol.range.start.line, character: character + options.name.length } } }
}
