import path from 'node:path'
import type { LspPosition, LspQueryRequest, LspQueryResult, LspSymbol } from '@agent-lsp/lsp'
import type { LineReader } from '../input/file-lines.js'
import { functionKinds } from '../text/symbol-names.js'
import { pythonDefRun } from './python-defs.js'

/** The extensions of Python files, whose `documentSymbol` pyright answers. */
export const pythonFiles: ReadonlySet<string> = new Set(['.py', '.pyi'])

/**
 * A Python file's `documentSymbol` answer with each function's `range` starting at the first of
 * the `def`s of its name it ends (see `pythonDefRun`): pyright lists one of several same-named
 * defs in a scope (a property's setter and deleter after its getter, an implementation after its
 * `@overload` signatures, a def redefined at once), the last, and the others were in no symbol, so
 * a cursor on the getter was the class around it. Every other answer as it is.
 */
export async function withPythonDefRuns(result: LspQueryResult, asked: LspQueryRequest, readLines: LineReader): Promise<LspQueryResult> {
  if (asked.operation !== 'documentSymbol' || result.kind !== 'symbols' || !pythonFiles.has(path.extname(asked.filePath).toLowerCase())) return result
  const lines = await readLines(asked.filePath)
  return lines === undefined ? result : { ...result, symbols: widened(result.symbols, lines) }
}

function widened(symbols: readonly LspSymbol[], lines: readonly string[]): LspSymbol[] {
  return symbols.map((symbol) => {
    const children = widened(symbol.children, lines)
    const run = functionKinds.has(symbol.kind) ? pythonDefRun(lines, symbol.selectionRange.start.line, symbol.name) : undefined
    if (run === undefined || run.count === 1 || run.start >= symbol.range.start.line) return { ...symbol, children }
    const start = { line: run.start, character: /^[ \t]*/.exec(lines[run.start] ?? '')![0].length }
    return { ...symbol, range: { start, end: symbol.range.end }, children }
  })
}

/**
 * The name a Python `def` or `class` header declares at `position` (zero-based UTF-16), when the
 * position is on it; else undefined. Read from the text: pyright lists one of several same-named
 * definitions of a scope, so a header's name may be in no symbol.
 */
export function pythonHeaderNameAt(lines: readonly string[], position: LspPosition): string | undefined {
  const header = /^([ \t]*(?:async\s+)?(?:def|class)\s+)([\p{L}\p{N}_]+)/u.exec(lines[position.line] ?? '')
  if (header === null) return undefined
  const start = header[1]!.length
  return position.character >= start && position.character <= start + header[2]!.length ? header[2] : undefined
}
