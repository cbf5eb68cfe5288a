import type { LspOperation } from '@agent-lsp/lsp'
import type { LocalProjectCheck } from './project-check/check-config.js'
import type { LocalCompileDatabase } from './config-compile-database.js'
import type { LocalDiagnosticsRules } from './config-diagnostics.js'

export type { LocalCompileDatabase } from './config-compile-database.js'
export type { LocalDiagnosticsRules } from './config-diagnostics.js'
// The provider's bounds live in limits.ts; re-exported so a config and its bounds come from one place.
export { defaultLocalProviderLimits, type LocalProviderLimits } from './limits.js'

/**
 * One stdio language server to host, as data. The provider spawns `command` with `args` directly
 * (no shell), with `env` added to the host's environment.
 */
export interface LocalServerConfig {
  /** Stable provider id, e.g. `typescript`; becomes the `LspProviderId`. */
  readonly id: string
  /** The executable: an absolute path, or a name looked up on `PATH`. Never run through a shell. */
  readonly command: string
  readonly args?: readonly string[]
  /** Lowercase, leading-dot extension → LSP language id, e.g. `{ '.tsx': 'typescriptreact' }`. */
  readonly extensionToLanguage: Readonly<Record<string, string>>
  /**
   * File name → LSP language id for files no extension tells (`{ Dockerfile: 'dockerfile',
   * 'Dockerfile.*': 'dockerfile' }`): the seam's `LspProvider.fileNameToLanguage` (exact last
   * segment or `Stem.*`, case-insensitive).
   */
  readonly fileNameToLanguage?: Readonly<Record<string, string>>
  /**
   * File names that mark a project root (`tsconfig.json`, `pyproject.toml`). A file's server root
   * is its nearest ancestor directory holding one, inside the workspace; else the workspace root.
   */
  readonly rootMarkers?: readonly string[]
  /**
   * File names that make their folder the server root of every project below it, found past nearer
   * `rootMarkers` (inside the workspace): `go.work`, whose modules gopls loads as one workspace from
   * any of them. Without it each module (its `go.mod`) started a gopls of its own, each loading every module.
   */
  readonly workspaceRootMarkers?: readonly string[]
  /**
   * File names that define a project for a server that searches only the projects it has loaded
   * (tsserver: `tsconfig.json`, `jsconfig.json`). With them the host (1) starts the server at the
   * nearest such project above the workspace when none lies inside it, (2) opens one file of each
   * project in the workspace before a workspace-wide query (`findReferences`, `workspaceSymbol`…),
   * so all are searched, and (3) opens with it the files no project covers (at most
   * `maxLooseFiles`, the nearest first), marking the answer `partial / unconfigured` when there were
   * more.
   */
  readonly projectMarkers?: readonly string[]
  /**
   * Folders the server leaves out of its workspace whatever its own config says, as a regular
   * expression (source text) on a folder's name, and the sentence that says so (pyright 1.1.414
   * always excludes `**∕.*`, even a folder its `include` names: `{ pattern: '^\\.', says: 'pyright
   * leaves out files under folders starting with a dot' }`). Workspace-wide answers are
   * `partial / unconfigured` while the server root holds files of the server's languages under
   * such a folder (dependency folders such as `.venv` aside), naming the nearest.
   */
  readonly excludedFolders?: { readonly pattern: string; readonly says: string }
  /**
   * How the server's build leaves files out by their build constraints: `go` (gopls loads the files
   * of its GOOS, GOARCH and tags only; `go list`'s `IgnoredGoFiles` under the server's env are the
   * rest). A workspace symbol answer is `partial / unconfigured` when such a file declares a name
   * the query matches, naming the file, line and why (see `GoBuildExcluded`).
   */
  readonly buildConstraints?: 'go'
  /**
   * How a project names folders outside the server root whose files it builds as its own: `go`
   * (go.work `use`, and `replace` directives with a local path: `replace example.com/sys => ../sys`).
   * gopls reads those files but registers watchers for its workspace's modules only, so their changes
   * were never sent; the watched files follow these folders too (see `goLinkedFolders`).
   */
  readonly linkedSources?: 'go'
  /**
   * A `workspace/executeCommand` (LSP 3.17 §workspace_executeCommand) sent, and awaited, before
   * the next query once the watched files reported a package installed into, updated in or removed from a
   * `node_modules` folder or a file changed under a `site-packages` folder. typescript-language-server:
   * `typescript.tsserverRequest` `reloadProjects`, because TypeScript watches no failed import
   * under a `node_modules` two folders below `/` (`/app/node_modules`, `/work/x/node_modules`),
   * so there the event alone leaves TS2307 in place. pyright: `pyright.restartserver`, because it
   * re-reads a changed library only ~5 s after the event and answers from the old one until then.
   */
  readonly onPackagesChanged?: {
    readonly command: string
    readonly arguments?: readonly unknown[]
    /** Whether the server loads its workspace again (and logs `readyLogPattern` again) after it. */
    readonly reloads?: boolean
    /**
     * Names of the server's own config files (pyright: `pyproject.toml`, `pyrightconfig.json`): one
     * created, changed or deleted under the root sends the command too. pyright applies a config
     * change on a timer, ~100 ms after it hears of it, and answered from the old config until then.
     */
    readonly configFiles?: readonly string[]
  }
  /**
   * Tell a Python server the project's virtualenv, which pyright does not use unless it is
   * activated: `VIRTUAL_ENV`'s (the host's environment, or `env`), else `.venv` or `venv` in the
   * server root (with `pyvenv.cfg` and `bin/python`). Its interpreter goes in `interpreterSetting`
   * (`python.pythonPath`); for one found in the workspace, its `site-packages` go in
   * `searchPathsSetting` (`python.analysis.extraPaths`) instead unless `runWorkspaceInterpreter`:
   * pyright runs the interpreter, which runs the `.pth` files of its site-packages, and a cloned
   * repository must not choose what runs. A setting `settings` gives already is kept.
   */
  readonly virtualenv?: { readonly interpreterSetting: string; readonly searchPathsSetting: string; readonly runWorkspaceInterpreter?: boolean }
  /**
   * How the server takes a config from above its root, when it does (`pyright`: a `pyproject.toml`
   * in the root without a `[tool.pyright]` table sends pyright 1.1.414 to the nearest
   * `pyrightconfig.json` or `pyproject.toml` above, whose `include` may leave the root out: it then
   * searches none of the root's files). Workspace-wide answers are `partial / unconfigured` while
   * such a config names folders none of which holds the server root, or cannot be read.
   */
  readonly inheritsConfig?: 'pyright'
  /**
   * Where the server finds the compile commands of its files, for a server that searches only the
   * files they list and those it has opened (clangd): see {@link LocalCompileDatabase}.
   */
  readonly compileDatabase?: LocalCompileDatabase
  /**
   * The server reads no change to a file it does not have open (clangd 14 registers no file
   * watchers and ignores `workspace/didChangeWatchedFiles` for sources: its index keeps a file as
   * it first read it). Before a workspace-wide query the host opens, or re-sends, every file of the
   * server's languages under its root that changed on disk since the last one (by a bounded scan)
   * and waits for the server's diagnostics of that version; a deleted one is sent empty; a changed
   * file that is not a source (`compileDatabase.sourceExtensions`: a header) has the open documents
   * reopened, so they read it again.
   */
  readonly openChangedFiles?: boolean
  /**
   * What the server compares to tell that a file it does not have open changed on disk, when not
   * its content: `size-mtime` (gopls 0.11 keeps a file's text by URI while its size and mtime stay
   * the same, whatever `workspace/didChangeWatchedFiles` says). A watched file changed with both
   * kept (a same-size copy with its mtime kept: `rsync -t`, `tar x`, `cp -p`, `touch -d`) is then
   * opened with its disk text before the next query, and kept open until its size or mtime differ.
   */
  readonly unopenedChangesBy?: 'size-mtime'
  /**
   * Lines the server logs (`window/logMessage`) when its search of the workspace stops short:
   * bash-language-server analyses at most `backgroundAnalysisMaxFiles` scripts and for at most 10 s,
   * and its workspace symbols and references then miss the rest (the tenth trial: 112 of 450
   * scripts). Each note matched makes workspace-wide answers `partial / unchecked` with its `says`,
   * until a line matching `reset` (a new search begins).
   */
  readonly incompleteLog?: { readonly notes: readonly { readonly pattern: string; readonly says: string }[]; readonly reset: string }
  /**
   * A command that tells whether the server's engine still runs, asked after an empty answer (see
   * {@link deadLogPattern}): typescript-language-server answers `typescript.tsserverRequest`
   * `status` with `{ "type": "noServer" }` once its tsserver is gone. An answer with every field of
   * `deadWhen` makes the query a crash (`LSP_SERVER_CRASHED`) and the next query restarts it.
   */
  readonly engineProbe?: { readonly command: string; readonly arguments: readonly unknown[]; readonly deadWhen: Readonly<Record<string, unknown>> }
  /**
   * How a project names the projects it uses, for a server run per project (gopls per module):
   * `marker`, the root marker that names it (`go.mod`); `namePattern`, a regular expression whose
   * first group is its name there (`^module\\s+(\\S+)`). A workspace-wide answer whose project another
   * project under the workspace names (a go.mod requiring the module) is `partial / unchecked`:
   * that project's own server was not asked. `hint`: how to have them searched together.
   */
  readonly dependentRoots?: { readonly marker: string; readonly namePattern: string; readonly hint: string }
  /**
   * How a package tells it is one of a larger workspace above the workspace root, whose other
   * packages the server run for the root does not search: `node`, a folder above with
   * `pnpm-workspace.yaml`, `lerna.json`, a `package.json` with `workspaces` or a `tsconfig.json`
   * with `references`, whose packages name the root's `package.json` name in theirs; `python`, a
   * `pyrightconfig.json` above whose `extraPaths` name a folder of the root, whose other
   * `extraPaths` and `include` import the root's modules. References, implementations and incoming
   * calls are then `partial / unchecked`, naming those packages.
   */
  readonly enclosingWorkspace?: 'node' | 'python'
  /**
   * How workspace symbols are asked: `tsserver`, through `typescript.tsserverRequest` `navto` without
   * a file, so that every project tsserver loaded is searched (typescript-language-server 5.3.0
   * passes the file it used last, which limits tsserver to that file's project); absent,
   * `workspace/symbol`.
   */
  readonly workspaceSymbol?: 'tsserver'
  /**
   * How implementations are asked: `tsserver`, also through `typescript.tsserverRequest`
   * `implementation` once per project under the server root (`projectFileName`), so that a class in
   * another project implementing an interface is found (tsserver searches the file's own project
   * otherwise); `direct`, `textDocument/implementation`, and again at each implementation found, since
   * the server lists direct ones only (clangd 14: `Square::area` for `Shape::area`, not `Big::area` of
   * `Big : Square`; see `implementationsTransitively`); absent, `textDocument/implementation` alone.
   */
  readonly implementation?: 'tsserver' | 'direct'
  /**
   * The most results the server gives for an operation, by operation (gopls and clangd 14:
   * `{ workspaceSymbol: 100 }`): an answer of that many is `partial / unchecked`, as more may match.
   */
  readonly resultLimits?: Readonly<Partial<Record<LspOperation, number>>>
  /** Sent verbatim as `InitializeParams.initializationOptions`. */
  readonly initializationOptions?: unknown
  /**
   * Settings the server reads through `workspace/configuration` (by dotted section, e.g.
   * `python.analysis`) and receives once in `workspace/didChangeConfiguration`.
   */
  readonly settings?: Readonly<Record<string, unknown>>
  /** Extra environment variables for the server process. */
  readonly env?: Readonly<Record<string, string>>
  /**
   * A regular expression (source text) matching the `window/logMessage` line by which a server
   * that reports no progress says its workspace is loaded (pyright: `^Found \d+ source file`).
   * Queries wait for it, bounded by `readinessTimeoutMs`.
   */
  readonly readyLogPattern?: string
  /**
   * Where {@link readyLogPattern} is looked for: `logMessage` (default, `window/logMessage`), or
   * `stderr`, line by line, for a server that logs only there (ccls: `loaded project`).
   */
  readonly readyLogStream?: 'logMessage' | 'stderr'
  /**
   * A regular expression (source text) matching the title of the work-done progress a server
   * reports for background work no answer waits on: such progress does not make it busy (see
   * `Readiness`). pyright: `^$`, its analysis of open files, begun with an empty title, which
   * pyright 1.1.414 never ends once an open file was deleted (every query then waited 30 s).
   * While a failure the server reports is shown (`failureProgressTitle`), such work is waited for:
   * the server re-checks the failure there (gopls, from the diagnosis a mended go.mod starts).
   */
  readonly backgroundProgressTitle?: string
  /**
   * Milliseconds between nudges of a server that reports work-done progress only when a message
   * wakes it (ccls 0.20220729: the end of its indexing waited for the next message, so a query
   * waited the whole `readinessTimeoutMs`). While a query waits for readiness, a `$/cancelRequest`
   * naming no request (id -1, ignored: LSP 3.17 §Cancellation Support) is sent this often.
   */
  readonly nudgeProgressMs?: number
  /**
   * A regular expression (source text) matching the title of the work-done progress by which a
   * server reports a lasting failure: not waited on; while one is begun and not ended, answers are
   * `partial / unconfigured` quoting it. gopls: `Error loading workspace` (until the error is fixed;
   * every query waited 30 s for it to end).
   */
  readonly failureProgressTitle?: string
  /**
   * A regular expression (source text) matching the `window/logMessage` line by which a server says
   * it can no longer answer though its process lives on (typescript-language-server, when its
   * tsserver dies: `[tsserver] Exited.`; it then answers every request with nothing). The host
   * treats that as a crash: queries in flight fail with `LSP_SERVER_CRASHED` quoting the line, the
   * process is stopped, and the next query starts it again (under the crash policy).
   */
  readonly deadLogPattern?: string
  /**
   * Wait, after opening or changing a document and before asking about it, for the server's
   * diagnostics about that version (bounded: 3 s): a server that handles requests concurrently with
   * notifications (tombi, on tower-lsp) can otherwise answer from before it took the document in —
   * an empty outline of a file that has one.
   */
  readonly awaitOpenDiagnostics?: boolean
  /**
   * The server's `textDocument/references` lists every symbol of the name in the workspace, not
   * the one asked about (bash-language-server 5.8: a same-named function of a script that never
   * sources the library, and its calls): each listed place stays only where its definition leads
   * where the asked place's does (see `sameSymbolReferences`; one definition request per file).
   * Its `textDocument/definition` lists every definition it sees from a file, the file's own among
   * them: a file's own is the one its places run, so only it is kept (see `ownFirst`).
   */
  readonly referencesByName?: boolean
  /**
   * Its memory cap, in megabytes (MiB): the resident memory of its process group (the server and
   * what it started: tsserver and its workers), sampled every `memorySampleMs`. A server over it is
   * restarted once idle, and the next answer says so (`LSP_SERVER_RESTARTED` notice); one over it 3
   * times in 10 min is stopped (`LSP_SERVER_OVER_MEMORY`). Default: the provider's `maxMemoryMB`.
   */
  readonly maxMemoryMB?: number
  /**
   * The `initializationOptions` key by which the server takes a heap limit in MB, set to
   * {@link maxMemoryMB} unless the options give one (typescript-language-server: `maxTsServerMemory`,
   * passed to tsserver as `--max-old-space-size`).
   */
  readonly heapLimitOption?: string
  /** How to install the server, quoted when the command is missing (e.g. `npm i -g pyright`). */
  readonly installHint?: string
  /**
   * How `diagnostics` knows it holds the server's verdict on a file as it is on disk (see
   * {@link LocalDiagnosticsRules}); absent, the defaults there (what servers not measured get).
   */
  readonly diagnostics?: LocalDiagnosticsRules
  /** How `workspaceDiagnostics` checks the project without workspace pull diagnostics; absent, it is refused. */
  readonly projectCheck?: LocalProjectCheck
}
