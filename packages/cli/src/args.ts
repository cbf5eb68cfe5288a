import { parseArgs } from 'node:util'
import { lspRequestShapes } from '@agent-lsp/lsp'
import { filteredOperations, isOwnOperation, isSymbolOperation, pagedOperations, toolOperations, type ToolOperation } from '@agent-lsp/tool-lsp'
import { parseEditOptions } from './args-edit.js'
import { MAX_NUMBER, UsageError, parseArgsMessage, positive, quoted, shown } from './usage-error.js'
import { parseHostCommand, type HostCommand } from './args-host.js'
import { configFlags, type ConfigFlags } from './args-config.js'
import { parseImpactArgs } from './args-impact.js'

export type { ConfigFlags } from './args-config.js'

export { UsageError } from './usage-error.js'
export { usage } from './usage.js'

/** What a query is about, as the command line gave it (files as given, resolved by the caller). */
export type QueryTarget =
  /** `<file>:<line>:<col>`: 1-based line, 1-based column in Unicode code points. */
  | { readonly kind: 'cursor'; readonly filePath: string; readonly line: number; readonly character: number }
  /** `--symbol NAME [--file FILE] [--line N]`. */
  | { readonly kind: 'symbol'; readonly symbol: string; readonly filePath?: string; readonly line?: number }
  /** `<file>` of `documentSymbol` and `diagnostics`. */
  | { readonly kind: 'file'; readonly filePath: string }
  /** `--query NAME [--file FILE]` of `workspaceSymbol`. */
  | { readonly kind: 'workspace'; readonly query: string; readonly filePath?: string }
  | { readonly kind: 'project'; readonly filePath?: string } // `[--file FILE]` of workspaceDiagnostics
  | { readonly kind: 'diff'; readonly diff?: string; readonly depth?: number } // `impact [--staged] [REV..REV] [--depth N]`
  /** `FROM TO` of `moveFile`. */
  | { readonly kind: 'move'; readonly filePath: string; readonly newPath: string }

/** A parsed command line. */
export type Command =
  | { readonly kind: 'help' }
  | { readonly kind: 'version' }
  /** `agent-lsp mcp [--root DIR]`: serve the lsp tool over MCP on stdio. */
  | ({ readonly kind: 'mcp'; readonly root: string } & ConfigFlags)
  /** `agent-lsp doctor [--root DIR]`: which language servers are ready. */
  | ({ readonly kind: 'doctor'; readonly root: string } & ConfigFlags)
  /** `agent-lsp stop` / `agent-lsp status [--json]`: the shared host (see `args-host.ts`). */
  | HostCommand
  | ({
      readonly kind: 'query'
      readonly operation: ToolOperation
      readonly target: QueryTarget
      /** `--page N`, 1-based. */
      readonly page?: number
      /** `--filter PATH`, as given. */
      readonly fileFilter?: string
      /** As given (default `.`), resolved against the working directory by the caller. */
      readonly root: string
      readonly json: boolean
      /** `rename`'s NEWNAME. */
      readonly newName?: string
      /** `codeActions --action N|TITLE`: a number when the value is one. */
      readonly action?: number | string
      /** `codeActions --only KIND`. */
      readonly only?: string
      /** `codeActions`, `edit --end LINE:COL`: the end of the selection or range (1-based, exclusive). */
      readonly end?: { readonly line: number; readonly character: number }
      /** `format --lines A-B`: the lines to format (1-based, inclusive). */
      readonly lines?: { readonly start: number; readonly end: number }
      /** `--apply` (rename, codeActions with --action, format): write the edit instead of previewing it. */
      readonly apply?: boolean
      /** `rename` or `moveFile --apply --force`: write although the check refused. */
      readonly force?: boolean
      /** `replaceSymbol`, `insertBefore`, `insertAfter`, `edit --text TEXT`: the code to write (`-`: read from stdin by `main`). */
      readonly text?: string
    } & ConfigFlags)

const stringOptions = ['root', 'symbol', 'file', 'line', 'query', 'page', 'filter', 'action', 'only', 'end', 'lines', 'text', 'depth'] as const

/**
 * Parse `argv` (without `node` and the script).
 * @throws UsageError with a one-line message.
 */
export function parseCommand(argv: readonly string[]): Command {
  let parsed
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      tokens: true,
      options: {
        root: { type: 'string' },
        symbol: { type: 'string' },
        file: { type: 'string' },
        line: { type: 'string' },
        query: { type: 'string' },
        page: { type: 'string' },
        filter: { type: 'string' },
        config: { type: 'string' },
        log: { type: 'string' },
        source: { type: 'string' },
        'trust-workspace-config': { type: 'boolean', default: false },
        'no-cross-check': { type: 'boolean', default: false },
        'no-daemon': { type: 'boolean', default: false },
        action: { type: 'string' },
        only: { type: 'string' },
        end: { type: 'string' },
        lines: { type: 'string' },
        text: { type: 'string' },
        depth: { type: 'string' },
        staged: { type: 'boolean', default: false },
        apply: { type: 'boolean', default: false },
        force: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
        version: { type: 'boolean', short: 'v', default: false },
      },
    })
  } catch (error) {
    throw new UsageError(parseArgsMessage(error as Error & { code?: string }))
  }
  const { values, positionals, tokens } = parsed
  if (values.help) return { kind: 'help' }
  if (values.version) return { kind: 'version' }
  for (const name of stringOptions) {
    if (tokens.filter((token) => token.kind === 'option' && token.name === name).length > 1) throw new UsageError(`--${name} given more than once`)
    // An empty --text is edit's deletion (the symbol edits refuse it).
    if (values[name] === '' && name !== 'text') throw new UsageError(`--${name} needs a value`)
  }
  if (positionals[0] === 'stop' || positionals[0] === 'status') return parseHostCommand(positionals, tokens)
  const config = configFlags(values, tokens)
  if (positionals[0] === 'mcp') return { ...parseMcp(positionals, values), ...config }
  if (positionals[0] === 'doctor') {
    for (const flag of ['no-cross-check', 'no-daemon'] as const) if (values[flag]) throw new UsageError(`doctor takes no --${flag} (only --root DIR)`)
    if (values.source !== undefined) throw new UsageError('doctor takes no --source (only --root DIR)')
    return { ...parseDoctor(positionals, values), ...config }
  }
  if (positionals[0] === 'impact') {
    const refused = [...stringOptions.filter((name) => !['root', 'page', 'depth'].includes(name) && values[name] !== undefined), ...(['apply', 'force'] as const).filter((name) => values[name])].map((name) => `--${name}`)
    const target = { kind: 'diff' as const, ...parseImpactArgs(positionals.slice(1), values, refused) }
    const page = values.page === undefined ? {} : { page: positive('--page', values.page) }
    return { kind: 'query', operation: 'impact', target, ...page, root: values.root ?? '.', json: false, ...config }
  }
  if (values.staged || values.depth !== undefined) throw new UsageError(`--${values.staged ? 'staged' : 'depth'} goes with impact`)
  const [operation, argument, ...extra] = positionals
  if (operation === undefined) throw new UsageError('missing operation and what to ask about')
  if (!(toolOperations as readonly string[]).includes(operation)) {
    throw new UsageError(`unknown operation ${quoted(operation)} (expected ${toolOperations.join(', ')})`)
  }
  const op = operation as Exclude<ToolOperation, 'impact'>
  // rename's last argument is the new name: `rename <cursor> NEWNAME`, or `rename --symbol X NEWNAME`.
  let newName: string | undefined
  let cursorArgument = argument
  if (op === 'rename') {
    const rest = [argument, ...extra].filter((item): item is string => item !== undefined)
    newName = rest.pop()
    cursorArgument = rest[0]
    if (rest.length > 1) throw new UsageError(`unexpected argument ${quoted(rest[1]!)}`)
    if (newName === undefined || (values.symbol === undefined && cursorArgument === undefined)) {
      throw new UsageError('rename needs <file>:<line>:<col> (or --symbol NAME) and NEWNAME')
    }
  } else if (op === 'moveFile') {
    if (argument === undefined || extra[0] === undefined) throw new UsageError('moveFile needs FROM and TO (the file, and where it goes)')
    if (extra.length > 1) throw new UsageError(`unexpected argument ${quoted(extra[1]!)}`)
  } else if (extra.length > 0) throw new UsageError(`unexpected argument ${quoted(extra[0]!)}`)
  const target = op === 'moveFile' ? parseMove(argument!, extra[0]!, values) : parseTarget(op, cursorArgument, values)
  const edit = parseEditOptions(op, values)
  const page = values.page === undefined ? undefined : positive('--page', values.page)
  if (page !== undefined && (isOwnOperation(op) || !pagedOperations.has(op))) throw new UsageError(`${op} takes no --page (its answer is not a list)`)
  if (values.filter !== undefined && (isOwnOperation(op) || !filteredOperations.has(op))) throw new UsageError(`${op} takes no --filter`)
  if (values.json && (page !== undefined || values.filter !== undefined)) {
    throw new UsageError('--page and --filter shape text answers; leave them out with --json')
  }
  return {
    kind: 'query',
    operation: op,
    target,
    ...(page === undefined ? {} : { page }),
    ...(values.filter === undefined ? {} : { fileFilter: values.filter }),
    root: values.root ?? '.',
    json: values.json,
    ...config,
    ...(newName === undefined ? {} : { newName }),
    ...edit,
  }
}

/** `doctor [--root DIR]`: nothing else. */
function parseDoctor(positionals: readonly string[], values: Values & { readonly json: boolean }): Command {
  if (positionals.length > 1) throw new UsageError(`unexpected argument ${quoted(positionals[1]!)} (doctor takes only --root DIR)`)
  const given = stringOptions.filter((name) => name !== 'root' && values[name] !== undefined).map((name) => `--${name}`)
  if (values.json) given.push('--json')
  if (given.length > 0) throw new UsageError(`doctor takes no ${given.join(' or ')} (only --root DIR)`)
  return { kind: 'doctor', root: values.root ?? '.' }
}

type Values = { readonly [Name in (typeof stringOptions)[number]]?: string }

/** `mcp [--root DIR]`: nothing else. */
function parseMcp(positionals: readonly string[], values: Values & { readonly json: boolean }): Command {
  if (positionals.length > 1) throw new UsageError(`unexpected argument ${quoted(positionals[1]!)} (mcp takes only --root DIR)`)
  const given = stringOptions.filter((name) => name !== 'root' && values[name] !== undefined).map((name) => `--${name}`)
  if (values.json) given.push('--json')
  if (given.length > 0) throw new UsageError(`mcp takes no ${given.join(' or ')} (only --root DIR)`)
  return { kind: 'mcp', root: values.root ?? '.' }
}

/** `moveFile FROM TO`: no cursor, symbol or query options. */
function parseMove(from: string, to: string, values: Values): QueryTarget {
  const given = (['symbol', 'query', 'file', 'line'] as const).filter((name) => values[name] !== undefined)
  if (given.length > 0) throw new UsageError(`moveFile takes no ${given.map((name) => `--${name}`).join(' or ')} (it takes FROM TO)`)
  if (from === '' || to === '') throw new UsageError('moveFile needs a non-empty FROM and TO')
  return { kind: 'move', filePath: from, newPath: to }
}

function parseTarget(operation: Exclude<ToolOperation, 'moveFile' | 'impact'>, argument: string | undefined, values: Values): QueryTarget {
  const refuse = (names: readonly (keyof Values)[], why: string): void => {
    const given = names.filter((name) => values[name] !== undefined)
    if (given.length > 0) throw new UsageError(`${operation} takes no ${given.map((name) => `--${name}`).join(' or ')} (${why})`)
  }
  // The symbol operations take a cursor or --symbol, as cursor operations do; edit a cursor, as codeActions.
  const shape = isSymbolOperation(operation) ? 'cursor' : operation === 'edit' ? 'codeActions' : lspRequestShapes[operation]
  switch (shape) {
    case 'codeActions':
      refuse(['query', 'symbol', 'file', 'line'], 'it takes <file>:<line>:<col>')
      if (argument === undefined) throw new UsageError(`missing <file>:<line>:<col> after ${operation}`)
      return parseCursor(argument)
    case 'format':
      refuse(['symbol', 'query', 'line', 'file'], `it takes a <file> argument`)
      if (argument === undefined) throw new UsageError(`missing <file> after ${operation}`)
      return { kind: 'file', filePath: argument }
    case 'cursor':
    case 'rename': {
      refuse(['query'], '--query is for workspaceSymbol')
      if (values.symbol !== undefined) {
        if (argument !== undefined) throw new UsageError(`give <file>:<line>:<col> or --symbol, not both (got ${quoted(argument)})`)
        return {
          kind: 'symbol',
          symbol: values.symbol,
          ...(values.file === undefined ? {} : { filePath: values.file }),
          ...(values.line === undefined ? {} : { line: positive('--line', values.line) }),
        }
      }
      if (values.file !== undefined || values.line !== undefined) {
        throw new UsageError('--file and --line go with --symbol; a cursor is <file>:<line>:<col>')
      }
      if (argument === undefined) throw new UsageError(`missing <file>:<line>:<col> or --symbol NAME after ${operation}`)
      return parseCursor(argument)
    }
    case 'file':
      refuse(['symbol', 'query', 'line', 'file'], `it takes a <file> argument`)
      if (argument === undefined) throw new UsageError(`missing <file> after ${operation}`)
      if (argument === '') throw new UsageError(`empty <file> after ${operation}`)
      return { kind: 'file', filePath: argument }
    case 'workspace':
      refuse(['symbol', 'line'], 'it takes --query NAME')
      if (argument !== undefined) throw new UsageError(`unexpected argument ${quoted(argument)} (${operation} takes --query NAME)`)
      if (values.query === undefined) throw new UsageError(`${operation} needs --query NAME`)
      return { kind: 'workspace', query: values.query, ...(values.file === undefined ? {} : { filePath: values.file }) }
    case 'workspaceDiagnostics':
      refuse(['symbol', 'line', 'query'], 'it checks the whole workspace; --file FILE asks only its language server')
      if (argument === undefined) return { kind: 'project', ...(values.file === undefined ? {} : { filePath: values.file }) }
      throw new UsageError(`unexpected argument ${quoted(argument)} (${operation} takes only --file FILE)`)
    default:
      throw new UsageError(`unexpected operation shape ${JSON.stringify(shape satisfies never)}`)
  }
}

function parseCursor(argument: string): QueryTarget {
  // From the right: a path may itself contain ':'.
  const match = /^(.+):(\d+):(\d+)$/.exec(argument)
  if (!match) throw new UsageError(`expected <file>:<line>:<col> with 1-based numbers, got ${quoted(argument)}`)
  const [, filePath, lineText, columnText] = match as unknown as [string, string, string, string]
  const line = Number(lineText)
  const character = Number(columnText)
  for (const [name, value, text] of [['line', line, lineText], ['col', character, columnText]] as const) {
    if (value < 1 || value > MAX_NUMBER) throw new UsageError(`${name} must be from 1 to ${MAX_NUMBER} (got ${shown(text)})`)
  }
  return { kind: 'cursor', filePath, line, character }
}
