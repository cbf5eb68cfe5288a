import path from 'node:path'
import type { LspOperation } from '@agent-lsp/lsp'
import type { LocalServerConfig } from '@agent-lsp/lsp-local'
import type { CatalogueEntry } from './catalogue.js'
import { findExecutable, isExecutable, searchDirs, workspaceBinDir, type ExecutableSource } from './detect.js'
import { bundledProcess, bundledScript, serverFacts } from './servers.js'

// How a server assembled from the catalogue and the config files (a draft) becomes the server
// to run: its process (bundled, or its command located), its config, and its fallbacks.

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
  /**
   * The servers tried in order, with this one's files, when it is not installed or fails to start
   * (the config's `fallbacks`, else the catalogue's): each planned as it would run.
   */
  readonly fallbacks?: readonly PlannedServer[]
  /** Operations turned off by a config's `disabledOperations`, and where. */
  readonly disabled?: DisabledOperations
}

/** A config's `disabledOperations` for one server. */
export interface DisabledOperations {
  readonly operations: readonly LspOperation[]
  /** Where it is set, for messages: `disabledOperations in /w/agent-lsp.toml:4`. */
  readonly setting: string
}


/** A server being assembled: the catalogue's, then each file's fields over it. */
export interface Draft {
  readonly id: string
  readonly entry?: CatalogueEntry
  /** Run as the catalogue's bundled script, until a config sets `command` or `args`. */
  bundled: boolean
  /** The catalogue's own process (command, args, version args), until a config sets one. */
  catalogueProcess: boolean
  command: string
  args: readonly string[]
  extensionToLanguage: Record<string, string>
  fileNameToLanguage: Record<string, string>
  rootMarkers?: readonly string[]
  initializationOptions?: unknown
  settings?: Readonly<Record<string, unknown>>
  env?: Readonly<Record<string, string>>
  maxMemoryMB?: number
  disabled?: DisabledOperations
  /** The config's `fallbacks` (ids checked against the drafts), in place of the catalogue's. */
  fallbacks?: readonly string[]
}


/**
 * The servers of the drafts that serve files, each planned (see {@link plan}) with its fallbacks
 * (the config's ids, else the catalogue entry's), which run with its files.
 */
export function planServers(drafts: ReadonlyMap<string, Draft>, workspaceRoot: string, trusted: boolean, env: NodeJS.ProcessEnv): PlannedServer[] {
  return [...drafts.values()]
    .filter((draft) => Object.keys(draft.extensionToLanguage).length + Object.keys(draft.fileNameToLanguage).length > 0)
    .map((draft) => {
      const planned = plan(draft, workspaceRoot, trusted, env)
      const fallbacks = (draft.fallbacks ?? draft.entry?.fallbacks ?? []).flatMap((id) => {
        const other = drafts.get(id)
        return other && id !== draft.id ? [plan({ ...other, extensionToLanguage: draft.extensionToLanguage, fileNameToLanguage: draft.fileNameToLanguage }, workspaceRoot, trusted, env)] : []
      })
      return { ...planned, ...(fallbacks.length > 0 ? { fallbacks } : {}), ...(draft.disabled ? { disabled: draft.disabled } : {}) }
    })
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
  const outerMarkers = (entry?.workspaceRootMarkers ?? []).filter((marker) => draft.rootMarkers?.includes(marker))
  const config: LocalServerConfig = {
    id: draft.id,
    command,
    ...(args.length > 0 ? { args } : {}),
    extensionToLanguage: draft.extensionToLanguage,
    ...(Object.keys(draft.fileNameToLanguage).length > 0 ? { fileNameToLanguage: draft.fileNameToLanguage } : {}),
    ...(draft.rootMarkers ? { rootMarkers: draft.rootMarkers } : {}),
    ...(initializationOptions !== undefined ? { initializationOptions } : {}),
    ...(draft.settings ? { settings: draft.settings } : {}),
    ...(draft.env ? { env: draft.env } : {}),
    // Those still among the root markers in force: a config that sets rootMarkers without go.work roots each module apart.
    ...(outerMarkers.length > 0 ? { workspaceRootMarkers: outerMarkers } : {}),
    // A trusted workspace's own virtualenv may run its interpreter (see lsp-local's `virtualenv`).
    ...(entry?.virtualenv ? { virtualenv: { ...entry.virtualenv, runWorkspaceInterpreter: trusted } } : {}),
    ...(entry?.heapLimitOption ? { heapLimitOption: entry.heapLimitOption } : {}),
    ...(draft.maxMemoryMB !== undefined ? { maxMemoryMB: draft.maxMemoryMB } : {}),
    ...serverFacts(entry),
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
