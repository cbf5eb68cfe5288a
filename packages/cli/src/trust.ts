import { existsSync, realpathSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ConfigError, type ConfigFile } from './config-file.js'

/**
 * Who may choose what a language server runs. The user-level config is the user's own: trusted.
 * A config inside the workspace (`agent-lsp.toml` / `agent-lsp.json` at its root) comes with the
 * repository, so without trust it may set only `extensions`, `rootMarkers`, `enabled`, `fallbacks`
 * and `disabledOperations` (each chooses among commands already allowed, or asks less): `command`, `args`
 * and `env` choose what runs, and `settings` and `initializationOptions` can too (tsserver's
 * `tsserver.path`, pyright's `python.pythonPath`, bash-language-server's `shellcheckPath` name
 * programs the server runs). The workspace's `node_modules/.bin` is searched for commands only
 * when trusted, for the same reason. Trust is `--trust-workspace-config`, or the workspace's
 * realpath listed in the user config's `trustedWorkspaces`.
 */

/** The fields a workspace config may set only when the workspace is trusted, in the message's order. */
export const trustedOnlyFields = ['command', 'args', 'env', 'settings', 'initializationOptions'] as const

/** `$XDG_CONFIG_HOME/agent-lsp` (when set and absolute), else `~/.config/agent-lsp`. */
export function userConfigDir(env: NodeJS.ProcessEnv): string {
  const xdg = env.XDG_CONFIG_HOME
  const base = xdg && path.isAbsolute(xdg) ? xdg : path.join(env.HOME || os.homedir(), '.config')
  return path.join(base, 'agent-lsp')
}

/** The user config file: `config.toml`, else `config.json`, in {@link userConfigDir}; `undefined` when neither exists. */
export function findUserConfig(env: NodeJS.ProcessEnv): string | undefined {
  return findOne(userConfigDir(env), ['config.toml', 'config.json'])
}

/** The path the user config has or would have (for messages saying where to add trust). */
export function userConfigPath(env: NodeJS.ProcessEnv): string {
  return findUserConfig(env) ?? path.join(userConfigDir(env), 'config.toml')
}

/**
 * The workspace config: `<root>/agent-lsp.toml` or `<root>/agent-lsp.json`.
 * @throws ConfigError `CONFIG_INVALID` when both exist (which one wins would be a guess).
 */
export function findWorkspaceConfig(workspaceRoot: string): string | undefined {
  return findOne(workspaceRoot, ['agent-lsp.toml', 'agent-lsp.json'])
}

/**
 * Whether the workspace is trusted: by `flag` (`--trust-workspace-config`), or its realpath is one
 * of the user config's `trustedWorkspaces` (each absolute or `~/…`, compared as realpaths).
 */
export function isTrustedWorkspace(workspaceRoot: string, userConfig: ConfigFile | undefined, flag: boolean, env: NodeJS.ProcessEnv): boolean {
  if (flag) return true
  const root = realpathOr(workspaceRoot)
  const home = env.HOME || os.homedir()
  return (userConfig?.config.trustedWorkspaces ?? []).some((listed) => {
    const expanded = listed === '~' || listed.startsWith('~/') ? path.join(home, listed.slice(1)) : listed
    return path.isAbsolute(expanded) && realpathOr(expanded) === root
  })
}

/**
 * Refuse an untrusted workspace config that sets a trusted-only field (the first by line), or
 * that lists `trustedWorkspaces` (only the user config may).
 * @param describeCommand the command line a server entry would run, for the message.
 * @throws ConfigError `CONFIG_UNTRUSTED`, or `CONFIG_INVALID` for `trustedWorkspaces`.
 */
export function checkWorkspaceConfig(
  file: ConfigFile,
  trusted: boolean,
  workspaceRoot: string,
  trustFile: string,
  describeCommand: (serverIndex: number) => string,
): void {
  if (file.config.trustedWorkspaces !== undefined) {
    throw new ConfigError('CONFIG_INVALID', file.problem(['trustedWorkspaces'], `only the user config (${trustFile}) can list trusted workspaces`))
  }
  if (trusted) return
  const violations = (file.config.servers ?? []).flatMap((server, index) =>
    trustedOnlyFields.filter((field) => server[field] !== undefined).map((field) => ({ index, field, id: server.id, line: file.lineOf(['servers', index, field]) })),
  )
  const first = violations.sort((a, b) => a.line - b.line)[0]
  if (!first) return
  const how = trustHint(workspaceRoot, trustFile)
  const what =
    first.field === 'command' || first.field === 'args'
      ? `server "${first.id}" would run \`${describeCommand(first.index)}\`, but a workspace config may not choose commands ${how}`
      : `server "${first.id}" sets ${first.field}, but a workspace config may not set ${first.field} (it can make a server run programs) ${how}`
  throw new ConfigError('CONFIG_UNTRUSTED', `${file.path}:${first.line}: ${what}`)
}

/** How to trust a workspace, ending a `CONFIG_UNTRUSTED` message: `until you trust the workspace: …`. */
export function trustHint(workspaceRoot: string, trustFile: string): string {
  return `until you trust the workspace: pass --trust-workspace-config, or add "${realpathOr(workspaceRoot)}" to trustedWorkspaces in ${trustFile}`
}

function findOne(dir: string, names: readonly string[]): string | undefined {
  const present = names.map((name) => path.join(dir, name)).filter((file) => existsSync(file))
  if (present.length > 1) throw new ConfigError('CONFIG_INVALID', `both ${present.join(' and ')} exist; keep one`)
  return present[0]
}

function realpathOr(file: string): string {
  try {
    return realpathSync(file)
  } catch {
    return path.resolve(file)
  }
}
