import { realpathSync } from 'node:fs'
import path from 'node:path'
import type { LspOperation } from '@agent-lsp/lsp'
import { defaultLocalProviderLimits, type LocalServerConfig } from '@agent-lsp/lsp-local'
import type { ConfigFlags } from './args.js'
import { serverCatalogue, type CatalogueEntry } from './catalogue.js'
import { ConfigError, readConfigFile, type ConfigFile } from './config-file.js'
import { findExecutable, isExecutable, searchDirs, workspaceBinDir, type ExecutableSource } from './detect.js'
import { bundledProcess, bundledScript, projectCheckOf } from './servers.js'
import { checkWorkspaceConfig, findUserConfig, findWorkspaceConfig, isTrustedWorkspace, userConfigPath } from './trust.js'

/** What {@link loadServerSetup} reads. */
export interface ConfigOptions {
  /** The workspace root, absolute. Its `agent-lsp.toml` / `agent-lsp.json` is the workspace config. */
  readonly workspaceRoot: string
  /** `PATH`, `PATHEXT`, `HOME`, `XDG_CONFIG_HOME`. */
  readonly env: NodeJS.ProcessEnv
  /** `--config FILE` (absolute): read in place of the user-level config, and as trusted. */
  readonly configFile?: string
  /** `--trust-workspace-config`. */
  readonly trustWorkspaceConfig?: boolean
  /** Leave out the config files (see {@link loadServerSetupBeside}): `workspace`, or `all` (the catalogue alone). */
  readonly skip?: 'workspace' | 'all'
}

/** Where a server's executable is, or that it is not: `bundled` is a script run by this Node. */
export type Executable =
  | { readonly found: true; readonly path: string; readonly source: 'bundled' | 'absolute' | ExecutableSource }
  | {
      readonly found: false
      readonly command: string
      /** The workspace's `node_modules/.bin` has it, but the workspace is not trusted. */
      readonly untrustedCandidate?: string
    }

/** One server to host: its config, and what detection found for it. */
export interface PlannedServer {
  readonly config: LocalServerConfig
  /** The catalogue's language name (`TypeScript/JavaScript`), or the id of a server added by config. */
  readonly language: string
  readonly executable: Executable
  /** Arguments that print its version: the catalogue's, while the command is the catalogue's own. */
  readonly versionArgs?: readonly string[]
  /** The operations it answers: the catalogue's measured list, while the command is the catalogue's own. */
  readonly operations?: readonly LspOperation[]
  /** The catalogue entry it comes from, if any. */
  readonly entry?: CatalogueEntry
}

/** The servers, after the catalogue, the user config and the workspace config. */
export interface ServerSetup {
  readonly servers: readonly PlannedServer[]
  /** The config files applied, in order (user, then workspace). */
  readonly files: readonly string[]
  readonly workspaceTrusted: boolean
}

/** A server being assembled: the catalogue's, then each file's fields over it. */
interface Draft {
  readonly id: string
  readonly entry?: CatalogueEntry
  /** Run as the catalogue's bundled script, until a config sets `command` or `args`. */
  bundled: boolean
  /** The catalogue's own process (command, args, version args), until a config sets one. */
  catalogueProcess: boolean
  command: string
  args: readonly string[]
  extensionToLanguage: Record<string, string>
  rootMarkers?: readonly string[]
  initializationOptions?: unknown
  settings?: Readonly<Record<string, unknown>>
  env?: Readonly<Record<string, string>>
  maxMemoryMB?: number
}

/**
 * The servers to host: the catalogue, overridden field by field (or added to) by the user config,
 * then by the workspace config (checked for trust first, see `trust.ts`); each command located
 * (see `detect.ts`). A field a config sets replaces the catalogue's (`settings` too, whole);
 * setting `command` or `args` replaces the process, the one left out being the catalogue's
 * standalone one (`pyright-langserver`, `--stdio`). An extension given to a server is taken from
 * every other; a server left with none is dropped (`enabled = false` leaves it none; `enabled =
 * true` gives a catalogue alternative its extensions). A relative `command` with a directory is
 * relative to its config file.
 * @throws ConfigError `CONFIG_NOT_FOUND`, `CONFIG_INVALID` (with `file:line:`), `CONFIG_UNTRUSTED`.
 */
export function loadServerSetup(options: ConfigOptions): ServerSetup {
  const { workspaceRoot, env } = options
  const userPath = options.skip === 'all' ? undefined : (options.configFile ?? findUserConfig(env))
  const user = userPath === undefined ? undefined : readConfigFile(userPath)
  const workspacePath = options.skip === undefined ? findWorkspaceConfig(workspaceRoot) : undefined
  const workspace = workspacePath === undefined || (userPath !== undefined && sameFile(userPath, workspacePath)) ? undefined : readConfigFile(workspacePath)
  const trusted = isTrustedWorkspace(workspaceRoot, user, options.trustWorkspaceConfig ?? false, env)

  const drafts = new Map<string, Draft>(serverCatalogue.map((entry) => [entry.id, fromCatalogue(entry)]))
  if (user) apply(drafts, user)
  if (workspace) {
    checkWorkspaceConfig(workspace, trusted, workspaceRoot, options.configFile ?? userConfigPath(env), (index) => {
      const server = workspace.config.servers?.[index]
      const draft = server && drafts.get(server.id)
      const command = server?.command === undefined ? (draft?.command ?? '') : commandIn(server.command, workspace)
      return [command, ...(server?.args ?? draft?.args ?? [])].map(quoteArg).join(' ')
    })
    apply(drafts, workspace, trusted)
  }
  const servers = [...drafts.values()].filter((draft) => Object.keys(draft.extensionToLanguage).length > 0).map((draft) => plan(draft, workspaceRoot, trusted, env))
  return { servers, files: [user?.path, workspace?.path].filter((file) => file !== undefined), workspaceTrusted: trusted }
}

function fromCatalogue(entry: CatalogueEntry): Draft {
  return {
    id: entry.id,
    entry,
    bundled: entry.bundled !== undefined,
    catalogueProcess: true,
    command: entry.command,
    args: entry.args,
    // An alternative serves nothing until a config enables it.
    extensionToLanguage: entry.alternativeTo === undefined ? { ...entry.extensionToLanguage } : {},
    ...(entry.rootMarkers ? { rootMarkers: entry.rootMarkers } : {}),
    ...(entry.initializationOptions ? { initializationOptions: entry.initializationOptions } : {}),
    ...(entry.settings ? { settings: entry.settings } : {}),
  }
}

/**
 * Lay `file`'s servers over `drafts`; an untrusted one may lower a memory cap, never raise it.
 * @throws ConfigError `CONFIG_INVALID` for what the schema cannot see.
 */
function apply(drafts: Map<string, Draft>, file: ConfigFile, trusted = true): void {
  const ids = new Map<string, number>()
  const extensions = new Map<string, string>()
  for (const [index, server] of (file.config.servers ?? []).entries()) {
    const invalid = (at: readonly (string | number)[], text: string) => new ConfigError('CONFIG_INVALID', file.problem(['servers', index, ...at], text))
    const earlier = ids.get(server.id)
    if (earlier !== undefined) throw invalid(['id'], `server "${server.id}" is already configured at line ${file.lineOf(['servers', earlier])}`)
    ids.set(server.id, index)
    let draft = drafts.get(server.id)
    if (!draft) {
      if (server.command === undefined || server.extensions === undefined) {
        throw invalid([], `server "${server.id}" is not in the catalogue (${serverCatalogue.map((entry) => entry.id).join(', ')}), so it needs command and extensions`)
      }
      draft = { id: server.id, bundled: false, catalogueProcess: false, command: '', args: [], extensionToLanguage: {} }
      drafts.set(server.id, draft)
    }
    if (server.command !== undefined || server.args !== undefined) {
      draft.bundled = false
      draft.catalogueProcess = false
      if (server.command !== undefined) draft.command = commandIn(server.command, file)
      if (server.args !== undefined) draft.args = server.args
    }
    // `enabled = true` gives a catalogue server its own extensions (an alternative's, taken from the default).
    const given = server.extensions ?? (server.enabled === true ? draft.entry?.extensionToLanguage : undefined)
    if (given !== undefined) {
      for (const extension of Object.keys(given)) {
        const owner = extensions.get(extension)
        if (owner !== undefined) throw invalid(server.extensions ? ['extensions', extension] : ['enabled'], `extension ${extension} is already given to server "${owner}" in this file`)
        extensions.set(extension, server.id)
        for (const other of drafts.values()) if (other !== draft) delete other.extensionToLanguage[extension]
      }
      draft.extensionToLanguage = { ...given }
    }
    if (server.enabled === false) draft.extensionToLanguage = {}
    if (server.rootMarkers !== undefined) draft.rootMarkers = server.rootMarkers
    if (server.initializationOptions !== undefined) draft.initializationOptions = server.initializationOptions
    if (server.settings !== undefined) draft.settings = server.settings
    if (server.env !== undefined) draft.env = server.env
    if (server.maxMemoryMB !== undefined) draft.maxMemoryMB = trusted ? server.maxMemoryMB : Math.min(server.maxMemoryMB, draft.maxMemoryMB ?? defaultLocalProviderLimits.maxMemoryMB)
  }
}

/** The finished config of a draft, with its executable located. */
function plan(draft: Draft, workspaceRoot: string, trusted: boolean, env: NodeJS.ProcessEnv): PlannedServer {
  const { entry } = draft
  let command = draft.command
  let args = draft.args
  let initializationOptions = draft.initializationOptions
  let executable: Executable | undefined
  const script = draft.bundled && entry ? bundledScript(entry) : undefined
  if (entry && script !== undefined) {
    ;({ command, args, initializationOptions } = bundledProcess(entry, initializationOptions))
    executable = { found: true, path: script, source: 'bundled' }
  } else {
    executable = locate(command, workspaceRoot, trusted, env)
    // Found on PATH: keep the name, so the spawn (and its error, were it to vanish) says what it looked for.
    if (executable.found && executable.source !== 'PATH') command = executable.path
  }
  const config: LocalServerConfig = {
    id: draft.id,
    command,
    ...(args.length > 0 ? { args } : {}),
    extensionToLanguage: draft.extensionToLanguage,
    ...(draft.rootMarkers ? { rootMarkers: draft.rootMarkers } : {}),
    ...(entry?.projectMarkers ? { projectMarkers: entry.projectMarkers } : {}),
    ...(initializationOptions !== undefined ? { initializationOptions } : {}),
    ...(draft.settings ? { settings: draft.settings } : {}),
    ...(draft.env ? { env: draft.env } : {}),
    ...(entry?.readyLogPattern ? { readyLogPattern: entry.readyLogPattern } : {}),
    ...(entry?.readyLogStream ? { readyLogStream: entry.readyLogStream } : {}),
    ...(entry?.excludedFolders ? { excludedFolders: entry.excludedFolders } : {}),
    ...(entry?.onPackagesChanged ? { onPackagesChanged: entry.onPackagesChanged } : {}),
    // A trusted workspace's own virtualenv may run its interpreter (see lsp-local's `virtualenv`).
    ...(entry?.virtualenv ? { virtualenv: { ...entry.virtualenv, runWorkspaceInterpreter: trusted } } : {}),
    ...(entry?.inheritsConfig ? { inheritsConfig: entry.inheritsConfig } : {}),
    ...(entry?.compileDatabase ? { compileDatabase: entry.compileDatabase } : {}),
    ...(entry?.openChangedFiles ? { openChangedFiles: entry.openChangedFiles } : {}),
    ...(entry?.deadLogPattern ? { deadLogPattern: entry.deadLogPattern } : {}),
    ...(entry?.heapLimitOption ? { heapLimitOption: entry.heapLimitOption } : {}),
    ...(draft.maxMemoryMB !== undefined ? { maxMemoryMB: draft.maxMemoryMB } : {}),
    ...(entry?.diagnostics ? { diagnostics: entry.diagnostics } : {}),
    ...projectCheckOf(entry),
    ...(entry ? { installHint: entry.install } : {}),
  }
  return {
    config,
    language: entry?.language ?? draft.id,
    executable,
    ...(entry && draft.catalogueProcess ? { versionArgs: entry.versionArgs, operations: entry.operations } : {}),
    ...(entry ? { entry } : {}),
  }
}

/** Where `command` runs from: an absolute path as is; a name searched (see `detect.ts`). */
function locate(command: string, workspaceRoot: string, trusted: boolean, env: NodeJS.ProcessEnv): Executable {
  if (path.isAbsolute(command)) return isExecutable(command) ? { found: true, path: command, source: 'absolute' } : { found: false, command }
  const workspaceBin = workspaceBinDir(workspaceRoot)
  const found = findExecutable(command, searchDirs({ env }, trusted ? workspaceBin : undefined), { env })
  if (found) return { found: true, ...found }
  const untrusted = trusted ? undefined : findExecutable(command, [{ dir: workspaceBin, source: 'workspace' }], { env })
  return { found: false, command, ...(untrusted ? { untrustedCandidate: untrusted.path } : {}) }
}

/** A config's `command`: a bare name as is; a path with a directory resolved against the file's. */
function commandIn(command: string, file: ConfigFile): string {
  return /[\\/]/.test(command) ? path.resolve(path.dirname(file.path), command) : command
}

function quoteArg(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`
}

function sameFile(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b)
  } catch {
    return false
  }
}

/**
 * {@link loadServerSetup} for a command line: `--config FILE` relative to `cwd`.
 * @throws ConfigError as {@link loadServerSetup}.
 */
export function loadServerSetupFor(flags: ConfigFlags, cwd: string, workspaceRoot: string, env: NodeJS.ProcessEnv): ServerSetup {
  return loadServerSetup(optionsFor(flags, cwd, workspaceRoot, env))
}

/** A setup that could be loaded, and the config error that kept a file out of it. */
export interface SetupBeside {
  readonly setup: ServerSetup
  /** Why the config files are not all applied: the error {@link loadServerSetup} throws. */
  readonly refusal?: ConfigError
}

/**
 * {@link loadServerSetupFor} for the commands that report a config error instead of stopping on it
 * (`doctor` prints the servers beside it, `mcp` answers every call with it): on a `ConfigError`,
 * the setup without the workspace config, or when that fails too (the user config or `--config`
 * is at fault) the catalogue alone, and the error.
 */
export function loadServerSetupBeside(flags: ConfigFlags, cwd: string, workspaceRoot: string, env: NodeJS.ProcessEnv): SetupBeside {
  const options = optionsFor(flags, cwd, workspaceRoot, env)
  let refusal: ConfigError | undefined
  for (const skip of [undefined, 'workspace', 'all'] as const) {
    try {
      const setup = loadServerSetup(skip === undefined ? options : { ...options, skip })
      return refusal === undefined ? { setup } : { setup, refusal }
    } catch (error) {
      if (!(error instanceof ConfigError) || skip === 'all') throw error
      refusal ??= error
    }
  }
  throw new Error('unreachable: the catalogue alone always loads')
}

function optionsFor(flags: ConfigFlags, cwd: string, workspaceRoot: string, env: NodeJS.ProcessEnv): ConfigOptions {
  return {
    workspaceRoot,
    env,
    ...(flags.configFile === undefined ? {} : { configFile: path.resolve(cwd, flags.configFile) }),
    trustWorkspaceConfig: flags.trustWorkspaceConfig ?? false,
  }
}
