import { isSymbolOperation, type ToolOperation } from '@agent-lsp/tool-lsp'
import { UsageError, positive } from './usage-error.js'

/** The string options the edit flags read, as given. */
type Values = { readonly [Name in 'action' | 'only' | 'end' | 'lines' | 'text']?: string }

/** `--apply`, `--action`, `--only`, `--end`, `--lines`: each only where its operation takes it. */
export function parseEditOptions(
  operation: ToolOperation,
  values: Values & { apply?: boolean; force?: boolean; json?: boolean },
): { action?: number | string; only?: string; apply?: boolean; force?: boolean; end?: { line: number; character: number }; lines?: { start: number; end: number }; text?: string } {
  const symbolEdit = isSymbolOperation(operation) && operation !== 'symbolSource'
  if (values.text !== undefined && !symbolEdit) throw new UsageError(`${operation} takes no --text (it is for replaceSymbol, insertBefore, insertAfter)`)
  if (symbolEdit && values.text === undefined) throw new UsageError(`${operation} needs --text TEXT (the code to write)`)
  if (isSymbolOperation(operation) && values.json) throw new UsageError(`${operation} answers text only; leave out --json`)
  if (values.force && (operation !== 'rename' || !values.apply)) throw new UsageError('--force goes with rename --apply (it writes a rename the references check refused)')
  if (values.apply && !['rename', 'codeActions', 'format', 'moveFile'].includes(operation) && !symbolEdit) throw new UsageError(`${operation} takes no --apply (it changes nothing)`)
  for (const name of ['action', 'only', 'end'] as const) {
    if (values[name] !== undefined && operation !== 'codeActions') throw new UsageError(`${operation} takes no --${name} (it is for codeActions)`)
  }
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
