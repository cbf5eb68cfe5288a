import { isPythonSpecialName } from '@agent-lsp/keywords'
import { mergeCalls, type LspCallsResult, type LspLocation, type LspLocationsResult, type LspQueryResult, type LspService, type LspSymbol } from '@agent-lsp/lsp'
import { namedList, shownPath } from '@agent-lsp/wording'
import { URI } from 'vscode-uri'
import { familyOf } from './classify/call-site.js'
import { comparePositions } from './classify/classify.js'
import { classmethodConstructions, keepsClass } from './class-constructions.js'
import { withCompleteness } from './completeness.js'
import type { Texts } from './search/texts.js'

/** Subclasses followed below a class whose constructions run its `__init__`. */
const MAX_CLASSES = 20

/** A class statement and its bases: `class Sub(Box, Mixin):`, the name in group 1. */
const classStatement = /^\s*class\s+([\p{L}_][\p{L}\p{N}_]*)\s*\(/u

/** How Python's syntax calls a special method, as the partial messages say it. */
const THROUGH_SYNTAX = 'through its syntax (a call of the instance, an operator, with, for, len(…) and the like)'

/**
 * A Python `findReferences` answer on a special method (`name`, the cross-check's), `partial /
 * unresolved`: Python's syntax uses it where no reference names it (`a == b` runs `__eq__`,
 * `Point(1)` runs `__init__`), so an answer listing its declaration alone was said complete, and a
 * rename on it "Verified" while `==` went on comparing identities. Other answers are returned as they are.
 */
export function withSpecialReferences(result: LspLocationsResult, name: string | undefined, uri: string): LspLocationsResult {
  if (name === undefined || familyOf(uri) !== 'python' || !isPythonSpecialName(name)) return result
  const message =
    name === '__init__' || name === '__new__'
      ? `Python runs ${name} when its class is constructed, and no reference names it there: those constructions are not listed; findReferences on the class lists them`
      : `Python calls ${name} ${THROUGH_SYNTAX}, where no reference names it: those uses are not listed`
  return withCompleteness(result, { reason: 'unresolved', message })
}

/**
 * A Python `incomingCalls` answer on a special method, which Python's syntax calls where no call
 * names it (the thirteenth trial: "No callers" of `__init__`, `__call__`, `__enter__`, `__len__`,
 * `__add__`, each called in the file). `__init__` and `__new__` gain the callers of their class,
 * pyright's answer on the class (`Box(2)` runs them), and of its subclasses that define neither
 * (found by its references in `class Sub(Box):`, at most {@link MAX_CLASSES}); the others are
 * `partial / unresolved`: their calls (`b(5)`, `with`, `len(b)`, `b + c`) are not listed.
 */
export async function withSpecialCalls(lsp: LspService, result: LspCallsResult, texts: Texts, workspaceRoot: string, signal: AbortSignal | undefined): Promise<LspCallsResult> {
  const origin = result.origins[0]
  if (result.direction !== 'incoming' || origin === undefined || familyOf(origin.uri) !== 'python' || !isPythonSpecialName(origin.name)) return result
  if (origin.name !== '__init__' && origin.name !== '__new__') {
    return withCompleteness(result, { reason: 'unresolved', message: `Python calls ${origin.name} ${THROUGH_SYNTAX}, where no call names it: those calls are not listed` })
  }
  const fileOf = (uri: string): string => URI.parse(uri).fsPath
  // What could not be asked, and the joined answers' own partial messages, are said.
  const notes = new Set<string>()
  const asked = async <Answer extends LspQueryResult>(query: Promise<Answer>): Promise<Answer | undefined> => {
    try {
      const answer = await query
      if (answer.completeness.state === 'partial') notes.add(answer.completeness.message)
      return answer
    } catch (error) {
      if (signal?.aborted) throw error
      notes.add(`the constructions of ${origin.name}'s class could not all be asked: ${(error as Error).message}`)
      return undefined
    }
  }
  // A file's classes, asked once (several subclasses, or the class and one, may share it).
  const classesOf = new Map<string, Promise<LspSymbol[]>>()
  const symbols = (uri: string): Promise<LspSymbol[]> => {
    let known = classesOf.get(uri)
    if (known === undefined) {
      known = asked(lsp.query({ operation: 'documentSymbol', filePath: fileOf(uri), workspaceRoot }, signal)).then((answer) => (answer?.kind === 'symbols' ? everyClass(answer.symbols) : []))
      classesOf.set(uri, known)
    }
    return known
  }
  const owner = (await symbols(origin.uri)).find((symbol) => symbol.children.some((child) => comparePositions(child.selectionRange.start, origin.selectionRange.start) === 0))
  if (owner === undefined) return result
  const calls = [...result.calls]
  const classes = [{ uri: origin.uri, symbol: owner }]
  const seen = new Set([`${origin.uri}#${owner.selectionRange.start.line}`])
  const kept: LspLocation[] = []
  const answerNotes: string[] = []
  for (let index = 0; index < classes.length && index < MAX_CLASSES; index++) {
    const { uri, symbol } = classes[index]!
    const position = symbol.selectionRange.start
    const theirs = await asked(lsp.query({ operation: 'incomingCalls', filePath: fileOf(uri), position, workspaceRoot }, signal))
    calls.push(...(theirs?.kind === 'calls' ? theirs.calls : []), ...classmethodConstructions(symbol, uri, texts))
    // Its subclasses that define neither __init__ nor __new__: their constructions run it too.
    const references = await asked(lsp.query({ operation: 'findReferences', filePath: fileOf(uri), position, workspaceRoot }, signal))
    for (const reference of references?.kind === 'locations' ? references.locations : []) {
      const line = texts.lines(reference.uri)?.[reference.range.start.line] ?? ''
      if (keepsClass(line, reference.range.start.character, reference.range.end.character)) kept.push(reference)
      const statement = classStatement.exec(line)
      if (statement === null || reference.range.start.character < statement[0].length || seen.has(`${reference.uri}#${reference.range.start.line}`)) continue
      seen.add(`${reference.uri}#${reference.range.start.line}`)
      const subclass = (await symbols(reference.uri)).find((own) => own.selectionRange.start.line === reference.range.start.line)
      if (subclass !== undefined && !subclass.children.some((child) => child.name === '__init__' || child.name === '__new__')) classes.push({ uri: reference.uri, symbol: subclass })
    }
  }
  const merged = mergeCalls(calls)
  if (kept.length > 0) {
    const places = namedList(kept.map((place) => `${shownPath(workspaceRoot, URI.parse(place.uri).fsPath)}:${place.range.start.line + 1}:${place.range.start.character + 1}`), { shown: 5 })
    const uses = kept.length === 1 ? `1 place uses ${owner.name}` : `${kept.length} places use ${owner.name}`
    answerNotes.push(`${uses} as a value (${places}), where it may be constructed with no call naming it: those constructions are not listed`)
  }
  if (classes.length > MAX_CLASSES) notes.add(`the constructions of ${classes.length - MAX_CLASSES} more subclasses of ${owner.name} were not looked for`)
  const answer = answerNotes.reduce((partial, message) => withCompleteness(partial, { reason: 'unresolved', message }), { ...result, calls: merged })
  return [...notes].reduce((partial, message) => withCompleteness(partial, { reason: 'unchecked', message }), answer)
}

/** The classes of a document's symbols, nested ones too. */
function everyClass(list: readonly LspSymbol[]): LspSymbol[] {
  return list.flatMap((symbol) => [...(symbol.kind === 'Class' ? [symbol] : []), ...everyClass(symbol.children)])
}
