import { extname } from 'node:path'
import { boundedSignal, onAbort } from '@agent-lsp/abort'
import { isKeywordUse, languageOfExtension } from '@agent-lsp/keywords'
import type { ShellNamespace } from '@agent-lsp/lexical'
import type { LspCallsResult, LspCandidate, LspCrossCheck, LspCursorRequest, LspLocation, LspLocationsResult, LspService } from '@agent-lsp/lsp'
import { compareLocations } from '@agent-lsp/lsp'
import { classify, overlaps, unserved, type Verdict } from './classify/classify.js'
import { nearestFirst } from './classify/nearest-first.js'
import { settleDeclarations } from './classify/declarations.js'
import { settleGuesses } from './classify/guesses.js'
import { throughStandIns } from './classify/stand-ins.js'
import { declaredAt, missedBy } from './classify/call-site.js'
import { callsThroughAlias } from './classify/alias-calls.js'
import { listedValueUses, usedAsValue, withoutValueUses } from './classify/value-use.js'
import { originDecorators } from './classify/decorators.js'
import { namesInString } from './classify/string-name.js'
import { keyedStrings } from './classify/keyed-strings.js'
import { compiledDeclaration, packageNames } from './classify/compiled-declaration.js'
import { finish, unsearchedOf, withCompleteness } from './completeness.js'
import { nameOfPlaces, symbolName } from './name.js'
import type { SearchScope } from './scope.js'
import { isGenerated, lexicalAt, namesOtherShellSymbol, shellNamespaceOfCursor } from './classify/lexical-place.js'
import { inShellScope } from './classify/shell-scope.js'
import type { SearchResult } from './search/ripgrep.js'
import { searchWord } from './search/search.js'
import type { SearchAhead } from './search/ahead.js'
import { fileUri, lspPositionOf, requestFilePath, Texts, uriPath } from './search/texts.js'
import { symlinkSpellings } from './search/spellings.js'
import { listedPlaces, locationsAt } from './answer-places.js'
import { assemblyVerdict, isGoAssembly, linknameTarget } from './classify/go-assembly.js'
import { fixtureNamedAs, fixtureReach, inUsefixtures, isParameter } from './classify/pytest-fixture.js'
import { interfaceCandidate, unrelatedInterfaces } from './classify/go-interfaces.js'

/** The bounds of one cross-check. */
export interface CrossCheckLimits {
  /** Occurrences the search collects at most; past it the rest are `unchecked`. */
  readonly maxOccurrences: number
  /** Occurrences classified at most (one `goToDefinition` each); past it `unchecked`. */
  readonly maxClassified: number
  /** `goToDefinition` requests in flight at once. */
  readonly concurrency: number
  /** Milliseconds for the whole cross-check; what is not classified by then is `unchecked`. */
  readonly timeoutMs: number
}

/** Measured on django, rxjs and @tanstack/query-core (see the decision note and BENCHMARKS.md). */
export const defaultCrossCheckLimits: CrossCheckLimits = { maxOccurrences: 5_000, maxClassified: 200, concurrency: 8, timeoutMs: 10_000 }

/** The operations whose answer is cross-checked, and what a place that leads to the symbol is to each. */
export type CrossCheckedOperation = 'findReferences' | 'goToImplementation' | 'incomingCalls'

/**
 * Cross-check a reference-like answer (see `LspCrossCheck`): search the workspace for the
 * symbol's name, leave out what the answer lists and what sits in comments or strings, and ask
 * `lsp`'s `goToDefinition` at the rest. `findReferences` answers gain the places that lead to the
 * symbol in `locations`; candidates make the answer `partial` (`unresolved`), work cut by `limits`
 * `partial` (`unchecked`), and so do files the search left out that may name the symbol (`unsearched`:
 * over 4 MiB, binary, unreadable). Without a name at the cursor the answer is returned as it is; in a file
 * no lexical scanner reads (see `lexicalFamily`: CSS, HTML, YAML…) nothing is searched and the
 * answer is `partial` (`unchecked`), saying so. Only the files of `scope` are searched.
 * @param scope - the files searched and how each is lexed (`searchScope` of the provider that answered).
 * @param ahead - a search begun while the server answered (`searchAhead`): taken when it is of the word and root searched.
 * @throws LspError `LSP_CANCELLED` when `signal` aborts.
 */
export async function crossCheck<Result extends LspLocationsResult | LspCallsResult>(
  lsp: LspService,
  request: LspCursorRequest & { readonly operation: CrossCheckedOperation },
  result: Result,
  scope: SearchScope,
  limits: CrossCheckLimits,
  signal: AbortSignal | undefined,
  ahead?: SearchAhead,
): Promise<Result> {
  const root = result.resolvedWorkspaceRoot
  const texts = new Texts()
  const filePath = requestFilePath(request)
  const extension = extname(filePath).toLowerCase()
  if (scope.familyOf(filePath) === undefined) {
    const files = extension === '' ? 'files without an extension' : `${extension} files`
    return withCompleteness(result, { reason: 'unchecked', message: `the cross-check cannot tell comments and strings from code in ${files}, so it did not search for other places naming this symbol` })
  }
  const searched = scope.endings
  const cursor = { uri: fileUri(filePath), position: request.position }
  const bounded = boundedSignal(limits.timeoutMs, signal)
  try {
    const listed = listedPlaces(result)
    const cursorPlace = { uri: cursor.uri, range: { start: cursor.position, end: cursor.position } }
    const atCursor = listed.filter((place) => overlaps(place, cursorPlace))
    // The definitions are asked only when needed: for the name when the answer has no place at the
    // cursor, and to classify occurrences the answer does not list. On a cold server that question
    // waited for its analysis of the open files (300 ms of pyright's first answer, 5 s under load)
    // even when every occurrence was listed.
    let definitions: readonly LspLocation[] | undefined
    const definitionsOnce = async (): Promise<readonly LspLocation[] | 'out of time'> => {
      definitions ??= await locationsAt('goToDefinition', lsp, request, bounded.signal, signal)
      return bounded.deadline.passed ? 'out of time' : definitions
    }
    const outOfTime = withCompleteness(result, { reason: 'unchecked', message: `the cross-check ran out of its ${limits.timeoutMs / 1000} s before it could ask where the symbol is defined` })
    let name = nameOfPlaces(atCursor, (uri) => texts.lines(uri), languageOfExtension(extension))
    if (name === undefined) {
      const found = await definitionsOnce()
      if (found === 'out of time') return outOfTime
      name = symbolName([...atCursor, ...found], cursor, (uri) => texts.lines(uri), languageOfExtension(extension))
    }
    if (name === undefined) return result
    let search: SearchResult
    const release = ahead ? onAbort(bounded.signal, () => ahead.cancel()) : () => {}
    try {
      const early = await ahead?.resultFor({ name, root, endings: searched, limit: limits.maxOccurrences })
      search = early ?? (await searchWord(name, root, searched, limits.maxOccurrences, bounded.signal))
    } catch (error) {
      if (signal?.aborted) throw error
      return withCompleteness(result, { reason: 'unchecked', message: `the cross-check could not search for ${name}: ${(error as Error).message}` })
    } finally {
      release()
    }
    for (const [path, text] of search.texts ?? []) texts.seed(fileUri(path), text)
    const counts = { occurrences: search.occurrences.length, listed: 0, added: 0, elsewhere: 0, candidates: 0, commentsOrStrings: 0, generated: 0, keywords: 0, unchecked: 0 }
    let toAsk: LspLocation[] = []
    const assembly: LspLocation[] = [] // Go assembly's: no server reads it, classified without asking
    const files = new Set<string>()
    const inStrings: LspLocation[] = []
    const isListed = (place: LspLocation): boolean => overlaps(cursorPlace, place) || listed.some((own) => overlaps(own, place))
    let spellings: Map<string, string> | undefined // looked up only for a place not listed as found
    let cursorOccurrence: LspLocation | undefined // when the answer lists nothing
    let namespace: ShellNamespace | undefined // of the name at the cursor, read for a shell occurrence the answer does not list
    const askGenerated = isGenerated(texts, cursor.uri) // generated files copy a source asked apart, unless the symbol asked is in one (a dist/)
    for (const occurrence of search.occurrences) {
      files.add(occurrence.path)
      const found = fileUri(occurrence.path)
      const { line, character } = lspPositionOf(texts.get(found), occurrence.line, occurrence.character)
      const range = { start: { line, character }, end: { line, character: character + name.length } }
      let uri = found
      if (listed.length === 0 && overlaps(cursorPlace, { uri, range })) cursorOccurrence = { uri, range }
      let listedHere = isListed({ uri, range })
      if (!listedHere) {
        // The answer may name the file through a symlinked folder (see `symlinkSpellings`).
        uri = (spellings ??= symlinkSpellings([cursorPlace, ...listed].map((own) => own.uri))).get(found) ?? found
        listedHere = uri !== found && isListed({ uri, range })
      }
      const place = { uri, range }
      // A file's comments and strings are scanned only for a place the answer does not list.
      const lexed = listedHere ? 'listed' : lexicalAt(texts, uri, scope.familyOf(occurrence.path), line, character)
      const lexical = lexed === 'code' && scope.isSettings(occurrence.path) ? 'string' : lexed
      if (lexical === 'listed') counts.listed++
      // A `//go:linkname local path.name` directive binds the symbol as Go assembly's `path·name` does: classified as that.
      else if (lexical === 'comment' && isLinkname(texts.lines(uri)?.[line] ?? '', character, character + name.length)) assembly.push(place)
      else if (lexical !== 'code') {
        counts.commentsOrStrings++
        if (lexical === 'string' && namesInString(texts.lines(uri)?.[line] ?? '', character, character + name.length)) inStrings.push(place)
      } else if (isKeywordUse(texts.lines(uri)?.[line] ?? '', character, character + name.length, languageOfExtension(extname(occurrence.path).toLowerCase()))) counts.keywords++
      // In a shell script, part of a longer function name (`my-func` of `my-func-extra`), or of bash's other namespace: another symbol.
      else if (scope.familyOf(occurrence.path) === 'shell' && namesOtherShellSymbol(texts.lines(uri)?.[line] ?? '', character, name, (namespace ??= shellNamespaceOfCursor(texts, cursor)))) counts.elsewhere++
      else if (!askGenerated && isGenerated(texts, uri)) counts.generated++
      else (isGoAssembly(occurrence.path) ? assembly : toAsk).push(place)
    }
    // A shell variable's places in other functions' `local` scopes are other variables.
    const scoped = namespace === 'variable' ? await inShellScope(toAsk, cursorPlace, name, texts, lsp, request.workspaceRoot, bounded.signal) : toAsk
    ;[counts.elsewhere, toAsk] = [counts.elsewhere + toAsk.length - scoped.length, scoped]
    const found = toAsk.length === 0 && assembly.length === 0 ? [] : await definitionsOnce()
    if (found === 'out of time') return outOfTime
    // This symbol is where the cursor and its definitions are, not every listed reference: a
    // reference can also declare another symbol (`const { code } = p` binds a local `code`), and
    // a place leading to that one is not a reference of this. Its other declarations (overload
    // signatures, where a call may lead) are settled after the places are classified.
    const symbol = [cursorPlace, ...found]
    // A pytest fixture's parameters and usefixtures strings where pytest looks for it: bound to it by name.
    const reach = request.operation === 'findReferences' ? fixtureReach(found.length > 0 ? found : [cursorPlace], texts, uriPath) : undefined
    const bound = (place: LspLocation): boolean => reach?.(uriPath(place.uri)) === true
    // A definition the answer leaves out is a place the server missed (clangd, with a header it
    // cannot parse alone open, leaves out the prototype there): a declaration of the symbol.
    const declared = toAsk.filter((place) => found.some((definition) => overlaps(definition, place)))
    toAsk = toAsk.filter((place) => !declared.includes(place))
    // An implementations or callers answer lists few of the places that name the symbol; the server's references list most of the
    // rest in one request, where a goToDefinition each took 2 s warm (141 for rxjs's SchedulerLike). A place it lists leads to the
    // symbol: `here`. Asked for a place in a file no server reads too (an included `.def` table): only the references tell it.
    const referenced = request.operation !== 'findReferences' && (toAsk.length > limits.concurrency || toAsk.some((place) => unserved(lsp, uriPath(place.uri)))) ? await locationsAt('findReferences', lsp, request, bounded.signal, signal) : []
    const referencedHere = toAsk.filter((place) => referenced.some((reference) => overlaps(reference, place)))
    toAsk = toAsk.filter((place) => !referencedHere.includes(place))
    const known = [...declared, ...referencedHere, ...assembly]
    const asked = [...known, ...nearestFirst(toAsk, uriPath(found[0]?.uri ?? cursor.uri), uriPath).slice(0, limits.maxClassified)]
    const verdicts: Verdict[] = [...declared.map((): Verdict => ({ kind: 'here', declaration: true })), ...referencedHere.map((): Verdict => ({ kind: 'here' }))]
    verdicts.push(...assembly.map((place) => assemblyVerdict(place, name, found.length > 0 ? found : [cursorPlace], (uri) => texts.lines(uri), uriPath)))
    const common = { lsp, workspaceRoot: request.workspaceRoot, symbol, deadline: bounded.deadline, signal: bounded.signal, name, lines: (uri: string) => texts.lines(uri), filePathOf: uriPath, concurrency: limits.concurrency }
    verdicts.push(...(await classify(asked.slice(known.length), uriPath, common)))
    const ownDeclarations = await settleDeclarations(asked, verdicts, common) // then the places the server guessed (clangd's inactive code); the known ones it resolved
    const declarations = [...ownDeclarations.slice(0, known.length), ...(await settleGuesses(asked.slice(known.length), ownDeclarations.slice(known.length), common))]
    const settled = listed.length === 0 && found.length === 0 ? throughStandIns(asked, declarations) : declarations
    const added: LspLocation[] = []
    const candidates: LspCandidate[] = []
    const adds = missedBy(texts)
    const unsettled: string[] = []
    // The server's own call sites that call nothing (clangd's `.fn = work`, gopls' `{"w": work}`) and the decorators given it: value uses too.
    // A property's reads are its calls: none is a use as a value.
    const decorated = result.kind === 'calls' ? originDecorators(result, texts) : { keeping: [], property: false }
    const { property } = decorated
    const valueUses: LspLocation[] = result.kind === 'calls' ? [...(property ? [] : listedValueUses(result, texts)), ...decorated.keeping] : []
    const packageOf = packageNames()
    // An ambient declaration's implementation is its counterpart's declaration (`lib.d.ts` → `lib.js`), which the server keeps apart.
    const implementedIn = (declaration: { readonly place: LspLocation; readonly reason: string }, location: LspLocation): boolean =>
      request.operation === 'goToImplementation' && declaration.reason === 'counterpart' && overlaps(declaration.place, location)
    // A Go method an interface binds by shape, which the server does not relate to it (an anonymous interface's).
    const interfaces = extension === '.go' ? await unrelatedInterfaces(asked, settled, common) : []
    // Asked at a string TypeScript checks against keys holding the name: the declarations of the name are what it may be the key of (v27 repro 05).
    const cursorName = { uri: cursor.uri, range: atCursor[0]?.range ?? cursorPlace.range }
    const keyedCursor = request.operation === 'findReferences' && lexicalAt(texts, cursor.uri, scope.familyOf(filePath), cursorName.range.start.line, cursorName.range.start.character) === 'string' && (await keyedStrings(lsp, request.workspaceRoot, name, [cursorName], signal)).length > 0
    settled.forEach((verdict, index) => {
      const location = asked[index]!
      const through = interfaceCandidate(interfaces[index], request.operation, location, adds)
      const declaration = verdict.kind === 'elsewhere' ? compiledDeclaration(location, verdict.targets, found.length > 0 ? found : [cursorPlace], name, (uri) => texts.lines(uri), packageOf, uriPath) : undefined
      if (through === 'unchecked') counts.unchecked++
      else if (through !== undefined) (candidates.push(through), counts.candidates++)
      else if (verdict.kind === 'here' && adds(request.operation, location, verdict.declaration === true)) {
        added.push(location)
        counts.added++
      } else if (declaration !== undefined && (adds(request.operation, location, false) || implementedIn(declaration, location))) {
        candidates.push({ location, reason: declaration.reason, message: null, declaration: declaration.place })
        counts.candidates++
      } else if (verdict.kind === 'elsewhere' && bound(location) && isParameter(location, texts)) {
        candidates.push({ location, reason: 'fixture', message: null })
        counts.candidates++
      } else if (keyedCursor && verdict.kind === 'elsewhere' && verdict.targets.some((target) => overlaps(target, location))) {
        candidates.push({ location, reason: 'keyed', message: null })
        counts.candidates++
      } else if (verdict.kind === 'here' || verdict.kind === 'elsewhere') {
        counts.elsewhere++
        // Imported under another name: that name's calls in the file are calls of the symbol.
        if (request.operation === 'incomingCalls' && verdict.kind === 'here') {
          for (const call of callsThroughAlias(texts, location)) if (!isListed(call) && !added.some((place) => overlaps(place, call))) (added.push(call), counts.added++)
        }
        if (request.operation === 'incomingCalls' && !property && verdict.kind === 'here' && verdict.declaration !== true && usedAsValue(texts, location) && !declaredAt(texts, location)) valueUses.push(location)
      }
      else if (verdict.kind === 'unchecked') {
        counts.unchecked++
        if (verdict.partial) unsettled.push(location.uri)
      }
      else {
        candidates.push({ location, reason: verdict.kind, message: verdict.kind === 'failed' ? verdict.message : null })
        counts.candidates++
      }
    })
    // Found through stand-ins, the symbol is at the cursor too, where the server listed nothing either.
    if (settled !== declarations && added.length > 0 && cursorOccurrence && adds(request.operation, cursorOccurrence, true)) {
      added.push(cursorOccurrence)
      counts.listed--
      counts.added++
    }
    added.sort(compareLocations)
    const usefixtures = inStrings.filter((place) => bound(place) && inUsefixtures(place, texts))
    for (const location of usefixtures) candidates.push({ location, reason: 'fixture', message: null })
    ;[counts.candidates, counts.commentsOrStrings] = [counts.candidates + usefixtures.length, counts.commentsOrStrings - usefixtures.length]
    // A property's strings TypeScript checks against keys holding its name: uses tsserver does not list.
    const keyed = request.operation === 'findReferences' ? await keyedStrings(lsp, request.workspaceRoot, name, inStrings.filter((place) => !usefixtures.includes(place)), signal) : []
    for (const location of keyed) candidates.push({ location, reason: 'keyed', message: null })
    ;[counts.candidates, counts.commentsOrStrings] = [counts.candidates + keyed.length, counts.commentsOrStrings - keyed.length]
    const named = inStrings.filter((place) => !usefixtures.includes(place) && !keyed.includes(place))
    counts.unchecked += toAsk.length + known.length - asked.length
    candidates.sort((a, b) => compareLocations(a.location, b.location)) // asked nearest first; listed in path order
    const check: LspCrossCheck = {
      name,
      files: files.size,
      added,
      candidates,
      counts,
      truncated: search.truncated,
      unsearched: unsearchedOf(search.unsearched),
      inStrings: { count: named.length, locations: named.sort(compareLocations).slice(0, MAX_IN_STRINGS) },
      ...(request.operation === 'incomingCalls' ? { valueUses: { count: valueUses.length, locations: valueUses.sort(compareLocations).slice(0, MAX_IN_STRINGS) } } : {}),
    }
    const answer = finish(withoutValueUses(result, valueUses), check, unsettled)
    const namedAs = request.operation === 'findReferences' ? fixtureNamedAs(found.length > 0 ? found : [cursorPlace], texts) : undefined
    if (namedAs === undefined) return answer
    // Tests take it by that name (`def test_x(client):`), which this search for its own did not look for.
    return withCompleteness(answer, { reason: 'unresolved', message: `pytest passes the fixture ${name} by its name=${namedAs}: the parameters and usefixtures strings naming it so are not listed` })
  } finally {
    bounded.release()
  }
}

/** Whether `[start, end)` of a Go file's `line` is a `//go:linkname` directive's target (see `linknameTarget`). */
const isLinkname = (line: string, start: number, end: number): boolean => line.includes('//go:linkname') && linknameTarget(line, start, end) !== undefined

/** The occurrences in strings listed in `LspCrossCheck.inStrings`; the rest are counted. */
const MAX_IN_STRINGS = 20
