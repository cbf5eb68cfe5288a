import { realpathSync } from 'node:fs'
import path from 'node:path'
import { defaultLocalProviderLimits } from '@agent-lsp/lsp-local/config'
import type { ConfigFlags } from './args.js'
import type { AnswerSource } from './sources/source-names.js'
import { serverCatalogue, type CatalogueEntry } from './catalogue.js'
import { ConfigError, readConfigFile, type ConfigFile } from './config-file.js'
import { planIndexes, type ConfiguredIndex } from './config-indexes.js'
import { planServers, type Draft, type PlannedServer } from './config-plan.js'
import { checkWorkspaceConfig, findUserConfig, findWorkspaceConfig, isTrustedWorkspace, trustHint, userConfigPath } from './trust.js'

export type { DisabledOperations, Executable, PlannedServer } from './config-plan.js'

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

/** The servers, after the catalogue, the user config and the workspace config. */
export interface ServerSetup {
  readonly servers: readonly PlannedServer[]
  /** The config files applied, in order (user, then workspace). */
  readonly files: readonly string[]
  readonly workspaceTrusted: boolean
  /** The `source` key (the workspace config's, else the user config's); absent when neither sets it. */
  readonly source?: AnswerSource
  /** Other repositories' indexes (`[[indexes]]`: the workspace config's, else the user config's; see `planIndexes`). */
  readonly indexes: readonly ConfiguredIndex[]
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
  const servers = planServers(drafts, workspaceRoot, trusted, env)
  const source = workspace?.config.source ?? user?.config.source
  const trustHow = trustHint(workspaceRoot, options.configFile ?? userConfigPath(env))
  const indexes =
    workspace?.config.indexes !== undefined ? planIndexes(workspace, trusted, workspaceRoot, trustHow) : user?.config.indexes !== undefined ? planIndexes(user, true, workspaceRoot, trustHow) : []
  return { servers, files: [user?.path, workspace?.path].filter((file) => file !== undefined), workspaceTrusted: trusted, indexes, ...(source === undefined ? {} : { source }) }
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
    fileNameToLanguage: entry.alternativeTo === undefined ? { ...entry.fileNameToLanguage } : {},
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
  const fileNames = new Map<string, string>()
  for (const [index, server] of (file.config.servers ?? []).entries()) {
    const invalid = (at: readonly (string | number)[], text: string) => new ConfigError('CONFIG_INVALID', file.problem(['servers', index, ...at], text))
    const earlier = ids.get(server.id)
    if (earlier !== undefined) throw invalid(['id'], `server "${server.id}" is already configured at line ${file.lineOf(['servers', earlier])}`)
    ids.set(server.id, index)
    let draft = drafts.get(server.id)
    if (!draft) {
      if (server.command === undefined || (server.extensions === undefined && server.fileNames === undefined)) {
        throw invalid([], `server "${server.id}" is not in the catalogue (${serverCatalogue.map((entry) => entry.id).join(', ')}), so it needs command and extensions (or fileNames)`)
      }
      draft = { id: server.id, bundled: false, catalogueProcess: false, command: '', args: [], extensionToLanguage: {}, fileNameToLanguage: {} }
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
    const names = server.fileNames ?? (server.enabled === true ? draft.entry?.fileNameToLanguage : undefined)
    if (names !== undefined) {
      for (const name of Object.keys(names)) {
        const owner = fileNames.get(name.toLowerCase())
        if (owner !== undefined) throw invalid(server.fileNames ? ['fileNames', name] : ['enabled'], `file name ${name} is already given to server "${owner}" in this file`)
        fileNames.set(name.toLowerCase(), server.id)
        for (const other of drafts.values()) {
          if (other === draft) continue
          for (const taken of Object.keys(other.fileNameToLanguage)) if (taken.toLowerCase() === name.toLowerCase()) delete other.fileNameToLanguage[taken]
        }
      }
      draft.fileNameToLanguage = { ...names }
    }
    if (server.enabled === false) {
      draft.extensionToLanguage = {}
      draft.fileNameToLanguage = {}
    }
    if (server.rootMarkers !== undefined) draft.rootMarkers = server.rootMarkers
    if (server.initializationOptions !== undefined) draft.initializationOptions = server.initializationOptions
    if (server.settings !== undefined) draft.settings = server.settings
    if (server.env !== undefined) draft.env = server.env
    if (server.maxMemoryMB !== undefined) draft.maxMemoryMB = trusted ? server.maxMemoryMB : Math.min(server.maxMemoryMB, draft.maxMemoryMB ?? defaultLocalProviderLimits.maxMemoryMB)
    if (server.disabledOperations !== undefined) {
      draft.disabled = { operations: server.disabledOperations, setting: `disabledOperations in ${file.path}:${file.lineOf(['servers', index, 'disabledOperations'])}` }
    }
    if (server.fallbacks !== undefined) draft.fallbacks = server.fallbacks
  }
  // Fallbacks name servers of the catalogue or of a config (this file's, or one applied before).
  for (const [index, server] of (file.config.servers ?? []).entries()) {
    for (const [at, id] of (server.fallbacks ?? []).entries()) {
      if (id === server.id || !drafts.has(id)) {
        const why = id === server.id ? 'a server cannot be its own fallback' : `no server "${id}" is in the catalogue (${serverCatalogue.map((entry) => entry.id).join(', ')}) or configured`
        throw new ConfigError('CONFIG_INVALID', file.problem(['servers', index, 'fallbacks', at], why))
      }
    }
  }
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
