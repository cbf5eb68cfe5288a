import { parseArgs } from 'node:util'
import { lspOperations, lspRequestShapes, type LspOperation } from '@agent-lsp/lsp'
import { filteredOperations, pagedOperations } from '@agent-lsp/tool-lsp'

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

/** A parsed command line. */
export type Command =
  | { readonly kind: 'help' }
  | { readonly kind: 'version' }
  /** `agent-lsp mcp [--root DIR]`: serve the lsp tool over MCP on stdio. */
  | ({ readonly kind: 'mcp'; readonly root: string } & ConfigFlags)
  /** `agent-lsp doctor [--root DIR]`: which language servers are ready. */
  | ({ readonly kind: 'doctor'; readonly root: string } & ConfigFlags)
  | ({
      readonly kind: 'query'
      readonly operation: LspOperation
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
      /** `codeActions --end LINE:COL`: the end of the selection (1-based). */
      readonly end?: { readonly line: number; readonly character: number }
      /** `format --lines A-B`: the lines to format (1-based, inclusive). */
      readonly lines?: { readonly start: number; readonly end: number }
      /** `--apply` (rename, codeActions with --action, format): write the edit instead of previewing it. */
      readonly apply?: boolean
    } & ConfigFlags)

/** `--config FILE` (as given) and `--trust-workspace-config`, present only when given. */
export interface ConfigFlags {
  readonly configFile?: string
  readonly trustWorkspaceConfig?: true
}

const byShape = (shape: 'cursor' | 'file' | 'workspace' | 'rename' | 'codeActions' | 'format'): string =>
  lspOperations.filter((operation) => lspRequestShapes[operation] === shape).join(' | ')

/** The `--help` text. */
export const usage = `Usage: agent-lsp <operation> <file>:<line>:<col> | --symbol NAME | <file> | --query NAME [options]

Ask a language server about code, as the lsp tool does.
  agent-lsp <cursor operation> <file>:<line>:<col>
  agent-lsp <cursor operation> --symbol NAME [--file FILE] [--line N]
      ${byShape('cursor')}
  agent-lsp <file operation> <file>
      ${byShape('file')}
  agent-lsp workspaceSymbol --query NAME [--file FILE]
  agent-lsp rename <file>:<line>:<col> NEWNAME [--apply]    (or --symbol NAME NEWNAME)
  agent-lsp codeActions <file>:<line>:<col> [--end LINE:COL] [--only KIND] [--action N|TITLE [--apply]]
  agent-lsp format <file> [--lines A-B] [--apply]
  agent-lsp mcp [--root DIR]
      serve the lsp tool over MCP on stdin/stdout until stdin closes
  agent-lsp doctor [--root DIR]
      which language servers are ready, where each is, and how to install the missing ones;
      exit status 0 when at least one is ready

  file           inside the workspace: absolute, or relative to the current directory (else to --root)
  line, col      1-based; col counts Unicode code points of the line (a CJK character is 1)
  --symbol NAME  a name or name path (addItem, Cart.addItem) in place of <file>:<line>:<col>: looked up
                 in --file when given, else in the whole workspace; --line N picks among matches
  --query NAME   the symbol name, or its start, to search for; --file FILE asks only that file's server
  --page N       page N of a long list answer (100 rows a page)
  --filter PATH  only the rows in this file or folder (location operations, calls, workspaceSymbol)
  --apply        rename, format, codeActions --action: write the edit (all files or none) and verify it;
                 without it they print a unified diff and write nothing
  --action N     the code action to preview or apply: its number in the list, or its title
  --only KIND    codeActions of this kind only (quickfix, refactor, source: organize imports)
  --end L:C      codeActions on the selection from <line>:<col> to L:C (extracting needs one)
  --lines A-B    format lines A to B only
  --root DIR     the workspace (default: the current directory); answers show paths relative to it
  --config FILE  read this config (agent-lsp.toml format) in place of ~/.config/agent-lsp/config.toml
  --trust-workspace-config  let <root>/agent-lsp.toml choose commands, args, env, settings and
                 initializationOptions (else only extensions and rootMarkers)
  --json         print the seam's result (zero-based UTF-16 positions) instead of text; a --symbol
                 that matches several symbols or none is then an error (LSP_SYMBOL_AMBIGUOUS,
                 LSP_SYMBOL_NOT_FOUND)
  -h, --help     this text;  -v, --version  the version

Answers speak the lsp tool's field names: filePath is --file, line --line, page --page, fileFilter
--filter, action --action, apply: true --apply.

Exit status: 0 with an answer (an empty answer, or symbols to choose from, is one), 1 on error,
2 on bad usage.`

/** A usage mistake: printed with a pointer to `--help`, exit status 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError'
}

/** The largest line, column or page accepted: beyond it no real file has the position. */
const MAX_NUMBER = 2 ** 31 - 1

const stringOptions = ['root', 'symbol', 'file', 'line', 'query', 'page', 'filter', 'action', 'only', 'end', 'lines'] as const

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
        'trust-workspace-config': { type: 'boolean', default: false },
        action: { type: 'string' },
        only: { type: 'string' },
        end: { type: 'string' },
        lines: { type: 'string' },
        apply: { type: 'boolean', default: false },
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
    if (values[name] === '') throw new UsageError(`--${name} needs a value`)
  }
  const config = configFlags(values, tokens)
  if (positionals[0] === 'mcp') return { ...parseMcp(positionals, values), ...config }
  if (positionals[0] === 'doctor') return { ...parseDoctor(positionals, values), ...config }
  const [operation, argument, ...extra] = positionals
  if (operation === undefined) throw new UsageError('missing operation and what to ask about')
  if (!(lspOperations as readonly string[]).includes(operation)) {
    throw new UsageError(`unknown operation ${quoted(operation)} (expected ${lspOperations.join(', ')})`)
  }
  const op = operation as LspOperation
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
  } else if (extra.length > 0) throw new UsageError(`unexpected argument ${quoted(extra[0]!)}`)
  const target = parseTarget(op, cursorArgument, values)
  const edit = parseEditOptions(op, values)
  const page = values.page === undefined ? undefined : positive('--page', values.page)
  if (page !== undefined && !pagedOperations.has(op)) throw new UsageError(`${op} takes no --page (its answer is not a list)`)
  if (values.filter !== undefined && !filteredOperations.has(op)) throw new UsageError(`${op} takes no --filter`)
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

/** `--config FILE` and `--trust-workspace-config`, only when given. */
function configFlags(values: { readonly config?: string; readonly 'trust-workspace-config': boolean }, tokens: readonly { kind: string; name?: string }[]): ConfigFlags {
  if (tokens.filter((token) => token.kind === 'option' && token.name === 'config').length > 1) throw new UsageError('--config given more than once')
  if (values.config === '') throw new UsageError('--config needs a value')
  return {
    ...(values.config === undefined ? {} : { configFile: values.config }),
    ...(values['trust-workspace-config'] ? { trustWorkspaceConfig: true as const } : {}),
  }
}

/** `--apply`, `--action`, `--only`, `--end`, `--lines`: each only where its operation takes it. */
function parseEditOptions(
  operation: LspOperation,
  values: Values & { apply?: boolean; json?: boolean },
): { action?: number | string; only?: string; apply?: boolean; end?: { line: number; character: number }; lines?: { start: number; end: number } } {
  if (values.apply && !['rename', 'codeActions', 'format'].includes(operation)) throw new UsageError(`${operation} takes no --apply (it changes nothing)`)
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
  }
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

function parseTarget(operation: LspOperation, argument: string | undefined, values: Values): QueryTarget {
  const refuse = (names: readonly (keyof Values)[], why: string): void => {
    const given = names.filter((name) => values[name] !== undefined)
    if (given.length > 0) throw new UsageError(`${operation} takes no ${given.map((name) => `--${name}`).join(' or ')} (${why})`)
  }
  const shape = lspRequestShapes[operation]
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

/** A whole number from 1 to {@link MAX_NUMBER}. */
function positive(name: string, text: string): number {
  const value = Number(text)
  if (!/^\d+$/.test(text) || value < 1 || value > MAX_NUMBER) throw new UsageError(`${name} must be a whole number from 1 to ${MAX_NUMBER} (got ${shown(text)})`)
  return value
}

/** Node's parseArgs messages are long and suggest `--`; say just what is wrong. */
function parseArgsMessage(error: Error & { code?: string }): string {
  const option = /'([^']+)'/.exec(error.message)?.[1]
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option) return `unknown option ${shown(option)}`
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option) {
    const name = shown(option.split(' ')[0]!)
    // `--line -3`: parseArgs will not take a value that looks like an option.
    return /ambiguous/.test(error.message) ? `option ${name} needs a value (for one that starts with "-", write ${name}=VALUE)` : `option ${name} needs a value`
  }
  return error.message.split('\n')[0] ?? 'invalid arguments'
}

/** Longest value quoted in a usage message, in code points, the `…` included. */
const MAX_QUOTED = 60

/** A value as a usage message quotes it: in JSON quotes (a line break shows as `\n`), cut to {@link MAX_QUOTED}. */
function quoted(text: string): string {
  const codePoints = Array.from(text)
  return JSON.stringify(codePoints.length > MAX_QUOTED ? `${codePoints.slice(0, MAX_QUOTED - 1).join('')}…` : text)
}

/** A value as it is when short and plain (`0`, `two`, `--bogus`), else {@link quoted}. */
function shown(text: string): string {
  return /^[\x21-\x7e]+$/.test(text) && text.length <= MAX_QUOTED ? text : quoted(text)
}
