import type { LspLocation, LspLocationsResult, LspOperation, lspResultKinds } from '@agent-lsp/lsp'
import type { Cursor } from '../input/cursor.js'
import { isUnder, toLocationTarget, toLocationTargets, type DisplayRoot, type LocationTarget } from './location-targets.js'
import { withRepositoryFiles } from './render-repositories.js'
import { pageOf, showing, type Page } from './paging.js'
import type { RenderContext } from './render-context.js'
import { nameInAnswer } from './answer-name.js'
import { ADDED_MARK, addedKeys, crossCheckLines, targetKey } from './render-cross-check.js'
import { linesOfTargets } from './location-row.js'
import { byFile, groupedLines } from './location-groups.js'
import { fieldWord } from '../input/field-word.js'

/** The operations whose answer is a list of locations. */
type LocationOperation = { [Op in LspOperation]: (typeof lspResultKinds)[Op] extends 'locations' ? Op : never }[LspOperation]

interface Wording {
  readonly one: string
  readonly many: string
  /** `5 references to x`, `1 definition of x`. */
  readonly link: string
  /** `No definition found`, `No references found`. */
  readonly none: string
}

// Total over the location operations: a new one does not compile until it has its words.
const wordings: Record<LocationOperation, Wording> = {
  goToDefinition: { one: 'definition', many: 'definitions', link: 'of', none: 'definition' },
  goToTypeDefinition: { one: 'type definition', many: 'type definitions', link: 'of', none: 'type definition' },
  findReferences: { one: 'reference', many: 'references', link: 'to', none: 'references' },
  goToImplementation: { one: 'implementation', many: 'implementations', link: 'of', none: 'implementations' },
}

/** Files listed by name after a cut answer; the rest are counted. */
export const MAX_LISTED_FILES = 20

/**
 * Render a locations answer: a header with the count and the symbol's name (from the answer, see
 * `nameInAnswer`, else the word at the cursor), then the places grouped by file in display order
 * (see `toLocationTargets`, `groupedLines`): `path:line:col  code` for a file with one place,
 * else the path and `line:col  code` lines (1-based, code points; a long line cut around the
 * match; places on lines that read the same share one), `external  /abs/path:line` outside the
 * workspace. The one definition (or type definition) of a name is one line,
 * `name → path:line:col  code`. Only the files of shown rows and of the naming location are read.
 *
 * With `fileFilter`, only rows under it are counted and shown; the header keeps the whole total.
 *
 * An answer over `maxResults` rows comes in pages, and says so: the header states the total, the
 * files and which rows are shown (`1561 references to X in 61 files; showing 1-100 (page 1 of
 * 16)`); after the rows, `More in:` lists the files of the rows on later pages with their counts
 * (the first {@link MAX_LISTED_FILES}, then how many more files and rows), and a last line says
 * how to narrow or go on. For `findReferences` the declaration is pinned first, on page 1: the
 * first of `context.declarations()` that is one of the rows (a resolved symbol's own position, or
 * where `goToDefinition` at the cursor points, then the cursor itself); the other rows keep
 * display order.
 */
export async function renderLocations(result: LspLocationsResult, cursor: Cursor, context: RenderContext): Promise<string> {
  const wording = wordingOf(context.operation)
  const { word, label } = cursor
  const roots = [result.resolvedWorkspaceRoot, context.workspaceRoot, ...(result.repositories ?? [])]
  const readLines = withRepositoryFiles(context.readLines, result)
  const all = toLocationTargets(result.locations, roots)
  const checked = await crossCheckLines(result.crossCheck, context, roots, undefined)
  if (all.length === 0) return [`No ${wording.none} found${word ? ` for ${word}` : ''} at ${label}.`, ...checked].join('\n')

  // Implementations have names of their own (`class Query extends Removable`): they are of the
  // symbol asked about. Other answers name the symbol better than a cursor on a keyword does.
  // The row at the cursor first: the other rows may be many uses of an alias (`_` of `gettext_lazy as _`).
  const atCursor = all.filter((target) => target.kind === 'workspace' && target.absolutePath === cursor.absolutePath && target.line === cursor.position.line && target.character <= cursor.position.character && cursor.position.character <= target.end.character)
  const name = context.operation === 'goToImplementation' && word !== undefined ? word : ((await nameInAnswer([...atCursor, ...all], readLines, word)) ?? word)
  const { fileFilter } = context
  const targets = fileFilter === undefined ? all : all.filter((target) => isUnder(target, fileFilter))
  const about = name ? ` ${wording.link} ${name}` : ''
  const allFiles = fileCount(all)
  const inAll = `${all.length} in ${allFiles} ${allFiles === 1 ? 'file' : 'files'} in all`
  if (targets.length === 0) {
    return [`No ${wording.many}${about} under ${fileFilter} (${inAll}; leave out ${fieldWord('fileFilter', context.writeFlags)} to see them).`, ...checked].join('\n')
  }

  const count = targets.length
  const files = fileCount(targets)
  const page = pageOf(count, context.maxResults, context.page)
  const cut = count > context.maxResults
  const ordered = cut && context.operation === 'findReferences' ? byFile(pinFirst(targets, await context.declarations(), roots)) : targets
  const added = addedKeys(result.crossCheck, roots)
  const shown = ordered.slice(page.start, page.end)
  const rows = groupedLines(shown, await linesOfTargets(shown, readLines), (target) => (added.size > 0 && added.has(targetKey(target)) ? ADDED_MARK : ''))
  // The one definition of a name: `fetch → src/query.ts:345:3  fetch(`, no count line.
  if (count === 1 && name && wording.link === 'of' && context.operation !== 'goToImplementation' && fileFilter === undefined && rows.length === 1) {
    return [`${name} → ${rows[0]}`, ...checked].join('\n')
  }
  const header =
    `${count} ${count === 1 ? wording.one : wording.many}${about}` +
    (files > 1 ? ` in ${files} files` : '') +
    (fileFilter === undefined ? '' : ` under ${fileFilter} (${inAll})`) +
    showing(page)
  return [header, ...rows, ...continuation(ordered, page, wording, context.writeFlags), ...checked].join('\n')
}

function wordingOf(operation: LspOperation): Wording {
  if (!Object.hasOwn(wordings, operation)) {
    // The seam maps each operation to one kind, so this means the seam and tool disagree.
    throw new Error(`${operation} answered with locations, which the tool does not expect`)
  }
  return wordings[operation as LocationOperation]
}

const fileKey = (target: LocationTarget): string => `${target.kind}:${target.file}`

/** Files among `targets`, which are in display order (a file's rows together). */
function fileCount(targets: readonly LocationTarget[]): number {
  let count = 0
  for (let i = 0; i < targets.length; i++) {
    const target = targets[i]!
    const previous = targets[i - 1]
    if (previous === undefined || previous.kind !== target.kind || previous.file !== target.file) count++
  }
  return count
}

/** `targets` with the first of `declarations` that is one of them moved to the front. */
function pinFirst(
  targets: readonly LocationTarget[],
  declarations: readonly LspLocation[],
  roots: readonly DisplayRoot[],
): readonly LocationTarget[] {
  // In the order given: best guess first.
  for (const declaration of declarations.map((location) => toLocationTarget(location, roots))) {
    const index = targets.findIndex((target) => holds(target, declaration))
    if (index >= 0) return [targets[index]!, ...targets.slice(0, index), ...targets.slice(index + 1)]
  }
  return targets
}

/** Whether the row `target` covers the start of `place` (same file, start within the range). */
function holds(target: LocationTarget, place: LocationTarget): boolean {
  if (target.kind !== place.kind || target.file !== place.file || target.line !== place.line) return false
  if (target.character === place.character) return true
  const end = target.kind === 'workspace' && target.end.line === target.line ? target.end.character : target.character
  return target.character <= place.character && place.character < end
}

/** After a cut page: the files of later rows with their counts, and how to see them. */
function continuation(ordered: readonly LocationTarget[], page: Page, wording: Wording, flags: RenderContext['writeFlags']): string[] {
  if (page.end >= ordered.length) return []
  const later = new Map<string, { file: string; count: number }>()
  for (const target of ordered.slice(page.end)) {
    const key = fileKey(target)
    const entry = later.get(key) ?? { file: target.kind === 'external' ? `external ${target.file}` : target.file, count: 0 }
    entry.count++
    later.set(key, entry)
  }
  const totals = new Map<string, number>()
  for (const target of ordered) totals.set(fileKey(target), (totals.get(fileKey(target)) ?? 0) + 1)
  const entries = [...later.entries()]
  const listed = entries.slice(0, MAX_LISTED_FILES).map(([key, { file, count }]) => {
    const total = totals.get(key) ?? count
    return count === total ? `${file} (${count})` : `${file} (${count} more of ${total})`
  })
  const rest = entries.slice(MAX_LISTED_FILES)
  const restRows = rest.reduce((sum, [, { count }]) => sum + count, 0)
  const tail = rest.length > 0 ? [`… and ${rest.length} more ${rest.length === 1 ? 'file' : 'files'} (${restRows} ${restRows === 1 ? wording.one : wording.many})`] : []
  const example = entries.find(([key]) => key.startsWith('workspace:'))?.[1].file
  return [
    `More in: ${[...listed, ...tail].join(', ')}`,
    `Narrow with ${fieldWord('fileFilter', flags)} (a file or folder${example ? `, e.g. ${example}` : ''}), or ask ${fieldWord('page', flags)} ${page.number + 1}.`,
  ]
}
