import { utf16ToCodePointColumn } from '../text/columns.js'
import type { LineReader } from '../input/file-lines.js'
import { codeAround } from './code-window.js'
import type { LocationTarget } from './location-targets.js'

/**
 * One row of a location list: `path:line:col  code` (1-based line, code-point column, the line cut
 * around the match), `path:line` when the file cannot be read, `external  /abs/path:line` outside
 * the workspace.
 */
export async function renderRow(target: LocationTarget, readLines: LineReader): Promise<string> {
  return rowText(target, target.kind === 'external' ? undefined : await readLines(target.absolutePath))
}

/** {@link renderRow} with the target file's lines already read (`undefined`: unreadable). */
export function rowText(target: LocationTarget, lines: readonly string[] | undefined): string {
  const line = target.line + 1
  if (target.kind === 'external') return `external  ${target.file}:${line}`
  const lineText = lines?.[target.line]
  // Without the line the column cannot be converted to code points; show no column rather than a wrong one.
  if (lineText === undefined) return `${target.file}:${line}`
  const column = utf16ToCodePointColumn(lineText, target.character)
  const where = `${target.file}:${line}:${column}`
  const code = codeAround(lineText, column)
  return code === '' ? where : `${where}  ${code}`
}

/**
 * The lines of every workspace file among `targets`, each read once (see `LineReader`), by
 * absolute path: rows are then rendered without a wait each.
 */
export async function linesOfTargets(targets: readonly LocationTarget[], readLines: LineReader): Promise<Map<string, readonly string[] | undefined>> {
  const paths = new Set<string>()
  for (const target of targets) if (target.kind === 'workspace') paths.add(target.absolutePath)
  const read = await Promise.all([...paths].map(async (absolutePath) => [absolutePath, await readLines(absolutePath)] as const))
  return new Map(read)
}
