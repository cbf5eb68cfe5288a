import { existsSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import { text } from 'node:stream/consumers'
import { HarnessError } from '@agent-lsp/errors'
import { createLspTool, pathForMessage, runLspQuery } from '@agent-lsp/tool-lsp'
import { UsageError, parseCommand, usage, type Command, type QueryTarget } from './args.js'
import { loadServerSetupBeside, loadServerSetupFor, type ServerSetup } from './config.js'
import type { ConfigError } from './config-file.js'
import { followConfig } from './config-follow.js'
import { configStamp } from './config-stamp.js'
import type { LspHost } from './host.js'
import { connectHost } from './daemon/connect.js'
import { hostIdleMs, usesHost } from './daemon/host-settings.js'
import { createRemoteLspHost } from './daemon/remote-host.js'
import { runHostCommand } from './daemon/host-commands.js'
import { servedServers } from './serving/served-server.js'
import { indexAnswers, type IndexSide } from './sources/index-answers.js'
import { version } from './version.js'
import { openOperationLog, operationLogFile, type OperationLog } from './oplog/operation-log.js'

/** How the command reaches the shared host; without it, every command runs its own servers. */
export interface MainOptions {
  /** The host's entry script (`dist/host-process.js`); the bin gives it. */
  readonly hostScript?: string
}

/** Where the command writes, and from where it runs. */
export interface CliIo {
  readonly cwd: string
  /** For config lookup and `doctor` (`HOME`, `XDG_CONFIG_HOME`, `PATH`); default `process.env`. */
  readonly env?: NodeJS.ProcessEnv
  stdout(text: string): void
  stderr(text: string): void
  /** All of stdin, for `--text -`; default `process.stdin`'s. */
  readonly stdin?: () => Promise<string>
}

export { version } from './version.js'

/**
 * Run `agent-lsp` with `argv` (without `node` and the script).
 * @returns the exit status: 0 with an answer (an empty answer, or symbols to choose from, is one),
 *   1 on error (a one-line `agent-lsp: CODE: message` on stderr), 2 on bad usage.
 */
export async function main(argv: readonly string[], io: CliIo, signal?: AbortSignal, options: MainOptions = {}): Promise<number> {
  if (argv[0] === 'index') return (await import('./index-command.js')).runIndexCommand(argv.slice(1), io, signal)
  if (argv[0] === 'setup') return (await import('./setup/setup-command.js')).runSetupCommand(argv.slice(1), io)
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
  if (command.kind === 'stop' || command.kind === 'status') return runHostCommand(command, io.env ?? process.env, io)
  // `--text -`: the text is stdin's, as is (a final line break included).
  if (command.kind === 'query' && command.text === '-') command = { ...command, text: await (io.stdin ?? (() => text(process.stdin)))() }

  const workspaceRoot = resolve(io.cwd, command.root)
  if (!isDirectory(workspaceRoot)) {
    io.stderr(`agent-lsp: LSP_FILE_NOT_FOUND: workspace root ${pathForMessage(workspaceRoot)} does not exist or is not a directory\n`)
    return 1
  }
  const env = io.env ?? process.env
  let setup: ServerSetup
  // `doctor` and `mcp` report a config error beside what still loads (the report, every tool call).
  let refusal: ConfigError | undefined
  // Taken before the files are read: an edit while they are read is seen by the next call.
  const stamp = (): string => configStamp(command, io.cwd, workspaceRoot, env)
  const firstStamp = command.kind === 'mcp' ? stamp() : ''
  try {
    if (command.kind === 'query') setup = loadServerSetupFor(command, io.cwd, workspaceRoot, env)
    else ({ setup, refusal } = loadServerSetupBeside(command, io.cwd, workspaceRoot, env))
  } catch (error) {
    io.stderr(`agent-lsp: ${describeError(error)}\n`)
    if (command.kind === 'query' && command.json) io.stdout(`${JSON.stringify({ error: errorFields(error) })}\n`)
    return 1
  }
  if (refusal) io.stderr(`agent-lsp: ${describeError(refusal)}\n`)
  if (command.kind === 'doctor') return (await import('./doctor.js')).runDoctor(setup, workspaceRoot, env, (text) => io.stdout(text), refusal)
  let host: LspHost
  let log: OperationLog | undefined
  let indexSide: IndexSide | undefined
  const configs = servedServers(setup.servers)
  const crossCheck = command.noCrossCheck ? { crossCheck: false as const } : {}
  const client = command.kind === 'mcp' ? 'mcp' : 'command'
  const { hostScript } = options
  try {
    const logFile = operationLogFile(command, env)
    // Opened here either way, so that a log that cannot be written is this command's error.
    log = logFile === undefined ? undefined : openOperationLog(logFile, io.cwd)
    const remote = hostScript !== undefined && usesHost(command, env)
    // A process that lives on (an mcp session, the shared host) warms the live server once the index has answered.
    indexSide = await indexAnswers(command.source ?? setup.source ?? 'auto', workspaceRoot, { lookLater: command.kind === 'mcp', warm: command.kind === 'mcp' || remote, repositories: setup.indexes })
    const sourced = indexSide ? { answers: indexSide.answers } : {}
    if (remote) {
      log?.close() // the host writes it
      const hostEnv = { ...env, AGENT_LSP_HOST_IDLE_SECONDS: String(hostIdleMs(env) / 1000) }
      host = createRemoteLspHost(({ onStarting }) => connectHost({ env: hostEnv, hostScript, client, onStarting }), configs, { ...crossCheck, ...sourced, ...(log ? { logFile: log.file } : {}) })
      log = undefined
    } else {
      // Loaded only here: the servers' side (lsp-local, the protocol) is the host's when it serves.
      const { createLspHost } = await import('./host.js')
      host = createLspHost(configs, { ...crossCheck, ...sourced, ...(log ? { operationLog: { log, client } } : {}) })
    }
  } catch (error) {
    io.stderr(`agent-lsp: ${describeError(error)}\n`)
    if (command.kind === 'query' && command.json) io.stdout(`${JSON.stringify({ error: errorFields(error) })}\n`)
    return 1
  }
  if (command.kind === 'mcp') {
    // Loaded only for `mcp`: the MCP SDK is the largest thing the command could load.
    const { serveMcp } = await import('./mcp.js')
    // The servers follow an edited config through the host; other repositories' indexes here.
    const load = () => {
      const next = loadServerSetupBeside(command, io.cwd, workspaceRoot, env)
      indexSide?.followIndexes(next.setup.indexes)
      return next
    }
    const beforeCall = followConfig(host, { stamp: firstStamp, refusal }, stamp, load, io.stderr)
    try {
      return await serveMcp(host, { workspaceRoot, version, log: io.stderr, signal, beforeCall })
    } finally {
      log?.close()
    }
  }
  try {
    const input = toolInput(command, io.cwd, workspaceRoot)
    // Foreground: a live server's warm-up that an index answer calls for starts once it is printed.
    await host.foreground(async () => {
      if (command.json) {
        const result = await runLspQuery(host.ctx, input, { workspaceRoot, writeFlags: 'command' }, signal)
        io.stdout(`${JSON.stringify(result, null, 2)}\n`)
      } else {
        const tool = createLspTool(host.ctx, { workspaceRoot, writeFlags: 'command' })
        if (!tool) throw new Error('no language server is configured')
        io.stdout(`${await tool.execute(input, signal)}\n`)
      }
    })
    return 0
  } catch (error) {
    io.stderr(`agent-lsp: ${describeError(error)}\n`)
    // Scripts reading --json get the error as JSON too.
    if (command.json) io.stdout(`${JSON.stringify({ error: errorFields(error) })}\n`)
    return 1
  } finally {
    await host.dispose()
    log?.close()
  }
}

/**
 * The lsp tool's input for a query command. Like any command's, a relative file (or `--filter`
 * path) is relative to the current directory; failing that, when only that exists, to the root.
 */
export function toolInput(command: Extract<Command, { kind: 'query' }>, cwd: string, workspaceRoot: string): Record<string, unknown> {
  // `like`: a path that need not exist yet (moveFile's TO) goes where this one (FROM) was found.
  const file = (given: string, like = given): string => {
    const fromRoot = !existsSync(resolve(cwd, like)) && existsSync(resolve(workspaceRoot, like))
    return resolve(fromRoot ? workspaceRoot : cwd, given)
  }
  const { operation, target } = command
  const shaping = {
    ...(command.page === undefined ? {} : { page: command.page }),
    ...(command.fileFilter === undefined ? {} : { fileFilter: file(command.fileFilter) }),
  }
  const edit = {
    ...(command.newName === undefined ? {} : { newName: command.newName }),
    ...(command.action === undefined ? {} : { action: command.action }),
    ...(command.only === undefined ? {} : { only: command.only }),
    ...(command.end === undefined ? {} : { endLine: command.end.line, endCharacter: command.end.character }),
    ...(command.lines === undefined ? {} : { line: command.lines.start, endLine: command.lines.end }),
    ...(command.apply ? { apply: true } : {}),
    ...(command.force ? { force: true } : {}),
    ...(command.text === undefined ? {} : { text: command.text }),
  }
  return { operation, ...targetFields(target, file), ...shaping, ...edit }
}

function targetFields(target: QueryTarget, file: (given: string, like?: string) => string): Record<string, unknown> {
  const optionalFile = (given: string | undefined) => (given === undefined ? {} : { filePath: file(given) })
  switch (target.kind) {
    case 'cursor':
      return { filePath: file(target.filePath), line: target.line, character: target.character }
    case 'symbol':
      return { symbol: target.symbol, ...optionalFile(target.filePath), ...(target.line === undefined ? {} : { line: target.line }) }
    case 'file':
      return { filePath: file(target.filePath) }
    case 'workspace':
      return { query: target.query, ...optionalFile(target.filePath) }
    case 'project':
      return optionalFile(target.filePath)
    case 'diff':
      return { ...(target.diff === undefined ? {} : { diff: target.diff }), ...(target.depth === undefined ? {} : { depth: target.depth }) }
    case 'move':
      return { filePath: file(target.filePath), newPath: file(target.newPath, target.filePath) }
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
