import type { CatalogueEntry } from './catalogue-entry.js'

/** gopls (Debian's), as the catalogue runs it: what it needs before it answers completely, and why. */
export const goServer: CatalogueEntry = {
  id: 'go',
  language: 'Go',
  command: 'gopls',
  args: [],
  versionArgs: ['version'],
  extensionToLanguage: { '.go': 'go' },
  rootMarkers: ['go.work', 'go.mod'],
  // One gopls for a go.work's modules: it loads them all from any of them.
  workspaceRootMarkers: ['go.work'],
  // Its workspace symbols stop at 100 (maxSymbols).
  resultLimits: { workspaceSymbol: 100 },
  // A module beside it that requires it has a gopls of its own: its places are not searched from here.
  dependentRoots: { marker: 'go.mod', namePattern: '^module\\s+(\\S+)', hint: 'a go.work listing the modules (go work init ./a ./b) makes one gopls search them together' },
  // It always publishes a changed file (0.25-2.3 s), a dependent only when its list changes and
  // then with or before it; its first publication after an open is from disk, without a version.
  // An edited go.mod is published, with its dependents, once the module is reloaded (~1 s).
  // A file its build constraints exclude (`_windows.go` on linux) it does not check: it says "No
  // packages found for open file" as a warning there, and nothing of the file's own errors.
  diagnostics: {
    settle: 'changed-files-published',
    publishedFiles: ['go.mod'],
    setupMessages: [
      {
        pattern: '^No packages found for open file ',
        says: 'gopls loads no package holding this file (its build constraints exclude it for the GOOS, GOARCH and tags gopls runs with, or it lies outside every module), so it was not checked',
      },
    ],
    // The go tool builds no package from these folders' files; gopls loads them but publishes [] for them.
    uncheckedPaths: {
      pattern: '(^|/)(testdata|[._][^/]*)/',
      says: 'files under testdata/ or a folder whose name starts with _ or . belong to no package the go tool builds, and gopls does not diagnose them, so it was not checked; run go vet on its folder',
    },
  },
  // It shows a workspace it cannot load as progress that lasts until the error is fixed.
  failureProgressTitle: '^Error loading workspace$',
  // By default a changed open document's package is published at once and its dependents in a
  // second pass a second later (`diagnosticsDelay`), which the rule above took for final: one
  // pass, the dependents with the changed file. The failure above is begun by its first
  // diagnosis of the workspace, after its loading ends (an answer between them was complete):
  // `verboseWorkDoneProgress` reports that diagnosis as work ("diagnosing initial workspace
  // load", ending after the failure begins), and each change's diagnosis too, which is not
  // waited on (background).
  initializationOptions: { diagnosticsDelay: '0s', verboseWorkDoneProgress: true },
  backgroundProgressTitle: '^diagnosing (?!initial workspace load$)',
  // It keeps an unopened file's text while its size and mtime stay (a same-size copy with the mtime kept is never read).
  unopenedChangesBy: 'size-mtime',
  // It loads the files of its GOOS, GOARCH and tags only: a name declared only in another build's file is no workspace symbol.
  buildConstraints: 'go',
  // It reads a go.mod's `replace … => ../sys` folder but watches its workspace's modules only: the host follows that folder for it.
  linkedSources: 'go',
  operations: ['goToDefinition', 'goToTypeDefinition', 'findReferences', 'goToImplementation', 'hover', 'signatureHelp', 'incomingCalls', 'outgoingCalls', 'documentSymbol', 'workspaceSymbol', 'diagnostics', 'completion', 'rename', 'codeActions', 'format', 'prepareCallHierarchy', 'workspaceDiagnostics'],
  install: 'apt-get install gopls golang-go',
}
