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
  line, col   1-based; col counts Unicode code points of the line (an emoji is 1)
  --root DIR  the workspace (default: the current directory)
  --json      print the seam's result (zero-based UTF-16 positions) instead of text

Exit status: 0 with an answer (an empty answer is one), 1 on error, 2 on bad usage.`

/** A usage mistake: printed with a pointer to `--help`, exit status 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError'
}

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
      options: {
        root: { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
        version: { type: 'boolean', short: 'v', default: false },
      },
    })
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0] ?? 'invalid arguments')
  }
  const { values, positionals } = parsed
  if (values.help) return { kind: 'help' }
  if (values.version) return { kind: 'version' }
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
  const [, filePath, line, character] = match as unknown as [string, string, string, string]
  if (values.root === '') throw new UsageError('--root needs a directory')
  return {
    kind: 'query',
    operation: operation as LspOperation,
    filePath,
    line: Number(line),
    character: Number(character),
    root: values.root ?? '.',
    json: values.json,
  }
}
