/**
 * When a server's diagnostics of a file are its verdict on the file as it is now, as measured per
 * server (the catalogue says why each server has its rules). A server that registers
 * `textDocument/diagnostic` (LSP 3.17 §Pull Diagnostics: pyright) is always asked, whatever these say.
 */
export interface LocalDiagnosticsRules {
  /**
   * Ask the server rather than wait for what it pushes. `tsserver`: typescript-language-server's
   * `workspace/executeCommand` `typescript.tsserverRequest` with tsserver's
   * `syntacticDiagnosticsSync`, `semanticDiagnosticsSync` and (unless
   * `initializationOptions.preferences.disableSuggestions`) `suggestionDiagnosticsSync`, converted
   * as typescript-language-server converts what it publishes (its `diagnostics.ignoredCodes`
   * setting left out): an answer once tsserver has checked the file, which publications never say.
   * Used when the server lists the command in `executeCommandProvider`.
   */
  readonly pull?: 'tsserver'
  /**
   * When pushed diagnostics (LSP 3.17 §PublishDiagnostics) are final:
   * - `after-last-change` (default): the file's publication for its current version that came
   *   after the last notification that can change diagnostics (`didOpen`, `didChange`,
   *   `didClose` of any document, `workspace/didChangeWatchedFiles`,
   *   `workspace/didChangeConfiguration`); one without a version once the server has published
   *   nothing more about the file for 1 s. A server that published before and stays silent for
   *   1 s has the file reopened.
   * - `own-version`: the file's publication for its current version, whatever came since: for a
   *   server whose verdict on a file depends on its text alone, or with {@link recheckOnDiskChange}.
   * - `changed-files-published`: once every file a notification changed (opened, sent, or changed
   *   on disk) has been published since, and 50 ms passed without another such publication, the
   *   file's latest publication for its current version (gopls 0.5.0 re-publishes a dependent only
   *   when its diagnostics change, always with or before the changed file).
   */
  readonly settle?: 'after-last-change' | 'own-version' | 'changed-files-published'
  /**
   * Names of files besides its sources that the server publishes about once it has taken a change
   * of them in (gopls: `go.mod`, with its dependents, ~1 s after an edit reloads the module): with
   * `changed-files-published`, a change of one is waited for as a source's is.
   */
  readonly publishedFiles?: readonly string[]
  /**
   * The server never checks an open file again because another one changed (clangd 14 watches no
   * file): before `diagnostics` the file is reopened (same text, next version) when a file of the
   * server's languages under its root changed on disk since the file was last sent.
   */
  readonly recheckOnDiskChange?: boolean
  /**
   * With {@link recheckOnDiskChange}: regular expressions (sources, matched with the `m` flag) whose
   * first group names a file the server reads from disk while it checks a document (clangd: a quoted
   * `#include`, whatever the file's name: `ops.def`, `impl.inc`; ShellCheck through
   * bash-language-server: `source`, `.` and `# shellcheck source=`, a `common` or `settings.conf`).
   * A name is taken relative to the naming file's folder, else the server root; the files it names
   * are followed in turn (64 files at most). One of them changed on disk since the document was last
   * sent has it reopened, as a change of a file of the server's languages does.
   */
  readonly dependencyDirectives?: readonly string[]
  /**
   * A `window/logMessage` (regular expression source) by which the server says it checks nothing
   * (bash-language-server without shellcheck), and the sentence that says so: its `diagnostics`
   * answers are then `partial / unconfigured` with that sentence, never a plain "none".
   */
  readonly uncheckedLog?: { readonly pattern: string; readonly says: string }
  /**
   * Diagnostic codes by which the server speaks of its own setup, not of the file (tombi
   * `--offline`: `unsupported-reference`, a schema it does not ship, so that part of the file was
   * not checked), each with the sentence that says so: left out of `diagnostics` and
   * `workspaceDiagnostics` answers, which are `partial / unconfigured` with that sentence and where.
   */
  readonly setupCodes?: readonly { readonly code: string; readonly says: string }[]
  /**
   * Diagnostics by which the server says it did not check the file, matched by their message
   * (regular expression source), each with the sentence that says so (gopls: "No packages found
   * for open file", of a file its build constraints exclude): left out and said as `setupCodes`
   * are, each by its place alone (the sentence says what the message did).
   */
  readonly setupMessages?: readonly { readonly pattern: string; readonly says: string }[]
  /**
   * Files the server does not diagnose by where they lie, as a regular expression (source text) on
   * the file's path relative to the server root, `/`-separated, and the sentence that says so
   * (gopls: files under `testdata/` or a folder starting with `_` or `.`, which no package the go
   * tool builds holds: it publishes `[]` for them). Their `diagnostics` answers, and the
   * `workspaceDiagnostics` answers that hold them, are `partial / unconfigured` with that sentence.
   */
  readonly uncheckedPaths?: { readonly pattern: string; readonly says: string }
  /**
   * Extensions of files the server reads from disk when another file includes them, even while
   * they are open with other text (clangd 14: `--use-dirty-headers` came in clangd 15). With an
   * overlay of such a file, the other files' `overlayDiagnostics` are of the header on disk, not
   * the edit: they are answered `partial / stale`.
   */
  readonly includedFromDisk?: readonly string[]
}
