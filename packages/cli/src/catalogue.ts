import type { CatalogueEntry } from './catalogue-entry.js'
import { goServer } from './catalogue-go.js'
import { markupServers } from './catalogue-markup.js'
import { tsserverProbe, webServers } from './catalogue-web.js'

export type { CatalogueEntry } from './catalogue-entry.js'

const c = { '.c': 'c', '.h': 'c' }
const typescriptFiles = {
  '.ts': 'typescript',
  '.mts': 'typescript',
  '.cts': 'typescript',
  '.tsx': 'typescriptreact',
  '.js': 'javascript',
  '.mjs': 'javascript',
  '.cjs': 'javascript',
  '.jsx': 'javascriptreact',
}
const cpp = { '.cc': 'cpp', '.cpp': 'cpp', '.cxx': 'cpp', '.hpp': 'cpp', '.hh': 'cpp', '.hxx': 'cpp' }

/**
 * The catalogue, in `doctor`'s order. Why each fact is what it is:
 *
 * - `typescript`: typescript-language-server 5.3 on TypeScript 5.9's `tsserver.js` (7 has none).
 *   `useSyntaxServer: "never"`: the syntax server answers before the project loads. No
 *   `rootMarkers`: one tsserver per workspace loads every `tsconfig.json`/`jsconfig.json` project
 *   (`projectMarkers`), so references cross projects of a monorepo (`typescript-projects.test.ts`);
 *   a server per `package.json` would not see its siblings.
 * - `python`: pyright. No progress while it enumerates the workspace: wait for its
 *   `Found N source files` log line. One server per project (`pyproject.toml`, `setup.py`,
 *   `setup.cfg`, `pyrightconfig.json`): imports resolve from the project's own root. It never
 *   searches dot folders (`.claude/lib`), so workspace-wide answers say when some hold Python.
 * - `bash`: bash-language-server 5.8 answers references only after its background analysis, which
 *   it reports as `info` log lines (so `logLevel` is pinned to `info`).
 * - `c`: clangd; `--background-index` covers the `compile_commands.json` it finds. It searches the
 *   files that database lists and those it has opened, nothing else: without one (or with only
 *   `compile_flags.txt`) `goToDefinition` of a call lands on the header's declaration and
 *   references are the open files' (1 of 3), so such answers say so, as do workspace-wide ones
 *   while sources under the root are not listed (cJSON's `fuzzing/afl.c`). It registers no file
 *   watcher and ignores `didChangeWatchedFiles` for sources: a call written into a file it does not
 *   have open stayed out of its references for good, so changed files are opened before
 *   workspace-wide queries.
 * - `go`: gopls, one per module or `go.work` workspace; its first request blocks while it loads.
 * - `rust`: rust-analyzer, one per `Cargo.toml`. Not obtainable on every machine (rustup's proxy
 *   without the component is a stub that exits 1).
 * - `pylsp`, `ccls`: alternatives to pyright and clangd (`alternativeTo`), off until a config sets
 *   `enabled = true` (see `.agents/notes/2026-12-01-alternative-servers.md`). pylsp 1.7 (jedi)
 *   asks nothing of the client and reports `$/progress` per request; references reach the
 *   workspace's files jedi finds from the root. ccls registers a `**\/*` file watcher and reports
 *   an `indexing` progress once its compile database is loaded; no call hierarchy (its own
 *   `$ccls/call` only).
 * - `tsgo`: TypeScript 7's native preview (`@typescript/native-preview` 7.0.0-dev.20260707.2, measured
 *   in `tsgo.test.ts` and `pnpm bench --only tsgo`), an alternative to typescript-language-server
 *   (`enabled = true`) or its fallback (`fallbacks = ["tsgo"]`). No readiness setting: it loads the
 *   project while it handles `didOpen` (0.4 s on query-core, inside a `$/progress` "Loading" it
 *   creates a token for) and answers requests only after it, so its first references are complete
 *   (20 of 20 on query-core; 6 of 6 across unopened files in the test). It asks
 *   `workspace/configuration` for `js/ts`, `typescript`, `javascript`, `editor` (null is fine) and
 *   leaves file watching to the client (a `**\/*` watcher under the root). npm's `tsgo` is a Node
 *   script that, on Node 20, keeps a Node process in front of the native binary.
 */
export const serverCatalogue: readonly CatalogueEntry[] = [
  {
    id: 'typescript',
    language: 'TypeScript/JavaScript',
    command: 'typescript-language-server',
    args: ['--stdio'],
    versionArgs: ['--version'],
    extensionToLanguage: typescriptFiles,
    projectMarkers: ['tsconfig.json', 'jsconfig.json'],
    // When its tsserver dies, typescript-language-server logs this and answers everything with nothing.
    deadLogPattern: '\\[tsserver\\] Exited\\.',
    // That line may come after the empty answer: an empty answer asks whether tsserver still runs.
    engineProbe: tsserverProbe,
    // tsserver's heap (--max-old-space-size) is bounded by the server's memory cap (maxMemoryMB).
    heapLimitOption: 'maxTsServerMemory',
    // TypeScript watches no import that failed under a node_modules two folders below / (/app,
    // /work/x): after an install there, only a reload of its projects resolves it again.
    onPackagesChanged: { command: 'typescript.tsserverRequest', arguments: ['reloadProjects', {}] },
    // Asked, not waited for: it publishes the syntax pass ([]) first whenever the semantic pass ends
    // over 50 ms later (10-25 s for one costly file), without versions, and nothing when a list stays empty.
    diagnostics: { pull: 'tsserver' },
    // Its workspace/symbol searches the project of the file it used last: tsserver's navto without a file searches every project.
    workspaceSymbol: 'tsserver',
    // Its implementations come from the file's project: each project under the root is asked too.
    implementation: 'tsserver',
    // Started in one package of a pnpm workspace, it searches that package alone: the others naming it are said.
    enclosingWorkspace: 'node',
    initializationOptions: {
      hostInfo: 'agent-lsp',
      // No automatic type acquisition: it ran typingsInstaller.js beside each tsserver (~85 MB) and
      // fetched @types packages from the registry into a cache outside the project, so a JavaScript
      // file's answers changed when a download ended and differed from the project's own tsc.
      disableAutomaticTypingAcquisition: true,
      // useClientFileWatcher: tsserver leaves file watching to us, and we scan the watched files
      // before each query, so a file written just before it is seen (its own watcher lags ~1 s).
      tsserver: { useSyntaxServer: 'never', useClientFileWatcher: true },
      // tsserver's default, kept on purpose: a rename of a shorthand property or destructured name
      // writes `{ code: errorCode }` / `{ greet: salute }`, so the code still compiles. Without it
      // `const { code } = p` became `{ errorCode }` and broke `return { code }` (TS18004). A
      // re-export keeps its public name as an alias (`export { Basket as Cart }`), which compiles.
      preferences: { providePrefixAndSuffixTextForRename: true },
    },
    // tsserver has no workspace pull diagnostics: the project's own tsc (else the bundled one) checks it.
    projectCheck: { compiler: 'tsc', script: 'typescript/bin/tsc' },
    operations: ['goToDefinition', 'goToTypeDefinition', 'findReferences', 'goToImplementation', 'hover', 'signatureHelp', 'incomingCalls', 'outgoingCalls', 'documentSymbol', 'workspaceSymbol', 'diagnostics', 'completion', 'rename', 'codeActions', 'format', 'prepareCallHierarchy', 'workspaceDiagnostics', 'willRenameFiles'],
    install: 'npm i typescript-language-server typescript@5',
    // The workspace's own TypeScript first (node_modules/typescript), as its tsc checks it and as
    // typescript-language-server does unless told a path: a project pinned to 4.9 got "No
    // diagnostics" from the bundled 5.9 on code its tsc rejects (the twenty-first trial).
    bundled: { script: 'typescript-language-server/lib/cli.mjs', args: ['--stdio'], paths: { 'tsserver.fallbackPath': 'typescript/lib/tsserver.js' } },
  },
  {
    id: 'python',
    language: 'Python',
    command: 'pyright-langserver',
    args: ['--stdio'],
    versionArgs: ['--version'],
    extensionToLanguage: { '.py': 'python', '.pyi': 'python' },
    rootMarkers: ['pyproject.toml', 'setup.py', 'setup.cfg', 'pyrightconfig.json'],
    readyLogPattern: '^(Found \\d+ source files?|No source files found)',
    // Its analysis of open files (`1 file to analyze`): answers do not wait on it, and after an open
    // file is deleted pyright 1.1.414 never ends it.
    backgroundProgressTitle: '^$',
    // pyright 1.1.414 adds `**/.*` to every config's excludes (nothing in the language server turns
    // its default excludes off), even for a folder its `include` names.
    excludedFolders: { pattern: '^\\.', says: 'pyright leaves out files under folders starting with a dot' },
    // pyright uses no virtualenv that is not activated (reportMissingImports for what .venv holds), and
    // re-reads a changed site-packages only ~5 s after it hears of it, a changed config ~100 ms after
    // (answering from the old one meanwhile): a restart takes ~0.8 s.
    virtualenv: { interpreterSetting: 'python.pythonPath', searchPathsSetting: 'python.analysis.extraPaths' },
    onPackagesChanged: { command: 'pyright.restartserver', reloads: true, configFiles: ['pyproject.toml', 'pyrightconfig.json'] },
    inheritsConfig: 'pyright',
    // Started in one package of a repository whose pyrightconfig.json above lists it in extraPaths: the others importing it are said.
    enclosingWorkspace: 'python',
    // pyright registers pull diagnostics without workspace ones: its own CLI checks the project.
    projectCheck: { compiler: 'pyright', script: 'pyright/index.js' },
    // Debian's python3-pylsp answers where pyright is not installed or does not start.
    fallbacks: ['pylsp'],
    operations: ['goToDefinition', 'goToTypeDefinition', 'findReferences', 'hover', 'signatureHelp', 'incomingCalls', 'outgoingCalls', 'documentSymbol', 'workspaceSymbol', 'diagnostics', 'completion', 'rename', 'codeActions', 'prepareCallHierarchy', 'workspaceDiagnostics'],
    install: 'npm i pyright',
    bundled: { script: 'pyright/langserver.index.js', args: ['--stdio'] },
  },
  {
    id: 'bash',
    language: 'Bash',
    command: 'bash-language-server',
    args: ['start'],
    versionArgs: ['--version'],
    extensionToLanguage: { '.sh': 'shellscript', '.bash': 'shellscript' },
    // Shell files VS Code knows by name (its shellscript language's `filenames`).
    fileNameToLanguage: Object.fromEntries(['.bashrc', '.bash_profile', '.bash_login', '.bash_logout', '.bash_aliases', '.profile', '.envrc', 'PKGBUILD', 'APKBUILD'].map((name) => [name, 'shellscript'])),
    settings: { bashIde: { logLevel: 'info', backgroundAnalysisMaxFiles: 500 } },
    readyLogPattern: 'BackgroundAnalysis: (Completed after|skipping|failed resolving|stopped after)',
    // Its workspace symbols and references come from the scripts its background analysis read,
    // at most backgroundAnalysisMaxFiles of them and for at most 10 s; it says when it stopped short.
    incompleteLog: {
      notes: [
        { pattern: 'BackgroundAnalysis: Glob resolved with 500 files', says: 'bash-language-server reads at most 500 scripts (backgroundAnalysisMaxFiles) and found that many: scripts past them, if any, are not searched' },
        { pattern: 'BackgroundAnalysis: stopped after \\d+ms', says: 'bash-language-server stopped reading the workspace after 10 s, its bound: scripts it did not reach are not searched' },
        { pattern: 'BackgroundAnalysis: stopped discovery at the directories limit', says: 'bash-language-server stopped looking for scripts at 10,000 folders: scripts past them are not searched' },
      ],
      reset: 'BackgroundAnalysis: resolving glob',
    },
    // It publishes once per version, and lints only the script that changed (so a sourced one's
    // change has the file reopened); every finding is ShellCheck's, and without shellcheck it says so once.
    diagnostics: {
      settle: 'own-version',
      recheckOnDiskChange: true,
      // ShellCheck follows what a script sources, of any name (`common`, `settings.conf`): a change of one has the script reopened too.
      dependencyDirectives: ['(?:^|[\\s;&|{(])(?:source|\\.)\\s+["\']?([^\\s"\';&|)]+)', '^\\s*#\\s*shellcheck\\s+(?:\\S+\\s+)*source=(\\S+)'],
      uncheckedLog: {
        pattern: 'ShellCheck(: disabling linting| linting is disabled)',
        says: 'bash-language-server reports only ShellCheck findings, and shellcheck is not installed (or not found), so this file was not checked; install it: apt-get install shellcheck',
      },
    },
    // It watches no file: a script made, changed or deleted since its background analysis is sent before a workspace-wide query.
    openChangedFiles: true,
    // Its references list every function of the name in the workspace; goToDefinition tells them apart.
    referencesByName: true,
    operations: ['goToDefinition', 'findReferences', 'hover', 'documentSymbol', 'workspaceSymbol', 'diagnostics', 'completion', 'rename', 'codeActions', 'format', 'workspaceDiagnostics'],
    install: 'npm i bash-language-server',
    bundled: { script: 'bash-language-server/out/cli.js', args: ['start'] },
  },
  {
    id: 'c',
    language: 'C/C++',
    command: 'clangd',
    // Its references stop at 1,000 unless told (--limit-references); its workspace symbols at 100 (--limit-results, which completion shares).
    args: ['--background-index', '--log=error', '--limit-references=0'],
    resultLimits: { workspaceSymbol: 100 },
    // Its implementations are the direct overrides and subclasses only: each is asked for its own.
    implementation: 'direct',
    versionArgs: ['--version'],
    extensionToLanguage: { ...c, ...cpp },
    rootMarkers: ['compile_commands.json', 'compile_flags.txt', '.clangd'],
    // It publishes every version it is sent (20-160 ms) and never checks a file again for a header's
    // change (it watches no file): reopened, the file is checked against the header on disk (35-60 ms).
    // Included headers are read from disk even while open with other text (no --use-dirty-headers before clangd 15).
    // A quoted #include of any name (an X-macro `.def`, an `.inc` body) is followed for that too.
    diagnostics: {
      settle: 'own-version',
      recheckOnDiskChange: true,
      includedFromDisk: ['.h', '.hh', '.hpp', '.hxx', '.inc', '.inl', '.ipp', '.tcc'],
      dependencyDirectives: ['^\\s*#\\s*(?:include|import|include_next)\\s*"([^"]+)"'],
    },
    // clangd 14 looks in each file's folder and every folder above it, in this order.
    compileDatabase: {
      files: ['compile_commands.json', 'build/compile_commands.json'],
      flagFiles: ['compile_flags.txt'],
      sourceExtensions: ['.c', '.cc', '.cpp', '.cxx'],
      directoryArgument: '--compile-commands-dir',
      // Its background index of what the database lists, announced after the first file's diagnostics at times.
      indexProgressTitle: '^indexing$',
      howToGenerate: 'cmake -DCMAKE_EXPORT_COMPILE_COMMANDS=ON, or bear -- make',
    },
    openChangedFiles: true,
    operations: ['goToDefinition', 'goToTypeDefinition', 'findReferences', 'goToImplementation', 'hover', 'signatureHelp', 'incomingCalls', 'documentSymbol', 'workspaceSymbol', 'diagnostics', 'completion', 'rename', 'codeActions', 'format', 'prepareCallHierarchy', 'supertypes', 'subtypes', 'workspaceDiagnostics'],
    install: 'apt-get install clangd',
  },
  goServer,
  {
    id: 'rust',
    language: 'Rust',
    command: 'rust-analyzer',
    args: [],
    versionArgs: ['--version'],
    extensionToLanguage: { '.rs': 'rust' },
    rootMarkers: ['Cargo.toml'],
    // Not measured here (not obtainable): what rust-analyzer's documentation lists.
    operations: ['goToDefinition', 'goToTypeDefinition', 'findReferences', 'goToImplementation', 'hover', 'signatureHelp', 'incomingCalls', 'outgoingCalls', 'documentSymbol', 'workspaceSymbol', 'diagnostics', 'completion', 'rename', 'codeActions', 'format', 'prepareCallHierarchy', 'workspaceDiagnostics'],
    install: 'rustup component add rust-analyzer',
  },
  ...markupServers,
  ...webServers,
  {
    id: 'pylsp',
    language: 'Python (pylsp)',
    command: 'pylsp',
    args: [],
    versionArgs: ['--version'],
    extensionToLanguage: { '.py': 'python', '.pyi': 'python' },
    rootMarkers: ['pyproject.toml', 'setup.py', 'setup.cfg'],
    alternativeTo: 'python',
    operations: ['goToDefinition', 'findReferences', 'hover', 'signatureHelp', 'documentSymbol', 'diagnostics', 'completion', 'rename', 'codeActions', 'format', 'workspaceDiagnostics'],
    install: 'apt-get install python3-pylsp',
  },
  {
    id: 'ccls',
    language: 'C/C++ (ccls)',
    command: 'ccls',
    args: [],
    versionArgs: ['--version'],
    extensionToLanguage: { ...c, ...cpp },
    rootMarkers: ['compile_commands.json', '.ccls'],
    // An empty cache directory keeps its index in memory, not in `.ccls-cache` under the project.
    initializationOptions: { cache: { directory: '' } },
    // It loads compile_commands.json after `initialized` and says so only on stderr; a query before
    // that went to the header's declaration instead of the definition.
    readyLogPattern: 'loaded project',
    readyLogStream: 'stderr',
    // It reports its indexing's progress only as a message wakes it: the end waited for the next one.
    nudgeProgressMs: 250,
    alternativeTo: 'c',
    operations: ['goToDefinition', 'goToTypeDefinition', 'findReferences', 'goToImplementation', 'hover', 'signatureHelp', 'documentSymbol', 'workspaceSymbol', 'diagnostics', 'completion', 'rename', 'codeActions', 'format', 'workspaceDiagnostics'],
    install: 'apt-get install ccls',
  },
  {
    id: 'tsgo',
    language: 'TypeScript/JavaScript (tsgo)',
    command: 'tsgo',
    args: ['--lsp', '--stdio'],
    versionArgs: ['--version'],
    extensionToLanguage: typescriptFiles,
    projectMarkers: ['tsconfig.json', 'jsconfig.json'],
    alternativeTo: 'typescript',
    // Measured (catalogue-operations.test.ts): typescript's operations but workspaceDiagnostics (its
    // pull diagnostics have no workspace form, and no compiler check is configured for it).
    operations: ['goToDefinition', 'goToTypeDefinition', 'findReferences', 'goToImplementation', 'hover', 'signatureHelp', 'incomingCalls', 'outgoingCalls', 'documentSymbol', 'workspaceSymbol', 'diagnostics', 'completion', 'rename', 'codeActions', 'format', 'prepareCallHierarchy', 'workspaceDiagnostics', 'willRenameFiles'],
    install: 'npm i @typescript/native-preview',
  },
]

/** The catalogue entry with `id`, if any. */
export function catalogueEntry(id: string): CatalogueEntry | undefined {
  return serverCatalogue.find((entry) => entry.id === id)
}
