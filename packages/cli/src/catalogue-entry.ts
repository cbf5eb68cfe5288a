import type { LspOperation } from '@agent-lsp/lsp'
import type { LocalServerConfig } from '@agent-lsp/lsp-local'

/**
 * The language servers agent-lsp knows, as data: what each is called, which files it serves, what
 * marks its projects, how to install it, and the readiness and settings facts measured for it
 * (see `.agents/notes/2026-11-30-readiness.md`). `servers.ts` turns an entry into the
 * `LocalServerConfig` lsp-local runs; `detect.ts` finds its executable; `doctor.ts` reports both.
 */
export interface CatalogueEntry {
  /** The provider id, e.g. `typescript`; a config entry with this id overrides the entry. */
  readonly id: string
  /** What a person calls the languages, for `doctor`: `TypeScript/JavaScript`. */
  readonly language: string
  /** The server's executable name when installed on its own (looked up on `PATH`). */
  readonly command: string
  /** Arguments of {@link command} that make it speak LSP over stdio. */
  readonly args: readonly string[]
  /** Arguments that print the version and exit, for `doctor` (`--version`; gopls: `version`); `[]`: it has none. */
  readonly versionArgs: readonly string[]
  /** Lowercase, leading-dot extension → LSP language id. */
  readonly extensionToLanguage: Readonly<Record<string, string>>
  /** File name → LSP language id for files no extension tells (`Dockerfile`; see the seam's `fileNameToLanguage`). */
  readonly fileNameToLanguage?: Readonly<Record<string, string>>
  /** Files marking a project root: one server per nearest marked directory in the workspace. */
  readonly rootMarkers?: readonly string[]
  /** See `LocalServerConfig.workspaceRootMarkers`. */
  readonly workspaceRootMarkers?: readonly string[]
  /** Files defining a project the server loads itself (see lsp-local's `projectMarkers`). */
  readonly projectMarkers?: readonly string[]
  readonly initializationOptions?: Readonly<Record<string, unknown>>
  readonly settings?: Readonly<Record<string, unknown>>
  /** The command sent after packages were installed, updated or removed (see lsp-local's `onPackagesChanged`). */
  readonly onPackagesChanged?: NonNullable<LocalServerConfig['onPackagesChanged']>
  /** Where the server is told the project's virtualenv (see lsp-local's `virtualenv`). */
  readonly virtualenv?: { readonly interpreterSetting: string; readonly searchPathsSetting: string }
  /** How the server takes a config from above its root (see lsp-local's `inheritsConfig`). */
  readonly inheritsConfig?: 'pyright'
  /** How a package tells the larger workspace above it (see lsp-local's `enclosingWorkspace`). */
  readonly enclosingWorkspace?: 'node' | 'python'
  /** Folders the server always leaves out (see lsp-local's `excludedFolders`). */
  readonly excludedFolders?: { readonly pattern: string; readonly says: string }
  /** Where the server finds its files' compile commands (see lsp-local's `compileDatabase`). */
  readonly compileDatabase?: NonNullable<LocalServerConfig['compileDatabase']>
  /** The server reads no change to a file it does not have open (see lsp-local's `openChangedFiles`). */
  readonly openChangedFiles?: boolean
  /** What the server compares to tell an unopened file changed (see lsp-local's `unopenedChangesBy`). */
  readonly unopenedChangesBy?: 'size-mtime'
  /** How the server's build leaves files out by their build constraints (see lsp-local's `buildConstraints`). */
  readonly buildConstraints?: 'go'
  /** How a project names folders outside its root it builds as its sources (see lsp-local's `linkedSources`). */
  readonly linkedSources?: 'go'
  /** The log line by which a server without progress says its workspace is loaded (regex source). */
  readonly readyLogPattern?: string
  /** See `LocalServerConfig.backgroundProgressTitle`. */
  readonly backgroundProgressTitle?: string
  /** See `LocalServerConfig.failureProgressTitle`. */
  readonly failureProgressTitle?: string
  /** Where the ready log line comes (see lsp-local's `readyLogStream`); default `window/logMessage`. */
  readonly readyLogStream?: 'stderr'
  /** See `LocalServerConfig.nudgeProgressMs`. */
  readonly nudgeProgressMs?: number
  /** See `LocalServerConfig.resultLimits`. */
  readonly resultLimits?: LocalServerConfig['resultLimits']
  /** See `LocalServerConfig.incompleteLog`. */
  readonly incompleteLog?: LocalServerConfig['incompleteLog']
  /** See `LocalServerConfig.workspaceSymbol`. */
  readonly workspaceSymbol?: LocalServerConfig['workspaceSymbol']
  /** See `LocalServerConfig.implementation`. */
  readonly implementation?: LocalServerConfig['implementation']
  /** See `LocalServerConfig.dependentRoots`. */
  readonly dependentRoots?: LocalServerConfig['dependentRoots']
  /** See `LocalServerConfig.engineProbe`. */
  readonly engineProbe?: LocalServerConfig['engineProbe']
  /** See `LocalServerConfig.deadLogPattern`. */
  readonly deadLogPattern?: string
  /** See `LocalServerConfig.awaitOpenDiagnostics`. */
  readonly awaitOpenDiagnostics?: boolean
  /** See `LocalServerConfig.referencesByName`. */
  readonly referencesByName?: boolean
  /** See `LocalServerConfig.heapLimitOption`. */
  readonly heapLimitOption?: string
  /** When the server's diagnostics are its verdict on a file as it is now (see lsp-local's `LocalDiagnosticsRules`). */
  readonly diagnostics?: NonNullable<LocalServerConfig['diagnostics']>
  /**
   * The compiler's project check that answers `workspaceDiagnostics` (see lsp-local's
   * `LocalProjectCheck`), `script` a module specifier resolved from this package.
   */
  readonly projectCheck?: { readonly compiler: 'tsc' | 'pyright'; readonly script: string }
  /**
   * The operations the server answers on this client, measured (its capabilities; those it
   * refuses are `LSP_UNSUPPORTED_OPERATION`), in the seam's order; `doctor` lists them. Never
   * `overlayDiagnostics`: the host answers it with any server that takes documents.
   */
  readonly operations: readonly LspOperation[]
  /**
   * The id of the default server this one is an alternative to: off (serving no file) until a
   * config sets `enabled = true`, which gives it its extensions, taken from that server.
   */
  readonly alternativeTo?: string
  /**
   * Catalogue ids tried in order, with this server's files, when it is not installed or fails to
   * start (python: pylsp); a config's `fallbacks` replaces the list.
   */
  readonly fallbacks?: readonly string[]
  /** The command that installs the server, quoted when it is missing. */
  readonly install: string
  /**
   * When this package ships the server as a dependency: run `node <script> ...args` with this
   * Node, `script` a module specifier resolved from this package. `paths` are dotted keys of
   * `initializationOptions` set to other resolved specifiers (`tsserver.path`) in that form only;
   * `folders` the same, set to the folder of the resolved specifier's file (a key may index an
   * array: `plugins.0.location`).
   */
  readonly bundled?: {
    readonly script: string
    readonly args: readonly string[]
    readonly paths?: Readonly<Record<string, string>>
    readonly folders?: Readonly<Record<string, string>>
  }
}
