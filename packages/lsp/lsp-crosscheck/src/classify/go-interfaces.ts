import type { Deadline } from '@agent-lsp/abort'
import { LspError, type LspCandidate, type LspLocation, type LspOperation, type LspService } from '@agent-lsp/lsp'
import { overlaps, type Verdict } from './classify.js'

// Go binds a method to an interface by shape, and gopls relates a concrete method to the named
// interfaces it implements only: a method an anonymous interface binds by name (debug/dwarf's
// `typ.(interface{ Basic() *BasicType }).Basic()`) was answered complete without the call, and a
// rename "Verified" left a type assertion that failed at run time (the build and vet clean).

/** Interface methods asked about (one `goToImplementation` each) per cross-check; places leading to those past it are left unchecked. */
const MAX_INTERFACE_METHODS = 16

/** What became of a place leading elsewhere, to an interface method the symbol may satisfy (see {@link unrelatedInterfaces}). */
export type InterfaceVerdict =
  | { readonly kind: 'interface'; readonly declaration: LspLocation }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'unchecked' }

/** Where to ask, and what the symbol is (as `ClassifyOptions`). */
export interface InterfaceOptions {
  readonly lsp: LspService
  readonly workspaceRoot: string
  /** The places that are the symbol: the request's position first, then its definitions. */
  readonly symbol: readonly LspLocation[]
  readonly name: string
  readonly lines: (uri: string) => readonly string[] | undefined
  readonly filePathOf: (uri: string) => string
  readonly deadline: Deadline
  readonly signal: AbortSignal
}

/**
 * For each of `verdicts` (those of `places`, in order) leading `elsewhere` to a Go interface
 * method named as the symbol: `interface` when the symbol, a Go method, satisfies that interface
 * though the server does not relate them (`goToImplementation` at the interface method lists the
 * symbol, at the symbol does not list the interface method); `failed` when either question
 * failed; `unchecked` past {@link MAX_INTERFACE_METHODS} or the deadline. `undefined` for the rest
 * (no question is asked unless a place leads to such an interface method).
 * @throws LspError `LSP_CANCELLED` when the caller's signal aborts.
 */
export async function unrelatedInterfaces(places: readonly LspLocation[], verdicts: readonly Verdict[], options: InterfaceOptions): Promise<(InterfaceVerdict | undefined)[]> {
  const none = places.map((): InterfaceVerdict | undefined => undefined)
  const { symbol, name, lines, filePathOf } = options
  const isGo = (location: LspLocation): boolean => filePathOf(location.uri).endsWith('.go')
  if (!symbol.some((place) => isGo(place) && isMethodDeclaration(lines(place.uri)?.[place.range.start.line], place.range.start.character))) return none
  const targets = new Map<string, LspLocation>()
  const targetOf = verdicts.map((verdict) => {
    if (verdict.kind !== 'elsewhere') return undefined
    const target = verdict.targets.find((each) => isGo(each) && isInterfaceMethod(lines(each.uri)?.[each.range.start.line], each.range.start.character, name))
    if (target === undefined) return undefined
    const key = `${target.uri}#${target.range.start.line}:${target.range.start.character}`
    if (!targets.has(key)) targets.set(key, target)
    return key
  })
  if (targets.size === 0) return none
  const related = await implementationsAt(symbol[symbol.length - 1]!, options)
  if (related === 'out of time') return targetOf.map((key) => (key === undefined ? undefined : { kind: 'unchecked' }))
  const found = new Map<string, InterfaceVerdict | undefined>()
  let asked = 0
  for (const [key, target] of targets) {
    if (typeof related !== 'string' && related.some((location) => overlaps(location, target))) found.set(key, undefined)
    else if (asked++ >= MAX_INTERFACE_METHODS || options.deadline.passed) found.set(key, { kind: 'unchecked' })
    else {
      const implementations = await implementationsAt(target, options)
      const failure = typeof implementations === 'string' ? implementations : typeof related === 'string' ? related : undefined
      const satisfied = typeof implementations !== 'string' && implementations.some((location) => symbol.some((own) => overlaps(location, own)))
      if (implementations === 'out of time') found.set(key, { kind: 'unchecked' })
      else if (failure !== undefined && (satisfied || typeof implementations === 'string')) found.set(key, { kind: 'failed', message: `could not tell whether the server relates the interface method ${name} to it: ${failure}` })
      else found.set(key, satisfied ? { kind: 'interface', declaration: target } : undefined)
    }
  }
  return targetOf.map((key) => (key === undefined ? undefined : found.get(key)))
}

/**
 * The candidate (or `unchecked`) a place leading to an interface method makes for `operation`:
 * every place for `findReferences`; the calls (`adds`), not the interface method's own place, for
 * `incomingCalls`; that own place only for `goToImplementation` (an interface it implements).
 */
export function interfaceCandidate(
  through: InterfaceVerdict | undefined,
  operation: LspOperation,
  location: LspLocation,
  adds: (operation: LspOperation, place: LspLocation, declaration: boolean) => boolean,
): LspCandidate | 'unchecked' | undefined {
  if (through === undefined) return undefined
  const own = through.kind === 'interface' && overlaps(through.declaration, location)
  const counts = operation === 'goToImplementation' ? own : adds(operation, location, false) && !(operation === 'incomingCalls' && own)
  if (!counts) return undefined
  if (through.kind === 'unchecked') return 'unchecked'
  return through.kind === 'failed' ? { location, reason: 'failed', message: through.message } : { location, reason: 'interface', message: null, declaration: through.declaration }
}

/** Whether `name` at `character` of `line` is a method of an interface type: first on its line, or after `interface{` or `;`, its parameters next. */
function isInterfaceMethod(line: string | undefined, character: number, name: string): boolean {
  if (line === undefined || !line.startsWith(name, character)) return false
  return /(^|\binterface\s*\{|;)\s*$/.test(line.slice(0, character)) && line.startsWith('(', character + name.length)
}

/** Whether the name at `character` of `line` is declared by `func (receiver) name(`: a method with a body. */
function isMethodDeclaration(line: string | undefined, character: number): boolean {
  return line !== undefined && /^func\s*\([^)]*\)\s*$/.test(line.slice(0, character))
}

/** The server's `goToImplementation` at `place`; a failure's `code: message`, or `out of time` past the deadline. */
async function implementationsAt(place: LspLocation, options: InterfaceOptions): Promise<readonly LspLocation[] | string> {
  const { lsp, workspaceRoot, signal, deadline, filePathOf } = options
  try {
    const answer = await lsp.query({ operation: 'goToImplementation', filePath: filePathOf(place.uri), position: place.range.start, workspaceRoot }, signal)
    return answer.locations
  } catch (error) {
    if (signal.aborted && !deadline.passed) throw new LspError('LSP_CANCELLED', 'the cross-check was cancelled', { cause: error })
    return deadline.passed ? 'out of time' : LspError.describe(error)
  }
}
