import { resolve } from 'node:path'
import type { LspDiagnostic, LspDiagnosticSeverity } from '@agent-lsp/lsp'

/** Diagnostics by absolute file path, each file's in the order the compiler printed them. */
export type DiagnosticsByFile = Map<string, LspDiagnostic[]>

// `src/a.ts(12,5): error TS2345: Argument of …` (`--pretty false`); 1-based line, 1-based UTF-16 column.
const located = /^(.+)\((\d+),(\d+)\): (error|warning|suggestion|message) TS(\d+): (.*)$/
// `error TS5083: Cannot read file …`: about the project, not a place in a file.
const global = /^(error|warning|suggestion|message) TS(\d+): (.*)$/

const severities: Record<string, LspDiagnosticSeverity> = { error: 'Error', warning: 'Warning', suggestion: 'Hint', message: 'Information' }

/**
 * Parse what `tsc --noEmit --pretty false` prints. Each diagnostic starts a line
 * `path(line,col): error TSnnnn: message`; lines indented below it continue its message (a chain
 * of "Type … is not assignable" reasons), kept as tsc prints them, joined by `\n`. tsc prints
 * where a diagnostic starts, not where it ends: the range is empty at that start. Positions become
 * zero-based (tsc's column counts UTF-16 code units, as the seam does). A diagnostic about the
 * project (`error TS5083: …`, no place) is put at the start of `projectFile`. `source` is `tsc`,
 * `code` the number.
 * @param cwd - where tsc ran: its paths are relative to it.
 */
export function parseTscOutput(output: string, cwd: string, projectFile: string): DiagnosticsByFile {
  const byFile: DiagnosticsByFile = new Map()
  let last: { file: string; index: number } | undefined
  for (const line of output.split(/\r?\n/)) {
    const place = located.exec(line)
    const project = place ? null : global.exec(line)
    if (place || project) {
      const [file, row, column, severity, code, message] = place
        ? [resolve(cwd, place[1]!), Number(place[2]) - 1, Number(place[3]) - 1, place[4]!, place[5]!, place[6]!]
        : [projectFile, 0, 0, project![1]!, project![2]!, project![3]!]
      const start = { line: row, character: column }
      const diagnostic: LspDiagnostic = { range: { start, end: start }, severity: severities[severity]!, code: Number(code), source: 'tsc', message, relatedInformation: [] }
      const list = byFile.get(file) ?? []
      list.push(diagnostic)
      byFile.set(file, list)
      last = { file, index: list.length - 1 }
    } else if (last !== undefined && /^\s+\S/.test(line)) {
      const list = byFile.get(last.file)!
      const previous = list[last.index]!
      list[last.index] = { ...previous, message: `${previous.message}\n${line}` }
    }
  }
  return byFile
}
