import { inRanges, lexicalRanges } from '@agent-lsp/lexical'
import type { ScipModel } from '../scip/model.js'
import type { Row } from './locations.js'

/** `NAME as ALIAS` (or ` as ALIAS` after the name): how an import names a symbol under another name. */
const AS_ALIAS = /^(?:[\p{L}_][\p{L}\p{N}_.]*)?\s+as\s+([\p{L}_][\p{L}\p{N}_]*)/u

const isWord = (character: string): boolean => /[\p{L}\p{N}_]/u.test(character)

/** A Python file's current text and whether it is still the one indexed (unchanged since the build). */
export type IndexedText = (path: string) => Promise<string | undefined>

/**
 * The uses of the names a symbol is imported under in Python (`from django.utils.translation
 * import gettext_lazy as _`), which scip-python leaves out of the index: it records the import
 * (one occurrence spanning `gettext_lazy as _`) and no occurrence at all at each `_(…)` after it,
 * so an index answer held 15 of gettext_lazy's 131 references (the trial's Django). For each
 * reference among `rows` that is such an import, the alias is looked for in its file as code (not
 * in a comment or string, not an attribute `x._`): every place it is written where the index has
 * no occurrence is a use of the import, as pyright's references of the alias list them; a place
 * the index names another symbol at (a parameter `_`, a local `_ = …`) is that symbol's. Only
 * Python files (`.py`, `.pyi`) unchanged since the build (`text` gives `undefined` otherwise).
 */
export async function aliasUses(model: ScipModel, rows: readonly Row[], text: IndexedText): Promise<Row[]> {
  const found: Row[] = []
  const done = new Set<string>()
  // Each file read once, whatever the number of its rows.
  const texts = new Map<string, Promise<string | undefined>>()
  for (const row of rows) {
    if (!/\.pyi?$/.test(row.path) || row.range.start.line !== row.range.end.line) continue
    if (!texts.has(row.path)) texts.set(row.path, text(row.path))
    const source = await texts.get(row.path)
    if (source === undefined) continue
    const lines = source.split(/\r\n|\r|\n/)
    const line = lines[row.range.start.line] ?? ''
    const alias = AS_ALIAS.exec(line.slice(row.range.start.character))?.[1]
    if (alias === undefined || done.has(`${row.path}\u0000${alias}`)) continue
    done.add(`${row.path}\u0000${alias}`)
    found.push(...usesIn(model, row.path, lines, source, alias))
  }
  return found
}

/** The places `alias` is written as code in a file where the index has no occurrence. */
function usesIn(model: ScipModel, path: string, lines: readonly string[], source: string, alias: string): Row[] {
  const indexed = new Set(model.occurrencesIn(path).map((occurrence) => `${occurrence.range.start.line}:${occurrence.range.start.character}`))
  const { nonCode } = lexicalRanges(source, 'python')
  const uses: Row[] = []
  const shadowed = shadowedLines(lines, alias)
  let offset = 0
  for (const [number, line] of lines.entries()) {
    if (shadowed.has(number)) {
      offset += line.length + (source[offset + line.length] === '\r' && source[offset + line.length + 1] === '\n' ? 2 : 1)
      continue
    }
    for (let at = line.indexOf(alias); at >= 0; at = line.indexOf(alias, at + 1)) {
      const end = at + alias.length
      const whole = (at === 0 || (!isWord(line[at - 1]!) && line[at - 1] !== '.')) && (end === line.length || !isWord(line[end]!))
      if (!whole || indexed.has(`${number}:${at}`) || inRanges(nonCode, offset + at)) continue
      // The import's own `as _` is part of the import's occurrence.
      if (/\bas\s+$/.test(line.slice(0, at))) continue
      uses.push({ path, range: { start: { line: number, character: at }, end: { line: number, character: at + alias.length } } })
    }
    offset += line.length + (source[offset + line.length] === '\r' && source[offset + line.length + 1] === '\n' ? 2 : 1)
  }
  return uses
}

const indentOf = (line: string): number => /^\s*/.exec(line)![0].length

/**
 * The lines of the functions where `alias` is a local name (a parameter, or bound in the body:
 * `_ = …`, `for _ in`, `as _`), whose `_` is not the import's. scip-python records no occurrence
 * for any name `_`, so the index cannot tell; a function's block is read by indentation.
 */
function shadowedLines(lines: readonly string[], alias: string): Set<number> {
  const name = alias.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const parameter = new RegExp(String.raw`^\s*(?:async\s+)?def\s+\w+\s*\(([^)]*)`)
  const word = new RegExp(String.raw`(?<![\w.])${name}(?!\w)`)
  const binds = new RegExp(String.raw`^\s*(?:[\w\s,()*]*,\s*)?${name}\s*(?:,[\w\s,()*]*)?=(?!=)|\bfor\s+[\w\s,()]*(?<![\w.])${name}(?!\w)[\w\s,()]*\bin\b|\bas\s+${name}(?!\w)`)
  const shadowed = new Set<number>()
  for (const [start, line] of lines.entries()) {
    const header = parameter.exec(line)
    if (header === null) continue
    const indent = indentOf(line)
    let end = start + 1
    while (end < lines.length && (lines[end]!.trim() === '' || indentOf(lines[end]!) > indent)) end++
    const body = lines.slice(start + 1, end)
    if (!word.test(header[1]!) && !body.some((text) => binds.test(text))) continue
    for (let i = start; i < end; i++) shadowed.add(i)
  }
  return shadowed
}
