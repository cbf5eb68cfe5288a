import { utf16ToCodePointColumn } from '../text/columns.js'
import { codeAround } from './code-window.js'
import type { LocationTarget } from './location-targets.js'
import { lineOf, whyNoLine, type FileLines } from './location-row.js'

/**
 * `targets` with each file's rows together, files in the order their first row comes (a pinned
 * declaration brings its file first), rows of a file in their order. Linear in rows.
 */
export function byFile(targets: readonly LocationTarget[]): LocationTarget[] {
  const groups = new Map<string, LocationTarget[]>()
  for (const target of targets) {
    const key = `${target.kind}:${target.file}`
    const group = groups.get(key)
    if (group === undefined) groups.set(key, [target])
    else group.push(target)
  }
  return [...groups.values()].flat()
}

/**
 * The lines of a page of location rows, grouped by file (`targets` from {@link byFile}): a file
 * with one place is one line, `path:line:col  code`; a file with more is its path on a line of
 * its own, then `line:col  code` lines, places whose code (and mark) read the same sharing one
 * line (`159:19 201:19  notifyManager.batch(() => {`), in the order of their first place.
 * Columns are 1-based code points of the line as read now; a file that cannot be read shows lines
 * only, and why (`path:12  (why)`, or `path  (why)` then `12` under it), as does a line past its
 * file's end; one outside the workspace is `external  /abs/path:line` (its file is not read).
 * @param lines - each workspace file's lines by absolute path, or why it has none.
 * @param markOf - what follows a place's code (the cross-check's mark), `''` for none.
 */
export function groupedLines(
  targets: readonly LocationTarget[],
  lines: ReadonlyMap<string, FileLines>,
  markOf: (target: LocationTarget) => string,
): string[] {
  const out: string[] = []
  let start = 0
  while (start < targets.length) {
    const first = targets[start]!
    let end = start + 1
    while (end < targets.length && targets[end]!.kind === first.kind && targets[end]!.file === first.file) end++
    const fileLines = first.kind === 'workspace' ? lines.get(first.absolutePath) : undefined
    const places = placesOf(targets.slice(start, end), fileLines, markOf)
    const head = first.kind === 'external' ? `external  ${first.file}` : first.file
    // Why the file's places show no code, said once: on its one row, else after its path.
    const unread = fileLines !== undefined && !Array.isArray(fileLines) ? whyNoLine(fileLines) : ''
    const only = places.size === 1 ? [...places][0] : undefined
    if (only !== undefined && only[1].length === 1) out.push(`${head}:${only[1][0]}${tailOf(only[0])}${unread}`)
    else {
      out.push(`${head}${unread}`)
      for (const [key, positions] of places) out.push(`${positions.join(' ')}${tailOf(key)}`)
    }
    start = end
  }
  return out
}

const tailOf = (key: string): string => (key.startsWith('\0') ? '' : key)

/** One file's places: what follows the position (`  code` and the mark) → the positions showing it. */
function placesOf(targets: readonly LocationTarget[], fileLines: FileLines | undefined, markOf: (target: LocationTarget) => string): Map<string, string[]> {
  const places = new Map<string, string[]>()
  for (const target of targets) {
    const line = target.line + 1
    const lineText = target.kind === 'workspace' ? lineOf(fileLines, target.line) : undefined
    let position: string
    let tail: string
    if (lineText === undefined) {
      // Without the line the column cannot be converted to code points: no column rather than a wrong one.
      position = String(line)
      // An unread file says why once, at its path; a line past the end of a read one, on its row.
      tail = `${markOf(target)}${Array.isArray(fileLines) ? whyNoLine(fileLines) : ''}`
    } else {
      const column = utf16ToCodePointColumn(lineText, target.character)
      const code = codeAround(lineText, column)
      position = `${line}:${column}`
      tail = `${code === '' ? '' : `  ${code}`}${markOf(target)}`
    }
    // Only code is shared: places without any (unreadable, a blank line) keep a line each.
    const key = tail === '' ? `\0${position}` : tail
    const positions = places.get(key)
    if (positions === undefined) places.set(key, [position])
    else positions.push(position)
  }
  return places
}
