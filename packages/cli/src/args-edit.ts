import { isSymbolOperation, type ToolOperation } from '@agent-lsp/tool-lsp'
import { UsageError, positive } from './usage-error.js'

/** The string options the edit flags read, as given. */
type Values = { readonly [Name in 'action' | 'only' | 'end' | 'lines' | 'text']?: string }

/**
 * `--apply`, `--action`, `--only`, `--end`, `--lines`, `--text`: each only where its operation
 * takes it. `--text -` is kept as given (`main` reads stdin for it).
 */
export function parseEditOptions(
  operation: ToolOperation,
  values: Values & { apply?: boolean; force?: boolean; json?: boolean },
): { action?: number | string; only?: string; apply?: boolean; force?: boolean; end?: { line: number; character: number }; lines?: { start: number; end: number }; text?: string } {
  const symbolEdit = isSymbolOperation(operation) && operation !== 'symbolSource'
  const rangeEdit = operation === 'edit'
  if (values.text !== undefined && !symbolEdit && !rangeEdit) throw new UsageError(`${operation} takes no --text (it is for replaceSymbol, insertBefore, insertAfter, edit)`)
  if ((symbolEdit || rangeEdit) && values.text === undefined) throw new UsageError(`${operation} needs --text TEXT (${rangeEdit ? "what replaces the range; '' deletes it" : 'the code to write'}; - reads it from stdin)`)
  if (symbolEdit && values.text === '') throw new UsageError(`${operation} needs a non-empty --text (to delete code: edit FILE:L:C --end L:C --text '')`)
  if (rangeEdit && values.end === undefined) throw new UsageError('edit needs --end L:C (where the range ends, exclusive)')
  if ((isSymbolOperation(operation) || rangeEdit) && values.json) throw new UsageError(`${operation} answers text only; leave out --json`)
  if (values.force && ((operation !== 'rename' && operation !== 'moveFile') || !values.apply)) throw new UsageError('--force goes with rename or moveFile --apply (it writes an edit the check refused)')
  if (values.apply && !['rename', 'codeActions', 'format', 'moveFile', 'edit'].includes(operation) && !symbolEdit) throw new UsageError(`${operation} takes no --apply (it changes nothing)`)
  for (const name of ['action', 'only'] as const) {
    if (values[name] !== undefined && operation !== 'codeActions') throw new UsageError(`${operation} takes no --${name} (it is for codeActions)`)
  }
  if (values.end !== undefined && operation !== 'codeActions' && !rangeEdit) throw new UsageError(`${operation} takes no --end (it is for codeActions and edit)`)
  if (values.lines !== undefined && operation !== 'format') throw new UsageError(`${operation} takes no --lines (it is for format)`)
  let end: { line: number; character: number } | undefined
  if (values.end !== undefined) {
    const match = /^(\d+):(\d+)$/.exec(values.end)
    if (!match) throw new UsageError(`--end must be LINE:COL with 1-based numbers (got ${values.end})`)
    end = { line: positive('--end line', match[1]!), character: positive('--end col', match[2]!) }
  }
  let lines: { start: number; end: number } | undefined
  if (values.lines !== undefined) {
    const match = /^(\d+)-(\d+)$/.exec(values.lines)
    if (!match) throw new UsageError(`--lines must be A-B with 1-based line numbers (got ${values.lines})`)
    lines = { start: positive('--lines start', match[1]!), end: positive('--lines end', match[2]!) }
    if (lines.end < lines.start) throw new UsageError(`--lines ends before it starts (got ${values.lines})`)
  }
  if (values.apply && operation === 'codeActions' && values.action === undefined) throw new UsageError('codeActions --apply needs --action N|TITLE (list the actions first)')
  if (values.apply && values.json) throw new UsageError('--json prints the edit the server computed and writes nothing; leave out --apply or --json')
  const action = values.action === undefined ? undefined : /^\d+$/.test(values.action) ? positive('--action', values.action) : values.action
  return {
    ...(action === undefined ? {} : { action }),
    ...(values.only === undefined ? {} : { only: values.only }),
    ...(end === undefined ? {} : { end }),
    ...(lines === undefined ? {} : { lines }),
    ...(values.apply ? { apply: true } : {}),
    ...(values.force ? { force: true } : {}),
    ...(values.text === undefined ? {} : { text: values.text }),
  }
}
