import { LspToolError } from '../errors.js'
import { renderUnresolved } from './render-unresolved.js'
import type { SymbolResolution } from './symbol-address.js'

/**
 * A name that did not resolve to one symbol, as an error: `LSP_SYMBOL_NOT_FOUND` or
 * `LSP_SYMBOL_AMBIGUOUS`, with {@link renderUnresolved}'s text on one line (`…; pick one with
 * filePath and line: 1. Function dup  src/a.ts:1:17; 2. …`), and `then` after it when given
 * (`Nothing was written.` for an apply).
 */
export function unresolvedError(resolution: Exclude<SymbolResolution, { kind: 'resolved' }>, flags: 'tool' | 'command' | undefined, then?: string): LspToolError {
  const message = renderUnresolved(resolution, flags)
    .split('\n')
    .reduce((text, line) => (text === '' ? line : `${text}${/[:.]$/.test(text) ? ' ' : '; '}${line}`), '')
  const ended = then === undefined ? message : `${message}${/[.:]$/.test(message) ? '' : '.'} ${then}`
  return new LspToolError(resolution.kind === 'none' ? 'LSP_SYMBOL_NOT_FOUND' : 'LSP_SYMBOL_AMBIGUOUS', ended)
}
