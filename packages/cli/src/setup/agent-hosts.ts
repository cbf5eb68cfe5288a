import os from 'node:os'
import path from 'node:path'

/** How an agent host starts `agent-lsp mcp`: the program and its arguments. */
export interface McpLaunch {
  readonly command: string
  readonly args: readonly string[]
}

/** One entry to put in one config file: the value at `key` (a path of object keys) is replaced. */
export interface ConfigEntry {
  /** Absolute path of the file. */
  readonly file: string
  readonly format: 'json' | 'toml'
  readonly key: readonly string[]
  readonly value: unknown
}

/** Where a host is set up: the project, or the user's home (`HOME`, `CODEX_HOME`). */
export interface SetupPlace {
  readonly root: string
  readonly env: NodeJS.ProcessEnv
}

/** An agent host `agent-lsp setup` knows: its name and the entries it needs. */
export interface AgentHost {
  readonly id: AgentHostId
  readonly name: string
  entries(launch: McpLaunch, place: SetupPlace, hook: McpLaunch | undefined): readonly ConfigEntry[]
}

export type AgentHostId = 'claude-code' | 'codex' | 'cursor' | 'vscode' | 'zed' | 'gemini'

/** The name of our entry in every host's list of MCP servers. */
export const SERVER_NAME = 'lsp'

const home = (env: NodeJS.ProcessEnv): string => env.HOME || os.homedir()
const stdio = (launch: McpLaunch) => ({ command: launch.command, args: [...launch.args] })

/**
 * The hosts, each in the format its documentation gives: Claude Code's project `.mcp.json`
 * (`mcpServers`, `type: "stdio"`) and, in `.claude/settings.json`, a `PreToolUse` hook on `Grep`
 * and `Bash`; Codex CLI's `$CODEX_HOME/config.toml` (default `~/.codex`, `[mcp_servers.NAME]`);
 * Cursor's `.cursor/mcp.json` (`mcpServers`); VS Code's `.vscode/mcp.json` (`servers`,
 * `type: "stdio"`); Zed's project `.zed/settings.json` (`context_servers`); Gemini CLI's
 * `.gemini/settings.json` (`mcpServers`).
 */
export const agentHosts: Readonly<Record<AgentHostId, AgentHost>> = {
  'claude-code': {
    id: 'claude-code',
    name: 'Claude Code',
    entries: (launch, { root }, hook) => [
      { file: path.join(root, '.mcp.json'), format: 'json', key: ['mcpServers', SERVER_NAME], value: { type: 'stdio', ...stdio(launch), env: {} } },
      ...(hook ? [claudeHook(root, hook)] : []),
    ],
  },
  codex: {
    id: 'codex',
    name: 'Codex CLI',
    entries: (launch, { env }) => [{ file: path.join(env.CODEX_HOME || path.join(home(env), '.codex'), 'config.toml'), format: 'toml', key: ['mcp_servers', SERVER_NAME], value: stdio(launch) }],
  },
  cursor: {
    id: 'cursor',
    name: 'Cursor',
    entries: (launch, { root }) => [{ file: path.join(root, '.cursor', 'mcp.json'), format: 'json', key: ['mcpServers', SERVER_NAME], value: stdio(launch) }],
  },
  vscode: {
    id: 'vscode',
    name: 'VS Code',
    entries: (launch, { root }) => [{ file: path.join(root, '.vscode', 'mcp.json'), format: 'json', key: ['servers', SERVER_NAME], value: { type: 'stdio', ...stdio(launch) } }],
  },
  zed: {
    id: 'zed',
    name: 'Zed',
    entries: (launch, { root }) => [{ file: path.join(root, '.zed', 'settings.json'), format: 'json', key: ['context_servers', SERVER_NAME], value: { ...stdio(launch), env: {} } }],
  },
  gemini: {
    id: 'gemini',
    name: 'Gemini CLI',
    entries: (launch, { root }) => [{ file: path.join(root, '.gemini', 'settings.json'), format: 'json', key: ['mcpServers', SERVER_NAME], value: stdio(launch) }],
  },
}

/** The matcher of our `PreToolUse` hook: Claude Code's search tool, and shell commands (`grep`, `rg`). */
export const HOOK_MATCHER = 'Grep|Bash'

/**
 * Claude Code's hook entry: `hooks.PreToolUse` is a list of matchers, shared with the user's own
 * hooks, so ours is the one list item whose matcher is {@link HOOK_MATCHER} (see `config-files.ts`).
 */
function claudeHook(root: string, hook: McpLaunch): ConfigEntry {
  const command = [hook.command, ...hook.args].map(shellQuoted).join(' ')
  return {
    file: path.join(root, '.claude', 'settings.json'),
    format: 'json',
    key: ['hooks', 'PreToolUse', `[matcher=${HOOK_MATCHER}]`],
    value: { matcher: HOOK_MATCHER, hooks: [{ type: 'command', command, timeout: 30 }] },
  }
}

/** `word` as one POSIX shell word (Claude Code runs a hook's command through the shell). */
export function shellQuoted(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`
}
