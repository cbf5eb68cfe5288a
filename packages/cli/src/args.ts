import { parseArgs } from 'node:util'
import { lspOperations, type LspOperation } from '@agent-lsp/lsp'

/** A parsed command line. */
export type Command =
  | { readonly kind: 'help' }
  | { readonly kind: 'version' }
  | {
      readonly kind: 'query'
      readonly operation: LspOperation
      readonly filePath: string
      /** 1-based line. */
      readonly line: number
      /** 1-based column in Unicode code points. */
      readonly character: number
      /** As given (default `.`), resolved against the working directory by the caller. */
      readonly root: string
      readonly json: boolean
    }

/** The `--help` text. */
export const usage = `Usage: agent-lsp <operation> <file>:<line>:<col> [--root DIR] [--json]

Ask a language server about code, as the lsp tool does.
  operation   ${lspOperations.join(' | ')}
  file        inside the workspace: absolute, or relative to the current directory (else to --root)
  line, col   1-based; col counts Unicode code points of the line (an emoji is 1)
  --root DIR  the workspace (default: the current directory); answers show paths relative to it
  --json      print the seam's result (zero-based UTF-16 positions) instead of text
  -h, --help  this text;  -v, --version  the version

Exit status: 0 with an answer (an empty answer is one), 1 on error, 2 on bad usage.`

/** A usage mistake: printed with a pointer to `--help`, exit status 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError'
}

/** The largest line or column accepted: beyond it no real file has the position. */
const MAX_POSITION = 2 ** 31 - 1

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
  const repeated = tokens.filter((token) => token.kind === 'option' && token.name === 'root').length > 1
  if (repeated) throw new UsageError('--root given more than once')
  const [operation, target, ...extra] = positionals
  if (operation === undefined) throw new UsageError('missing operation and <file>:<line>:<col>')
  if (!(lspOperations as readonly string[]).includes(operation)) {
    throw new UsageError(`unknown operation "${operation}" (expected ${lspOperations.join(', ')})`)
  }
  if (target === undefined) throw new UsageError(`missing <file>:<line>:<col> after ${operation}`)
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`)
  // From the right: a path may itself contain ':'.
  const match = /^(.+):(\d+):(\d+)$/.exec(target)
  if (!match) throw new UsageError(`expected <file>:<line>:<col> with 1-based numbers, got "${target}"`)
  const [, filePath, lineText, columnText] = match as unknown as [string, string, string, string]
  const line = Number(lineText)
  const character = Number(columnText)
  for (const [name, value] of [['line', line], ['col', character]] as const) {
    if (value < 1 || value > MAX_POSITION) throw new UsageError(`${name} must be from 1 to ${MAX_POSITION} (got ${name === 'line' ? lineText : columnText})`)
  }
  if (values.root === '') throw new UsageError('--root needs a directory')
  return { kind: 'query', operation: operation as LspOperation, filePath, line, character, root: values.root ?? '.', json: values.json }
}

/** Node's parseArgs messages are long and suggest `--`; say just what is wrong. */
function parseArgsMessage(error: Error & { code?: string }): string {
  const option = /'([^']+)'/.exec(error.message)?.[1]
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option) return `unknown option ${option}`
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option) return `option ${option.split(' ')[0]} needs a value`
  return error.message.split('\n')[0] ?? 'invalid arguments'
}
