import { realpathSync, statSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { HarnessError } from '@agent-lsp/errors'
import { version } from '../version.js'
import { agentHosts, type AgentHostId, type McpLaunch } from './agent-hosts.js'
import { writeEntry } from './config-files.js'

const hostIds = Object.keys(agentHosts) as AgentHostId[]

/** The `agent-lsp setup --help` text. */
export const setupUsage = `Usage: agent-lsp setup ${hostIds.join('|')} [--root DIR] [--npx] [--no-hook]

Add agent-lsp's MCP server ("lsp") to an agent host's config, keeping everything else in it:
  claude-code  <root>/.mcp.json, and a PreToolUse hook on Grep and Bash in <root>/.claude/settings.json
               that answers a search for an identifier with its references (agent-lsp hook --help)
  codex        $CODEX_HOME/config.toml (default ~/.codex/config.toml)
  cursor       <root>/.cursor/mcp.json
  vscode       <root>/.vscode/mcp.json
  zed          <root>/.zed/settings.json
  gemini       <root>/.gemini/settings.json
The server runs this installation (node and its absolute path) on the workspace <root>.
  --root DIR   the project (default: the current directory)
  --npx        run "npx -y agent-lsp@${version}" instead (once the package is published)
  --no-hook    leave Claude Code's hooks as they are`

/** Where the command writes, and from where it runs (the shape of `main`'s `CliIo`). */
export interface SetupIo {
  readonly cwd: string
  readonly env?: NodeJS.ProcessEnv
  stdout(text: string): void
  stderr(text: string): void
}

/**
 * `agent-lsp setup HOST`: write the host's entries (see `agentHosts`), one line each on stdout:
 * `created|added|replaced|unchanged FILE (KEY)`.
 * @returns the exit status: 0 written, 1 on error (`agent-lsp: CODE: message`: `SETUP_UNREADABLE`,
 *   `SETUP_UNWRITABLE`, `LSP_FILE_NOT_FOUND` for a root that is not a directory), 2 on bad usage.
 */
export function runSetupCommand(argv: readonly string[], io: SetupIo): number {
  let values: { root?: string; npx?: boolean; 'no-hook'?: boolean; help?: boolean }
  let positionals: string[]
  try {
    ;({ values, positionals } = parseArgs({
      args: [...argv],
      options: { root: { type: 'string' }, npx: { type: 'boolean' }, 'no-hook': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    }))
    if (!values.help && (positionals.length !== 1 || !hostIds.includes(positionals[0] as AgentHostId))) {
      throw new Error(positionals.length === 0 ? 'name the agent host' : `unknown agent host ${JSON.stringify(positionals.join(' ').slice(0, 60))}`)
    }
  } catch (error) {
    io.stderr(`agent-lsp: setup: ${(error as Error).message} (one of ${hostIds.join(', ')})\nRun "agent-lsp setup --help" for usage.\n`)
    return 2
  }
  if (values.help) return io.stdout(`${setupUsage}\n`), 0
  const root = path.resolve(io.cwd, values.root ?? '.')
  try {
    if (!isDirectory(root)) throw new HarnessError('LSP_FILE_NOT_FOUND', `workspace root ${root} does not exist or is not a directory`)
    const host = agentHosts[positionals[0] as AgentHostId]
    const run = (...args: string[]): McpLaunch => (values.npx ? { command: 'npx', args: ['-y', `agent-lsp@${version}`, ...args] } : { command: process.execPath, args: [thisScript(), ...args] })
    const realRoot = realpathSync(root)
    const hook = values['no-hook'] ? undefined : run('hook', 'claude-code')
    for (const entry of host.entries(run('mcp', '--root', realRoot), { root: realRoot, env: io.env ?? process.env }, hook)) {
      const key = entry.key.join('.').replaceAll('.[', '[')
      io.stdout(`${writeEntry(entry)} ${shownPath(entry.file, realRoot)} (${key})\n`)
    }
    return 0
  } catch (error) {
    const code = HarnessError.isInstance(error) ? error.code : 'SETUP_INTERNAL'
    io.stderr(`agent-lsp: ${code}: ${(error as Error).message.replace(/\s*\n\s*/g, ' ')}\n`)
    return 1
  }
}

/** The script this command runs from (`dist/bin.js`, through any `npm -g` link). */
function thisScript(): string {
  return realpathSync(process.argv[1]!)
}

function shownPath(file: string, root: string): string {
  const inside = path.relative(root, file)
  return inside.startsWith('..') || path.isAbsolute(inside) ? file : inside
}

function isDirectory(file: string): boolean {
  try {
    return statSync(file).isDirectory()
  } catch {
    return false
  }
}
