import { readFile } from 'node:fs/promises'
import { LspToolError } from '../errors.js'
import type { EditFlowContext } from '../edit/edit-context.js'
import { runEditFlow } from '../edit/edit-flow.js'
import type { LineReader } from '../input/file-lines.js'
import type { Answered } from '../run.js'
import { declarationAt } from './declaration.js'
import { symbolEdit } from './symbol-edit.js'
import { renderSymbolSource, spanText } from './symbol-source.js'
import { wordRegExp } from '../text/word.js'

/**
 * Answer a symbol operation (`request.shape === 'symbol'`) from its file's `documentSymbol`
 * answer: `symbolSource` renders the declaration; the edits go through the edit flow (preview,
 * or apply with the conflict check and the errors before → after), keyed by the operation, the
 * symbol's place and the text.
 * @throws LspToolError `LSP_SYMBOL_NOT_FOUND` (no symbol at the cursor), `LSP_FILE_NOT_FOUND`
 *   (the file cannot be read), `LSP_INVALID_INPUT` (a replaceSymbol text leaving out a symbol the
 *   declaration declares too: `G, H string`), and the edit flow's codes.
 */
export async function runSymbolOperation(outcome: Answered, context: EditFlowContext, readLines: LineReader): Promise<string> {
  const { request, result, subject } = outcome
  if (request.shape !== 'symbol' || result.kind !== 'symbols' || subject.kind !== 'cursor') throw new Error(`not a symbol operation: ${request.operation}`)
  const { cursor } = subject
  const lines = await readLines(cursor.absolutePath)
  if (lines === undefined) throw new LspToolError('LSP_FILE_NOT_FOUND', `${cursor.displayPath} cannot be read`)
  const declaration = declarationAt(result, cursor, lines, context.writeFlags)
  if (request.operation === 'symbolSource') return renderSymbolSource(declaration, lines, cursor.displayPath)
  const missing = request.operation === 'replaceSymbol' ? declaration.declaresToo.filter((name) => !wordRegExp(name).test(request.text ?? '')) : []
  if (missing.length > 0) {
    const where = `${cursor.displayPath}:${spanText(declaration.span, lines)}`
    throw new LspToolError('LSP_INVALID_INPUT', `replaceSymbol of ${declaration.displayName} replaces ${where}, which declares ${missing.join(', ')} too, and the text does not name ${missing.length === 1 ? 'it' : 'them'}; give text declaring both, or edit a range`)
  }
  const raw = await readFile(cursor.absolutePath, 'utf8')
  const eol = /\r\n/.exec(raw)?.[0] ?? (/\r(?!\n)/.test(raw) ? '\r' : '\n')
  const { edit, what } = symbolEdit(request.operation, declaration, request.text ?? '', lines, eol)
  const key = JSON.stringify({ operation: request.operation, where: cursor.label, text: request.text })
  const referencedAt = { absolutePath: cursor.absolutePath, position: declaration.symbol.selectionRange.start, name: declaration.symbol.name }
  return runEditFlow(outcome, context, { edit, what, key, referencedAt })
}
