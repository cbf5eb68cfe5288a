// The catalogue as data, and the default servers built from it: what they were before the catalogue
// existed, plus python's project markers, plus the servers of data, style, markup and build files,
// of web components, PHP and TOML.
import { createRequire } from 'node:module'
import path from 'node:path'
import { isValidExtension } from '@agent-lsp/lsp'
import { describe, expect, it } from 'vitest'
import { serverCatalogue } from './catalogue.js'
import { defaultServers } from './servers.js'

const require = createRequire(import.meta.url)

describe('the server catalogue', () => {
  it('covers TypeScript/JavaScript, Python, Bash, C/C++, Go, Rust, JSON, CSS, HTML, YAML, Dockerfile, Vue, Svelte, PHP and TOML, each with valid extensions and an install command', () => {
    expect(serverCatalogue.map((entry) => [entry.id, entry.language, entry.command, entry.install])).toEqual([
      ['typescript', 'TypeScript/JavaScript', 'typescript-language-server', 'npm i typescript-language-server typescript@5'],
      ['python', 'Python', 'pyright-langserver', 'npm i pyright'],
      ['bash', 'Bash', 'bash-language-server', 'npm i bash-language-server'],
      ['c', 'C/C++', 'clangd', 'apt-get install clangd'],
      ['go', 'Go', 'gopls', 'apt-get install gopls golang-go'],
      ['rust', 'Rust', 'rust-analyzer', 'rustup component add rust-analyzer'],
      ['json', 'JSON', 'vscode-json-language-server', 'npm i vscode-langservers-extracted'],
      ['css', 'CSS/SCSS/Less', 'vscode-css-language-server', 'npm i vscode-langservers-extracted'],
      ['html', 'HTML', 'vscode-html-language-server', 'npm i vscode-langservers-extracted'],
      ['yaml', 'YAML', 'yaml-language-server', 'npm i yaml-language-server@1'],
      ['dockerfile', 'Dockerfile', 'docker-langserver', 'npm i dockerfile-language-server-nodejs'],
      ['vue', 'Vue', 'typescript-language-server', 'npm i typescript-language-server typescript@5 @vue/typescript-plugin'],
      ['svelte', 'Svelte', 'svelteserver', 'npm i svelte-language-server'],
      ['php', 'PHP', 'intelephense', 'npm i -g intelephense@1.18.5 (not open source: read its licence at https://intelephense.com/legal first)'],
      ['toml', 'TOML', 'tombi', 'npm i @tombi-toml/tombi'],
      ['pylsp', 'Python (pylsp)', 'pylsp', 'apt-get install python3-pylsp'],
      ['ccls', 'C/C++ (ccls)', 'ccls', 'apt-get install ccls'],
      ['tsgo', 'TypeScript/JavaScript (tsgo)', 'tsgo', 'npm i @typescript/native-preview'],
    ])
    // Off until a config enables them; then they take the files of the server they stand in for.
    expect(serverCatalogue.filter((entry) => entry.alternativeTo).map((entry) => [entry.id, entry.alternativeTo])).toEqual([
      ['pylsp', 'python'],
      ['ccls', 'c'],
      ['tsgo', 'typescript'],
    ])
    // Tried in order when the server is not installed or fails to start.
    expect(serverCatalogue.filter((entry) => entry.fallbacks).map((entry) => [entry.id, entry.fallbacks])).toEqual([['python', ['pylsp']]])
    for (const entry of serverCatalogue) expect(Object.keys(entry.extensionToLanguage).filter((extension) => !isValidExtension(extension))).toEqual([])
    expect(Object.fromEntries(serverCatalogue.map((entry) => [entry.id, entry.rootMarkers ?? entry.projectMarkers]))).toEqual({
      typescript: ['tsconfig.json', 'jsconfig.json'],
      python: ['pyproject.toml', 'setup.py', 'setup.cfg', 'pyrightconfig.json'],
      bash: undefined,
      c: ['compile_commands.json', 'compile_flags.txt', '.clangd'],
      go: ['go.work', 'go.mod'],
      rust: ['Cargo.toml'],
      json: undefined,
      css: undefined,
      html: undefined,
      yaml: undefined,
      dockerfile: undefined,
      vue: ['tsconfig.json', 'jsconfig.json'],
      svelte: undefined,
      php: undefined,
      toml: undefined,
      pylsp: ['pyproject.toml', 'setup.py', 'setup.cfg'],
      ccls: ['compile_commands.json', '.ccls'],
      tsgo: ['tsconfig.json', 'jsconfig.json'],
    })
  })

  it('gives the default servers they had before it, python now one per project', () => {
    const ts = ['.ts', '.mts', '.cts', '.tsx', '.js', '.mjs', '.cjs', '.jsx']
    expect(defaultServers()).toEqual([
      {
        id: 'typescript',
        command: process.execPath,
        args: [require.resolve('typescript-language-server/lib/cli.mjs'), '--stdio'],
        extensionToLanguage: Object.fromEntries(ts.map((e) => [e, { '.tsx': 'typescriptreact', '.jsx': 'javascriptreact' }[e] ?? (e.includes('j') ? 'javascript' : 'typescript')])),
        projectMarkers: ['tsconfig.json', 'jsconfig.json'],
        deadLogPattern: '\\[tsserver\\] Exited\\.',
        engineProbe: { command: 'typescript.tsserverRequest', arguments: ['status', {}], deadWhen: { type: 'noServer' } },
        diagnostics: { pull: 'tsserver' },
        workspaceSymbol: 'tsserver',
        implementation: 'tsserver',
        enclosingWorkspace: 'node',
        onPackagesChanged: { command: 'typescript.tsserverRequest', arguments: ['reloadProjects', {}] },
        initializationOptions: {
          hostInfo: 'agent-lsp',
          disableAutomaticTypingAcquisition: true,
          tsserver: { fallbackPath: require.resolve('typescript/lib/tsserver.js'), useSyntaxServer: 'never', useClientFileWatcher: true },
          preferences: { providePrefixAndSuffixTextForRename: true },
        },
        projectCheck: { compiler: 'tsc', script: require.resolve('typescript/bin/tsc') },
        installHint: 'npm i typescript-language-server typescript@5',
      },
      {
        id: 'python',
        command: process.execPath,
        args: [require.resolve('pyright/langserver.index.js'), '--stdio'],
        extensionToLanguage: { '.py': 'python', '.pyi': 'python' },
        rootMarkers: ['pyproject.toml', 'setup.py', 'setup.cfg', 'pyrightconfig.json'],
        readyLogPattern: '^(Found \\d+ source files?|No source files found)',
        backgroundProgressTitle: '^$',
        excludedFolders: { pattern: '^\\.', says: 'pyright leaves out files under folders starting with a dot' },
        virtualenv: { interpreterSetting: 'python.pythonPath', searchPathsSetting: 'python.analysis.extraPaths' },
        onPackagesChanged: { command: 'pyright.restartserver', reloads: true, configFiles: ['pyproject.toml', 'pyrightconfig.json'] },
        inheritsConfig: 'pyright',
        enclosingWorkspace: 'python',
        projectCheck: { compiler: 'pyright', script: require.resolve('pyright/index.js') },
        installHint: 'npm i pyright',
      },
      {
        id: 'bash',
        command: process.execPath,
        args: [require.resolve('bash-language-server/out/cli.js'), 'start'],
        extensionToLanguage: { '.sh': 'shellscript', '.bash': 'shellscript' },
        fileNameToLanguage: {
          '.bashrc': 'shellscript',
          '.bash_profile': 'shellscript',
          '.bash_login': 'shellscript',
          '.bash_logout': 'shellscript',
          '.bash_aliases': 'shellscript',
          '.profile': 'shellscript',
          '.envrc': 'shellscript',
          PKGBUILD: 'shellscript',
          APKBUILD: 'shellscript',
        },
        settings: { bashIde: { logLevel: 'info', backgroundAnalysisMaxFiles: 500 } },
        incompleteLog: serverCatalogue.find((entry) => entry.id === 'bash')!.incompleteLog,
        readyLogPattern: 'BackgroundAnalysis: (Completed after|skipping|failed resolving|stopped after)',
        openChangedFiles: true,
        referencesByName: true,
        diagnostics: {
          settle: 'own-version',
          recheckOnDiskChange: true,
          dependencyDirectives: serverCatalogue.find((entry) => entry.id === 'bash')!.diagnostics!.dependencyDirectives,
          uncheckedLog: {
            pattern: 'ShellCheck(: disabling linting| linting is disabled)',
            says: 'bash-language-server reports only ShellCheck findings, and shellcheck is not installed (or not found), so this file was not checked; install it: apt-get install shellcheck',
          },
        },
        installHint: 'npm i bash-language-server',
      },
      {
        id: 'c',
        command: 'clangd',
        args: ['--background-index', '--log=error', '--limit-references=0'],
        resultLimits: { workspaceSymbol: 100 },
        implementation: 'direct',
        extensionToLanguage: { '.c': 'c', '.h': 'c', '.cc': 'cpp', '.cpp': 'cpp', '.cxx': 'cpp', '.hpp': 'cpp', '.hh': 'cpp', '.hxx': 'cpp' },
        rootMarkers: ['compile_commands.json', 'compile_flags.txt', '.clangd'],
        diagnostics: {
          settle: 'own-version',
          recheckOnDiskChange: true,
          includedFromDisk: ['.h', '.hh', '.hpp', '.hxx', '.inc', '.inl', '.ipp', '.tcc'],
          dependencyDirectives: ['^\\s*#\\s*(?:include|import|include_next)\\s*"([^"]+)"'],
        },
        compileDatabase: {
          files: ['compile_commands.json', 'build/compile_commands.json'],
          flagFiles: ['compile_flags.txt'],
          sourceExtensions: ['.c', '.cc', '.cpp', '.cxx'],
          directoryArgument: '--compile-commands-dir',
          indexProgressTitle: '^indexing$',
          howToGenerate: 'cmake -DCMAKE_EXPORT_COMPILE_COMMANDS=ON, or bear -- make',
        },
        openChangedFiles: true,
        installHint: 'apt-get install clangd',
      },
      { id: 'go', command: 'gopls', extensionToLanguage: { '.go': 'go' }, rootMarkers: ['go.work', 'go.mod'], workspaceRootMarkers: ['go.work'], resultLimits: { workspaceSymbol: 100 }, dependentRoots: serverCatalogue.find((entry) => entry.id === 'go')!.dependentRoots, diagnostics: serverCatalogue.find((entry) => entry.id === 'go')!.diagnostics, failureProgressTitle: '^Error loading workspace$', backgroundProgressTitle: '^diagnosing (?!initial workspace load$)', initializationOptions: { diagnosticsDelay: '0s', verboseWorkDoneProgress: true }, unopenedChangesBy: 'size-mtime', buildConstraints: 'go', linkedSources: 'go', installHint: 'apt-get install gopls golang-go' },
      { id: 'rust', command: 'rust-analyzer', extensionToLanguage: { '.rs': 'rust' }, rootMarkers: ['Cargo.toml'], installHint: 'rustup component add rust-analyzer' },
      {
        id: 'json',
        command: process.execPath,
        args: [require.resolve('vscode-langservers-extracted/lib/json-language-server/node/jsonServerMain.js'), '--stdio'],
        extensionToLanguage: { '.json': 'json', '.jsonc': 'jsonc' },
        initializationOptions: { provideFormatter: true },
        settings: {
          json: {
            validate: { enable: true },
            format: { enable: true },
            schemas: [
              {
                fileMatch: ['tsconfig.json', 'tsconfig.*.json', 'tsconfig-*.json', 'jsconfig.json', 'jsconfig.*.json', 'jsconfig-*.json', '.vscode/*.json', '.devcontainer.json', 'devcontainer.json', '.eslintrc.json', '.babelrc.json', 'typedoc.json', 'api-extractor.json', 'turbo.json', 'pyrightconfig.json'],
                schema: { allowComments: true, allowTrailingCommas: true },
              },
              ...['tsconfig', 'jsconfig', 'eslintrc', 'babelrc']
                .flatMap((name) => ['https', 'http'].flatMap((scheme) => [`${scheme}://json.schemastore.org/${name}`, `${scheme}://json.schemastore.org/${name}.json`]))
                .concat(['https://turbo.build/schema.json', 'https://turborepo.org/schema.json', 'https://turborepo.com/schema.json'])
                .map((url) => ({ url, schema: { allowComments: true, allowTrailingCommas: true } })),
            ],
          },
        },
        diagnostics: { setupCodes: [{ code: '65536', says: 'the JSON server (offline) could not load the schema the file names, so the file was not checked against it' }] },
        installHint: 'npm i vscode-langservers-extracted',
      },
      {
        id: 'css',
        command: process.execPath,
        args: [require.resolve('vscode-langservers-extracted/lib/css-language-server/node/cssServerMain.js'), '--stdio'],
        extensionToLanguage: { '.css': 'css', '.scss': 'scss', '.less': 'less' },
        initializationOptions: { provideFormatter: true },
        settings: { css: { validate: true }, scss: { validate: true }, less: { validate: true } },
        installHint: 'npm i vscode-langservers-extracted',
      },
      {
        id: 'html',
        command: process.execPath,
        args: [require.resolve('vscode-langservers-extracted/lib/html-language-server/node/htmlServerMain.js'), '--stdio'],
        extensionToLanguage: { '.html': 'html', '.htm': 'html' },
        initializationOptions: { provideFormatter: true },
        settings: { css: { validate: true }, html: { validate: { scripts: true, styles: true } }, javascript: {}, 'js/ts': {} },
        installHint: 'npm i vscode-langservers-extracted',
      },
      {
        id: 'yaml',
        command: process.execPath,
        args: [require.resolve('yaml-language-server/bin/yaml-language-server'), '--stdio'],
        extensionToLanguage: { '.yaml': 'yaml', '.yml': 'yaml' },
        settings: { yaml: { schemaStore: { enable: false }, validate: true, hover: true, completion: true, format: { enable: true } } },
        installHint: 'npm i yaml-language-server@1',
      },
      {
        id: 'dockerfile',
        command: process.execPath,
        args: [require.resolve('dockerfile-language-server-nodejs/lib/server.js'), '--stdio'],
        extensionToLanguage: { '.dockerfile': 'dockerfile' },
        fileNameToLanguage: { Dockerfile: 'dockerfile', Containerfile: 'dockerfile', 'Dockerfile.*': 'dockerfile', 'Containerfile.*': 'dockerfile' },
        installHint: 'npm i dockerfile-language-server-nodejs',
      },
      {
        id: 'vue',
        command: process.execPath,
        args: [require.resolve('typescript-language-server/lib/cli.mjs'), '--stdio'],
        extensionToLanguage: { '.vue': 'vue' },
        projectMarkers: ['tsconfig.json', 'jsconfig.json'],
        initializationOptions: {
          hostInfo: 'agent-lsp',
          disableAutomaticTypingAcquisition: true,
          tsserver: { useSyntaxServer: 'never', useClientFileWatcher: true, path: require.resolve('typescript/lib/tsserver.js') },
          // The plugin's folder, from which tsserver resolves it.
          plugins: [{ name: '@vue/typescript-plugin', location: path.dirname(require.resolve('@vue/typescript-plugin/package.json')), languages: ['vue'] }],
        },
        deadLogPattern: '\\[tsserver\\] Exited\\.',
        engineProbe: { command: 'typescript.tsserverRequest', arguments: ['status', {}], deadWhen: { type: 'noServer' } },
        diagnostics: { pull: 'tsserver' },
        installHint: 'npm i typescript-language-server typescript@5 @vue/typescript-plugin',
      },
      {
        id: 'svelte',
        command: process.execPath,
        args: [require.resolve('svelte-language-server/bin/server.js'), '--stdio'],
        extensionToLanguage: { '.svelte': 'svelte' },
        installHint: 'npm i svelte-language-server',
      },
      {
        id: 'php',
        command: 'intelephense',
        args: ['--stdio'],
        extensionToLanguage: { '.php': 'php' },
        settings: { intelephense: { telemetry: { enabled: false } } },
        readyLogPattern: '^Indexer: Indexing finished\\.',
        installHint: 'npm i -g intelephense@1.18.5 (not open source: read its licence at https://intelephense.com/legal first)',
      },
      {
        id: 'toml',
        command: process.execPath,
        args: [require.resolve('@tombi-toml/tombi/bin/tombi'), 'lsp', '--offline'],
        extensionToLanguage: { '.toml': 'toml' },
        awaitOpenDiagnostics: true,
        diagnostics: { setupCodes: [{ code: 'unsupported-reference', says: 'tombi (offline) does not ship the schema of part of this file, which was not checked against one' }] },
        installHint: 'npm i @tombi-toml/tombi',
      },
    ])
  })
})
