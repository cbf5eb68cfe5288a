import path from 'node:path'
import { untilAborted } from '@agent-lsp/abort'
import type { LspCandidate, LspCompleteness, LspInStrings, LspLocation, LspPosition, LspWorkspaceEdit } from '@agent-lsp/lsp'
import { URI } from 'vscode-uri'
import { isPythonSpecialName, languageOfExtension } from '@agent-lsp/keywords'
import type { Cursor } from '../input/cursor.js'
import { createLineReader } from '../input/file-lines.js'
import { candidateGroups } from '../render/candidate-groups.js'
import { renderRow } from '../render/location-row.js'
import { toLocationTargets } from '../render/location-targets.js'
import { stringPlaces } from '../render/strings-line.js'
import { oneLine } from '../text/one-line.js'
import { wordRegExp } from '../text/word.js'
import { pathStrings, type PathString } from './string-paths.js'
import type { EditFlowContext } from './edit-context.js'
import type { RenamedSite } from './edit-plan.js'

/** Rows listed in a rename's answer per kind of problem; the rest are counted. */
const MAX_ROWS = 10

/**
 * What the old name's references say about a rename before it is written: `findReferences` at the
 * cursor (cross-checked when `ctx.lsp` is), the references the edit leaves as they are, and the
 * places the server could not resolve (which the rename does not touch).
 */
export interface RenameCheck {
  /** The old name's references (the declaration and the cross-check's added places included); `undefined` when the query failed. */
  readonly references: readonly LspLocation[] | undefined
  /** Why `findReferences` failed, one line. */
  readonly failure: string | undefined
  /** References the server missed (found by the cross-check) that no text edit of the rename changes. */
  readonly missed: readonly LspLocation[]
  /** The references the server did not list, the cross-check's (`LspCrossCheck.added`); none without one. */
  readonly added: readonly LspLocation[]
  /** Places naming the old name that the server could not resolve (none without a cross-check). */
  readonly candidates: readonly LspCandidate[]
  /** Whether the references were cross-checked (the service is wrapped by a cross-check layer). */
  readonly crossChecked: boolean
  /**
   * The references' completeness when it is partial for more than the candidates listed (the
   * cross-check cut at its bound, a server still loading): the rename may miss what it did not see.
   */
  readonly incomplete: PartialCompleteness | undefined
  /** Whether `incomplete` is the cross-check's cut (`unchecked`): asked again on warm servers, it may finish. */
  readonly cut: boolean
  /** Files the cross-check's search left out that may name the old name (see `LspCrossCheck.unsearched`): said in `incomplete`. */
  readonly unsearched: number
  /**
   * Whether the server's own answer left places out (`unchecked` though the cross-check was not cut:
   * another package of the workspace above, another module's server, not searched): said in
   * `incomplete`; no retry finds them.
   */
  readonly notSearched: boolean
  /**
   * The strings naming the old name that no text edit of the rename changes (see
   * `LspCrossCheck.inStrings`; of those past its bound none is known to be changed): not references,
   * so they refuse nothing, but code may use the symbol by that name. `count` 0 when none.
   */
  readonly inStrings: LspInStrings
  /** Those of `inStrings` that spell the path of a module where the old name is and the name (see `pathStrings`): code binds the symbol by them, so they refuse `apply`. */
  readonly pathStrings: readonly PathString[]
  /** Whether the old name is a Python special method's (`__eq__`), which Python's syntax uses where no reference names it: renamed, `a == b` stops running it. */
  readonly specialMethod: boolean
}

const noStrings: LspInStrings = { count: 0, locations: [] }

type PartialCompleteness = Extract<LspCompleteness, { state: 'partial' }>

/**
 * Ask `findReferences` at the rename's cursor and hold the answer against `edit`.
 * @throws whatever the query throws once the call is aborted; other failures are recorded.
 */
export async function checkRename(context: EditFlowContext, cursor: Cursor, edit: LspWorkspaceEdit): Promise<RenameCheck> {
  try {
    const request = { operation: 'findReferences', filePath: cursor.absolutePath, position: cursor.position, workspaceRoot: context.workspaceRoot } as const
    const result = await untilAborted(context.ctx.lsp.query(request, context.signal), context.signal)
    // A reference the edit leaves that spells the old name is missed, the server's own too
    // (bash-language-server lists `log` in a script sourcing its library through "$LIB" and renames
    // none of it); one spelled otherwise is an alias's use (`import { foo as bar }`'s `bar`), and
    // where the edit keeps the old name as a local alias (`{ greet }` → `{ salute: greet }`) the
    // uses of that alias resolve to the symbol too and stay right. In C and C++ a reference spelled
    // otherwise is a macro's expansion (clangd lists `TYPE_OF(&n)` for `->type` in its body): the
    // body keeps the old name, so it is missed too.
    const oldName = result.crossCheck?.name ?? cursor.word
    const unchanged = result.locations.filter((location) => !changedBy(edit, location) && !(oldName !== undefined && keepsName(edit, location.uri, oldName)))
    const readLines = createLineReader(context.workspaceRoot)
    const spelled = await Promise.all(
      unchanged.map(async (location) => {
        const file = URI.parse(location.uri).fsPath
        return (oldName !== undefined && spells(await readLines(file), location, oldName)) || withMacros(file)
      }),
    )
    const missed = unchanged.filter((_, index) => spelled[index])
    const check = result.crossCheck
    const cut = check === undefined ? result.completeness.state === 'partial' && result.completeness.reason === 'unchecked' : check.counts.unchecked > 0 || check.truncated
    // Candidates alone make an answer partial (`unresolved`), and they are listed as they are.
    const listedOnly = result.completeness.state === 'partial' && result.completeness.reason === 'unresolved' && (check?.candidates.length ?? 0) > 0 && !cut
    const incomplete = result.completeness.state === 'partial' && !listedOnly ? result.completeness : undefined
    const unsearched = incomplete === undefined ? 0 : (check?.unsearched.count ?? 0)
    const notSearched = check !== undefined && incomplete?.reason === 'unchecked' && !cut && check.unsearched.count === 0
    const strings = check?.inStrings ?? noStrings
    const left = strings.locations.filter((location) => !changedBy(edit, location))
    const inStrings = { count: strings.count - (strings.locations.length - left.length), locations: left }
    const paths = oldName === undefined ? [] : await pathStrings(left, result.locations, oldName, context.workspaceRoot, readLines)
    const specialMethod = oldName !== undefined && languageOfExtension(path.extname(cursor.absolutePath).toLowerCase()) === 'python' && isPythonSpecialName(oldName)
    return { references: result.locations, failure: undefined, missed, added: check?.added ?? [], candidates: check?.candidates ?? [], crossChecked: check !== undefined, incomplete, cut: incomplete !== undefined && cut, unsearched, notSearched, inStrings, pathStrings: paths, specialMethod }
  } catch (error) {
    if (context.signal.aborted) throw error
    return { references: undefined, failure: oneLine(error instanceof Error ? error.message : String(error)), missed: [], added: [], candidates: [], crossChecked: false, incomplete: undefined, cut: false, unsearched: 0, notSearched: false, inStrings: noStrings, pathStrings: [], specialMethod: false }
  }
}

/** Whether {@link refusal} names the references' incompleteness: a file or package left out of the search may hold uses of the old name the rename leaves as they are. */
export function refusesIncomplete(check: RenameCheck): boolean {
  return check.cut || check.unsearched > 0 || check.notSearched
}

/** `The references of total may be incomplete (reason): message.` when they are, else nothing. */
export function incompleteLines(check: RenameCheck, oldName: string): string[] {
  return check.incomplete === undefined ? [] : [`The references of ${oldName} may be incomplete (${check.incomplete.reason}): ${oneLine(check.incomplete.message)}.`]
}

/** Whether some text edit of `edit` covers the start of `location` (zero-based UTF-16, the edit's end excluded). */
export function changedBy(edit: LspWorkspaceEdit, location: LspLocation): boolean {
  return edit.changes.some((change) => change.kind === 'edit' && change.uri === location.uri && change.edits.some((text) => covers(text.range, location.range.start)))
}

/** Whether `file` is C or C++, where a reference not spelling the name is a macro's expansion (see `languageOfExtension`). */
function withMacros(file: string): boolean {
  const language = languageOfExtension(path.extname(file).toLowerCase())
  return language === 'c' || language === 'cpp'
}

/** Whether `location` (one line) is `name` in `lines`. */
function spells(lines: readonly string[] | undefined, location: LspLocation, name: string): boolean {
  const { start, end } = location.range
  return start.line === end.line && lines?.[start.line]?.slice(start.character, end.character) === name
}

/** Whether a text edit of `edit` in `uri` writes `name` as a whole word (an alias it keeps). */
function keepsName(edit: LspWorkspaceEdit, uri: string, name: string): boolean {
  const word = wordRegExp(name)
  return edit.changes.some((change) => change.kind === 'edit' && change.uri === uri && change.edits.some((text) => word.test(text.newText)))
}

function covers(range: { readonly start: LspPosition; readonly end: LspPosition }, at: LspPosition): boolean {
  const before = (a: LspPosition, b: LspPosition): boolean => a.line < b.line || (a.line === b.line && a.character < b.character)
  return !before(at, range.start) && (before(at, range.end) || (range.start.line === at.line && range.start.character === at.character))
}

/**
 * Why `apply` must not write the rename (missed references, unresolved places, the cross-check cut
 * or files it did not search, a Python special method), or `undefined`.
 * @param force - how the answer names the field that writes anyway: `force: true`, `--force`.
 * @param roots - the answer's and the requested workspace root, to name declaration files as rows are.
 */
export function refusal(check: RenameCheck, oldName: string, force: string, roots: readonly [string, string]): string | undefined {
  const reasons: string[] = []
  if (refusesIncomplete(check)) reasons.push(`its references may be incomplete (${oneLine(check.incomplete!.message)})`)
  if (check.missed.length > 0) reasons.push(`it leaves ${check.missed.length} ${check.missed.length === 1 ? 'reference' : 'references'} of ${oldName} as ${check.missed.length === 1 ? 'it is' : 'they are'}`)
  for (const group of candidateGroups(check.candidates, roots)) {
    const count = group.locations.length
    reasons.push(`${count} ${count === 1 ? 'place names' : 'places name'} ${oldName} ${group.why} (${count === 1 ? 'it' : 'they'} may be this symbol)`)
  }
  const paths = check.pathStrings
  if (paths.length > 0) {
    const spelled = [...new Set(paths.map((path) => path.spelled))]
    reasons.push(`${paths.length} ${paths.length === 1 ? 'string names' : 'strings name'} ${oldName} by its module's path (${spelled.slice(0, 3).join(', ')}${spelled.length > 3 ? ', …' : ''}), which code looks up at run time`)
  }
  if (reasons.length === 0 && !check.specialMethod) return undefined
  const then = reasons.length === 1 && check.cut && check.unsearched === 0 ? 'Preview it again once the servers are warm' : 'Rename those by hand'
  // No place to rename by hand: the uses are Python's syntax (`a == b`), which calls the method by its name.
  const special = `Python calls ${oldName} through its syntax where no reference names it (a == b, len(x), a construction): renamed, those uses stop running it`
  if (reasons.length === 0) return `${special}; nothing was written. Apply with ${force} to write it anyway`
  return `${[...reasons, ...(check.specialMethod ? [special] : [])].join(', and ')}; nothing was written. ${then}, or apply with ${force} to write it anyway`
}

/**
 * The lines a rename's preview or apply adds: references the edit misses, places that may be the
 * symbol, each with its rows (`path:line:col  code`), and a note when the references were not
 * cross-checked; last, `Not verified: 2 strings still name total (not renamed; …): src/a.ts:3:17, …` for strings the
 * edit leaves (see `RenameCheck.inStrings`). Nothing when the rename covers everything known.
 */
export async function renameCheckLines(check: RenameCheck, oldName: string, roots: readonly [string, string]): Promise<string[]> {
  const readLines = createLineReader(roots[1])
  const rows = async (places: readonly LspLocation[]): Promise<string[]> => {
    const targets = toLocationTargets(places, roots)
    const shown = await Promise.all(targets.slice(0, MAX_ROWS).map((target) => renderRow(target, readLines)))
    return targets.length > MAX_ROWS ? [...shown, `… ${targets.length - MAX_ROWS} more`] : shown
  }
  const lines: string[] = []
  if (check.failure !== undefined) lines.push(`The references of ${oldName} could not be checked: ${check.failure}.`)
  lines.push(...incompleteLines(check, oldName))
  if (check.missed.length > 0) {
    lines.push(`The rename misses ${check.missed.length} ${check.missed.length === 1 ? 'reference' : 'references'} of ${oldName}:`, ...(await rows(check.missed)))
  }
  for (const group of candidateGroups(check.candidates, roots)) {
    const count = group.locations.length
    lines.push(`${count} ${count === 1 ? 'place names' : 'places name'} ${oldName} ${group.why} (may be this symbol; not renamed):`, ...(await rows(group.locations)))
  }
  // Last, after any `Verified:`: code may use the symbol by the name these strings keep.
  const strings = check.inStrings
  if (strings.count > 0) lines.push(`Not verified: ${strings.count} ${strings.count === 1 ? 'string still names' : 'strings still name'} ${oldName} (not renamed; code may use it by that name): ${await stringPlaces(strings, roots, readLines)}`)
  return lines
}

/**
 * Where the old references are after the edit: each mapped to the new name's site whose edit
 * replaced it. References no edit replaced are left out (they are `missed`).
 */
export function mappedReferences(check: RenameCheck, sites: readonly RenamedSite[]): { path: string; position: LspPosition }[] {
  return (check.references ?? []).flatMap((reference) => {
    const path = URI.parse(reference.uri).fsPath
    const site = sites.find((candidate) => candidate.path === path && covers(candidate.replaced, reference.range.start))
    return site === undefined ? [] : [{ path: site.path, position: site.position }]
  })
}
