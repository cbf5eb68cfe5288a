import { readFile } from 'node:fs/promises'
import type { LspRange, LspSymbol, LspWorkspaceEdit } from '@agent-lsp/lsp'
import { URI } from 'vscode-uri'
import { documentEntries, type SymbolEntry } from '../address/symbol-match.js'
import type { EditFlowContext } from '../edit/edit-context.js'
import { runEditFlow } from '../edit/edit-flow.js'
import { LspToolError } from '../errors.js'
import type { LineReader } from '../input/file-lines.js'
import type { Answered } from '../run.js'
import { codePointColumnToUtf16 } from '../text/columns.js'
import { rangeHolds, rangeSize } from '../text/positions.js'
import { declarationSpan, isNameOnly } from '../symbols/declaration-span.js'
import { splitLines } from '@agent-lsp/text-lines'


/**
 * The innermost of `symbols` (a `documentSymbol` answer's tree) whose declaration holds `range`:
 * its whole range, widened as replaceSymbol widens it to the statement (`declarationSpan`: the
 * `export const ` and `;` tsserver's declarator range leaves out; the eleventh trial removed
 * `export` from an `export const` and only the edited file was checked). Locals left out (pyright
 * lists a function's parameters: a parameter's type edited is the function's, whose callers are
 * elsewhere, while a local's references are all in its own file).
 */
export function symbolHolding(symbols: readonly LspSymbol[], range: LspRange, lines: readonly string[]): LspSymbol | undefined {
  const entries = documentEntries(symbols)
  const spanOf = (entry: SymbolEntry): LspRange => declarationSpan(entry.symbol.range, isNameOnly(entry.symbol), [entry], entries, lines).span
  return entries
    .filter((entry) => !entry.local)
    .map((entry) => ({ symbol: entry.symbol, span: rangeHolds(entry.symbol.range, range) ? entry.symbol.range : spanOf(entry) }))
    .filter(({ span }) => rangeHolds(span, range))
    .sort((a, b) => rangeSize(a.span) - rangeSize(b.span))[0]?.symbol
}

/**
 * Answer `edit` (`request.shape === 'edit'`, its range already checked against the file): the
 * range (start at the cursor, end exclusive) becomes `text`, its line breaks written as the file's
 * own; through the edit flow, keyed by the range and the text, its header `edit path:L:C-L:C`.
 * The files checked with it: the edited file, and the files referencing the innermost symbol of
 * the file's `documentSymbol` answer whose declaration holds the whole range, locals aside (see
 * `symbolHolding`; none holds it: the file alone).
 * @throws LspToolError `LSP_FILE_NOT_FOUND` (the file cannot be read), and the edit flow's codes.
 */
export async function runRangeEdit(outcome: Answered, context: EditFlowContext, readLines: LineReader): Promise<string> {
  const { request, result, subject } = outcome
  if (request.shape !== 'edit' || subject.kind !== 'cursor') throw new Error(`not a range edit: ${request.operation}`)
  const { cursor } = subject
  const lines = await readLines(cursor.absolutePath)
  const raw = await readFile(cursor.absolutePath, 'utf8').catch(() => undefined)
  if (lines === undefined || raw === undefined) throw new LspToolError('LSP_FILE_NOT_FOUND', `${cursor.displayPath} cannot be read`)
  const end = { line: request.end.line - 1, character: codePointColumnToUtf16(lines[request.end.line - 1] ?? '', request.end.character) }
  const range = { start: cursor.position, end }
  const eol = /\r\n/.exec(raw)?.[0] ?? (/\r(?!\n)/.test(raw) ? '\r' : '\n')
  const newText = splitLines(request.text).join(eol)
  const edit: LspWorkspaceEdit = { changes: [{ kind: 'edit', uri: URI.file(cursor.absolutePath).toString(), version: null, edits: [{ range, newText }] }] }
  const what = `edit ${cursor.label}-${request.end.line}:${request.end.character}`
  const key = JSON.stringify({ operation: 'edit', where: cursor.label, end: request.end, text: request.text })
  const holder = result.kind === 'symbols' ? symbolHolding(result.symbols, range, lines) : undefined
  const referencedAt = holder === undefined ? {} : { referencedAt: { absolutePath: cursor.absolutePath, position: holder.selectionRange.start, name: holder.name } }
  return runEditFlow(outcome, context, { edit, what, key, ...referencedAt })
}
