import type { LspLocationsResult, LspOperation, lspResultKinds } from '@agent-lsp/lsp'
import { codeAround } from './code-window.js'
import { utf16ToCodePointColumn } from './columns.js'
import type { Cursor } from './cursor.js'
import type { LineReader } from './file-lines.js'
import { toLocationTargets, type LocationTarget } from './location-targets.js'
import { nameInAnswer } from './symbol-name.js'

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
  findReferences: { one: 'reference', many: 'references', link: 'to', none: 'references' },
  goToImplementation: { one: 'implementation', many: 'implementations', link: 'of', none: 'implementations' },
}

/** What rendering an answer needs besides the answer. */
export interface RenderContext {
  readonly operation: LspOperation
  readonly cursor: Cursor
  /** The workspace root as requested (maybe a symlink), for paths a provider reports under it. */
  readonly workspaceRoot: string
  readonly maxResults: number
  readonly readLines: LineReader
}

/**
 * Render a locations answer: a header with the count and the symbol's name (from the answer, see
 * `nameInAnswer`, else the word at the cursor), then `path:line:col  code` rows (1-based, code
 * points; a long line cut around the match), `external  /abs/path:line` rows for files outside
 * the workspace, and `… N more` after `maxResults` rows. Only the files of shown rows and of the
 * naming location are read.
 */
export async function renderLocations(result: LspLocationsResult, context: RenderContext): Promise<string> {
  const wording = wordingOf(context.operation)
  const { word, label } = context.cursor
  const targets = toLocationTargets(result.locations, [result.resolvedWorkspaceRoot, context.workspaceRoot])
  if (targets.length === 0) return `No ${wording.none} found${word ? ` for ${word}` : ''} at ${label}.`

  const name = (await nameInAnswer(targets, context.readLines)) ?? word
  const count = targets.length
  const files = new Set(targets.map((target) => `${target.kind}:${target.file}`)).size
  const header =
    `${count} ${count === 1 ? wording.one : wording.many}` +
    (name ? ` ${wording.link} ${name}` : '') +
    (files > 1 ? ` in ${files} files` : '')
  const shown = targets.slice(0, context.maxResults)
  const rows = await Promise.all(shown.map((target) => renderRow(target, context.readLines)))
  const more = count - shown.length
  return [header, ...rows, ...(more > 0 ? [`… ${more} more`] : [])].join('\n')
}

function wordingOf(operation: LspOperation): Wording {
  if (!Object.hasOwn(wordings, operation)) {
    // The seam maps each operation to one kind, so this means the seam and tool disagree.
    throw new Error(`${operation} answered with locations, which the tool does not expect`)
  }
  return wordings[operation as LocationOperation]
}

async function renderRow(target: LocationTarget, readLines: LineReader): Promise<string> {
  const line = target.line + 1
  if (target.kind === 'external') return `external  ${target.file}:${line}`
  const lineText = (await readLines(target.absolutePath))?.[target.line]
  // Without the line the column cannot be converted to code points; show no column rather than a wrong one.
  if (lineText === undefined) return `${target.file}:${line}`
  const column = utf16ToCodePointColumn(lineText, target.character)
  const where = `${target.file}:${line}:${column}`
  const code = codeAround(lineText, column)
  return code === '' ? where : `${where}  ${code}`
}
