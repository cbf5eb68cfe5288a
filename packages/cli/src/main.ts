import { existsSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import { HarnessError } from '@agent-lsp/errors'
import { createLspTool, runLspQuery } from '@agent-lsp/tool-lsp'
import { UsageError, parseCommand, usage, type Command } from './args.js'
import { createLspHost } from './host.js'

/** Where the command writes, and from where it runs. */
export interface CliIo {
  readonly cwd: string
  stdout(text: string): void
  stderr(text: string): void
}

/** The package version, printed by `--version`. */
export const version = '0.1.0'

/**
 * Run `agent-lsp` with `argv` (without `node` and the script).
 * @returns the exit status: 0 with an answer (an empty answer is one), 1 on error (a one-line
 *   `agent-lsp: CODE: message` on stderr), 2 on bad usage.
 */
export async function main(argv: readonly string[], io: CliIo, signal?: AbortSignal): Promise<number> {
  let command: Command
  try {
    command = parseCommand(argv)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.stderr(`agent-lsp: ${error.message}\nRun "agent-lsp --help" for usage.\n`)
    return 2
  }
  if (command.kind === 'help') return io.stdout(`${usage}\n`), 0
  if (command.kind === 'version') return io.stdout(`${version}\n`), 0

  const workspaceRoot = resolve(io.cwd, command.root)
  if (!isDirectory(workspaceRoot)) {
    io.stderr(`agent-lsp: LSP_FILE_NOT_FOUND: workspace root ${workspaceRoot} does not exist or is not a directory\n`)
    return 1
  }
  const host = createLspHost()
  try {
    // Like any command's, a relative file is relative to the current directory; failing that, to the root.
    const fromCwd = resolve(io.cwd, command.filePath)
    const fromRoot = resolve(workspaceRoot, command.filePath)
    const filePath = !existsSync(fromCwd) && existsSync(fromRoot) ? fromRoot : fromCwd
    const input = { operation: command.operation, filePath, line: command.line, character: command.character }
    if (command.json) {
      const result = await runLspQuery(host.ctx, input, { workspaceRoot }, signal)
      io.stdout(`${JSON.stringify(result, null, 2)}\n`)
    } else {
      const tool = createLspTool(host.ctx, { workspaceRoot })
      if (!tool) throw new Error('no language server is configured')
      io.stdout(`${await tool.execute(input, signal)}\n`)
    }
    return 0
  } catch (error) {
    io.stderr(`agent-lsp: ${describeError(error)}\n`)
    // Scripts reading --json get the error as JSON too.
    if (command.json) io.stdout(`${JSON.stringify({ error: errorFields(error) })}\n`)
    return 1
  } finally {
    await host.dispose()
  }
}

function errorFields(error: unknown): { code: string; message: string } {
  if (HarnessError.isInstance(error)) return { code: error.code, message: error.message.replace(/\s*\n\s*/g, ' ') }
  return { code: 'LSP_INTERNAL', message: `internal error: ${error instanceof Error ? error.message : String(error)}` }
}

function describeError(error: unknown): string {
  const { code, message } = errorFields(error)
  return `${code}: ${message}`
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}
