import { createRequire } from 'node:module'
import path from 'node:path'
import type { LocalServerConfig } from '@agent-lsp/lsp-local'
import { serverCatalogue, type CatalogueEntry } from './catalogue.js'

const require = createRequire(import.meta.url)

/**
 * The language servers of the catalogue (`catalogue.ts`, which says why each fact is what it is),
 * as lsp-local runs them with no config: those this package ships with (typescript, python,
 * bash: its own dependencies, nothing installed globally) run by this Node (`process.execPath`)
 * from the script resolved here; the others (c: clangd, go: gopls, rust: rust-analyzer) by name
 * from `PATH`, where a missing command says how to install it. Alternatives (pylsp, ccls) are
 * left out: they serve nothing until a config enables them.
 */
export function defaultServers(): LocalServerConfig[] {
  return serverCatalogue.filter((entry) => entry.alternativeTo === undefined).map((entry) => catalogueServerConfig(entry))
}

/**
 * The `LocalServerConfig` of a catalogue entry: its bundled form (`node <script>`) when it has one
 * and `standalone` is not asked for, else its own command and args (looked up on `PATH`).
 * @throws Error when the bundled script cannot be resolved (this package is installed broken).
 */
export function catalogueServerConfig(entry: CatalogueEntry, standalone = false): LocalServerConfig {
  const run = entry.bundled && !standalone ? bundledProcess(entry, entry.initializationOptions) : { command: entry.command, args: entry.args, initializationOptions: entry.initializationOptions }
  return {
    id: entry.id,
    command: run.command,
    ...(run.args.length > 0 ? { args: run.args } : {}),
    extensionToLanguage: entry.extensionToLanguage,
    ...(entry.fileNameToLanguage ? { fileNameToLanguage: entry.fileNameToLanguage } : {}),
    ...(entry.rootMarkers ? { rootMarkers: entry.rootMarkers } : {}),
    ...(run.initializationOptions !== undefined ? { initializationOptions: run.initializationOptions } : {}),
    ...(entry.settings ? { settings: entry.settings } : {}),
    ...(entry.workspaceRootMarkers !== undefined ? { workspaceRootMarkers: entry.workspaceRootMarkers } : {}),
    ...(entry.virtualenv ? { virtualenv: entry.virtualenv } : {}),
    ...serverFacts(entry),
    installHint: entry.install,
  }
}

/**
 * The bundled form of `entry`: this Node on the resolved script, and `initializationOptions` with
 * the entry's `bundled.paths` set to their resolved files.
 * @throws Error when `entry` has no bundled form or a specifier cannot be resolved.
 */
export function bundledProcess(entry: CatalogueEntry, initializationOptions: unknown): { command: string; args: string[]; initializationOptions: unknown } {
  const { bundled } = entry
  if (!bundled) throw new Error(`${entry.id} is not bundled with agent-lsp`)
  let options = initializationOptions
  for (const [dotted, specifier] of Object.entries(bundled.paths ?? {})) options = withPath(options, dotted.split('.'), require.resolve(specifier))
  for (const [dotted, specifier] of Object.entries(bundled.folders ?? {})) options = withPath(options, dotted.split('.'), path.dirname(require.resolve(specifier)))
  return { command: process.execPath, args: [require.resolve(bundled.script), ...bundled.args], initializationOptions: options }
}

/**
 * What the catalogue measured of the server, as lsp-local reads it: its readiness signals, bounds,
 * how it is asked and what it reads (the fields an entry and lsp-local's config share), and its
 * project check. A catalogue server and a configured one both take these from their entry.
 */
export function serverFacts(entry: CatalogueEntry | undefined): Partial<LocalServerConfig> {
  if (entry === undefined) return {}
  return {
    ...(entry.projectMarkers ? { projectMarkers: entry.projectMarkers } : {}),
    ...(entry.readyLogPattern ? { readyLogPattern: entry.readyLogPattern } : {}),
    ...(entry.readyLogStream ? { readyLogStream: entry.readyLogStream } : {}),
    ...(entry.backgroundProgressTitle !== undefined ? { backgroundProgressTitle: entry.backgroundProgressTitle } : {}),
    ...(entry.failureProgressTitle !== undefined ? { failureProgressTitle: entry.failureProgressTitle } : {}),
    ...(entry.nudgeProgressMs ? { nudgeProgressMs: entry.nudgeProgressMs } : {}),
    ...(entry.incompleteLog ? { incompleteLog: entry.incompleteLog } : {}),
    ...(entry.resultLimits ? { resultLimits: entry.resultLimits } : {}),
    ...(entry.workspaceSymbol ? { workspaceSymbol: entry.workspaceSymbol } : {}),
    ...(entry.implementation ? { implementation: entry.implementation } : {}),
    ...(entry.dependentRoots ? { dependentRoots: entry.dependentRoots } : {}),
    ...(entry.excludedFolders ? { excludedFolders: entry.excludedFolders } : {}),
    ...(entry.onPackagesChanged ? { onPackagesChanged: entry.onPackagesChanged } : {}),
    ...(entry.inheritsConfig ? { inheritsConfig: entry.inheritsConfig } : {}),
    ...(entry.enclosingWorkspace ? { enclosingWorkspace: entry.enclosingWorkspace } : {}),
    ...(entry.compileDatabase ? { compileDatabase: entry.compileDatabase } : {}),
    ...(entry.openChangedFiles ? { openChangedFiles: entry.openChangedFiles } : {}),
    ...(entry.unopenedChangesBy ? { unopenedChangesBy: entry.unopenedChangesBy } : {}),
    ...(entry.buildConstraints ? { buildConstraints: entry.buildConstraints } : {}),
    ...(entry.linkedSources ? { linkedSources: entry.linkedSources } : {}),
    ...(entry.deadLogPattern ? { deadLogPattern: entry.deadLogPattern } : {}),
    ...(entry.engineProbe ? { engineProbe: entry.engineProbe } : {}),
    ...(entry.awaitOpenDiagnostics ? { awaitOpenDiagnostics: true } : {}),
    ...(entry.referencesByName ? { referencesByName: true } : {}),
    ...(entry.diagnostics ? { diagnostics: entry.diagnostics } : {}),
    ...projectCheckOf(entry),
  }
}

/**
 * `{ projectCheck }` of `entry` (its compiler and the resolved path of the compiler's script,
 * see lsp-local's `LocalProjectCheck`) as a `LocalServerConfig` spreads it; `{}` when it has none
 * or the script does not resolve (this package installed without it).
 */
export function projectCheckOf(entry: CatalogueEntry | undefined): Pick<LocalServerConfig, 'projectCheck'> {
  if (entry?.projectCheck === undefined) return {}
  try {
    return { projectCheck: { compiler: entry.projectCheck.compiler, script: require.resolve(entry.projectCheck.script) } }
  } catch {
    return {}
  }
}

/** The path of the bundled script of `entry`, or `undefined` (none, or not resolvable). */
export function bundledScript(entry: CatalogueEntry): string | undefined {
  if (!entry.bundled) return undefined
  try {
    return require.resolve(entry.bundled.script)
  } catch {
    return undefined
  }
}

/** A copy of `value` (an object or array) with `value[keys[0]][keys[1]]… = leaf`, copying each level. */
function withPath(value: unknown, keys: readonly string[], leaf: string): unknown {
  const [key, ...rest] = keys
  if (key === undefined) return leaf
  if (Array.isArray(value)) return value.map((item, index) => (String(index) === key ? withPath(item, rest, leaf) : item))
  const object = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
  return { ...object, [key]: withPath(object[key], rest, leaf) }
}
