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
