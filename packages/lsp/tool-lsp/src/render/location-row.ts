import { utf16ToCodePointColumn } from '../text/columns.js'
import type { LineReader } from '../input/file-lines.js'
import { codeAround } from './code-window.js'
import type { LocationTarget } from './location-targets.js'

/** A workspace file's lines, or why it has none (see `LineReader.whyUnread`). */
export type FileLines = readonly string[] | { readonly unread: string }

/** Said of a place past its file's end: the file is shorter than the server's view of it. */
export const PAST_THE_END = "past the file's end: it changed since the server read it; ask again"

/**
 * One row of a location list: `path:line:col  code` (1-based line, code-point column, the line cut
 * around the match), `path:line  (why)` when the line cannot be read (see `FileLines`),
 * `external  /abs/path:line` outside the workspace.
 */
export async function renderRow(target: LocationTarget, readLines: LineReader): Promise<string> {
  return rowText(target, target.kind === 'external' ? undefined : await fileLinesOf(target.absolutePath, readLines))
}

/** {@link renderRow} with the target file's lines already read. */
export function rowText(target: LocationTarget, lines: FileLines | undefined): string {
  const line = target.line + 1
  if (target.kind === 'external') return `external  ${target.file}:${line}`
  const lineText = lineOf(lines, target.line)
  // Without the line the column cannot be converted to code points; show no column rather than a wrong one.
  if (lineText === undefined) return `${target.file}:${line}${whyNoLine(lines)}`
  const column = utf16ToCodePointColumn(lineText, target.character)
  const where = `${target.file}:${line}:${column}`
  const code = codeAround(lineText, column)
  return code === '' ? where : `${where}  ${code}`
}

/** Line `line` (0-based) of `lines`; `undefined` when unread or past the end. */
export function lineOf(lines: FileLines | undefined, line: number): string | undefined {
  return Array.isArray(lines) ? (lines as readonly string[])[line] : undefined
}

/** `  (why)` for a place whose line is not shown: the file unread, or the line past its end. */
export function whyNoLine(lines: FileLines | undefined): string {
  if (lines === undefined) return ''
  return `  (${Array.isArray(lines) ? PAST_THE_END : (lines as { readonly unread: string }).unread})`
}

/**
 * The lines of every workspace file among `targets`, each read once (see `LineReader`), by
 * absolute path: rows are then rendered without a wait each.
 */
export async function linesOfTargets(targets: readonly LocationTarget[], readLines: LineReader): Promise<Map<string, FileLines>> {
  const paths = new Set<string>()
  for (const target of targets) if (target.kind === 'workspace') paths.add(target.absolutePath)
  const read = await Promise.all([...paths].map(async (absolutePath) => [absolutePath, await fileLinesOf(absolutePath, readLines)] as const))
  return new Map(read)
}

/** `absolutePath`'s lines, or why it has none. */
async function fileLinesOf(absolutePath: string, readLines: LineReader): Promise<FileLines> {
  const lines = await readLines(absolutePath)
  if (lines !== undefined) return lines
  return { unread: (await readLines.whyUnread?.(absolutePath)) ?? 'cannot be read' }
}
