import { createRequire } from 'node:module'
import type { LocalServerConfig } from '@agent-lsp/lsp-local'

const require = createRequire(import.meta.url)

/**
 * The language servers this package ships with (its own dependencies, so nothing is installed
 * globally), each run by this Node (`process.execPath`) from the script it resolves:
 *
 * - `typescript`: typescript-language-server 5.3 on TypeScript 5.9's `tsserver.js` (TypeScript 7
 *   has none) for `.ts .tsx .mts .cts .js .jsx .mjs .cjs`. `useSyntaxServer: "never"` because the
 *   syntax server answers before the project loads (first references: the open file only).
 *   tsserver searches only the projects it has loaded, so `projectMarkers` makes the host open one
 *   file of each `tsconfig.json`/`jsconfig.json` project before workspace-wide queries. Renames
 *   rename re-exports too (`providePrefixAndSuffixTextForRename: false`), not alias them.
 * - `python`: pyright for `.py .pyi`. It reports no progress while it enumerates the workspace and
 *   answers references from the open file until then, so queries wait for its
 *   `Found N source files` log line.
 * - `bash`: bash-language-server 5.8 (`node <cli.js> start`) for `.sh .bash`. It answers
 *   references with nothing until its background analysis of the workspace has run, which it
 *   says only in its log: queries wait for the `BackgroundAnalysis: Completed` line (or the
 *   line saying it skipped, failed or stopped). Those lines are `info` messages, so `settings`
 *   pins `bashIde.logLevel` to `info`: `BASH_IDE_LOG_LEVEL=warning` would hide them.
 *
 * And these from the system, when installed (a missing command says how to install it):
 *
 * - `c`: clangd (Debian's 14) for C and C++. `--background-index` indexes every file of the
 *   `compile_commands.json` it finds, so references cover the whole project (it reports that work
 *   as `$/progress`, announced only after the first document is opened); with only
 *   `compile_flags.txt` or no compilation database it knows the open files only. One server per
 *   directory holding a compilation database or `.clangd`.
 * - `go`: gopls for `.go`, one per module (`go.mod`) or workspace (`go.work`). The first request
 *   blocks while it loads the packages (seconds), then answers for the whole module. Its workspace
 *   symbols include the standard library's (this gopls has no `symbolScope` setting).
 * - `rust`: rust-analyzer for `.rs`, one per `Cargo.toml` directory. Not installable here; where
 *   it is missing, queries say so with the `rustup` command that installs it.
 */
export function defaultServers(): LocalServerConfig[] {
  return [
    {
      id: 'typescript',
      command: process.execPath,
      args: [require.resolve('typescript-language-server/lib/cli.mjs'), '--stdio'],
      extensionToLanguage: {
        '.ts': 'typescript',
        '.mts': 'typescript',
        '.cts': 'typescript',
        '.tsx': 'typescriptreact',
        '.js': 'javascript',
        '.mjs': 'javascript',
        '.cjs': 'javascript',
        '.jsx': 'javascriptreact',
      },
      projectMarkers: ['tsconfig.json', 'jsconfig.json'],
      initializationOptions: {
        hostInfo: 'agent-lsp',
        tsserver: { path: require.resolve('typescript/lib/tsserver.js'), useSyntaxServer: 'never' },
        // A rename renames through re-exports and shorthand properties (`export { Basket }`), as
        // an agent means it, instead of keeping the old name as an alias (`export { Basket as Cart }`).
        preferences: { providePrefixAndSuffixTextForRename: false },
      },
      installHint: 'npm i typescript-language-server typescript@5',
    },
    {
      id: 'python',
      command: process.execPath,
      args: [require.resolve('pyright/langserver.index.js'), '--stdio'],
      extensionToLanguage: { '.py': 'python', '.pyi': 'python' },
      readyLogPattern: '^(Found \\d+ source files?|No source files found)',
      installHint: 'npm i pyright',
    },
    {
      id: 'bash',
      command: process.execPath,
      args: [require.resolve('bash-language-server/out/cli.js'), 'start'],
      extensionToLanguage: { '.sh': 'shellscript', '.bash': 'shellscript' },
      settings: { bashIde: { logLevel: 'info' } },
      readyLogPattern: 'BackgroundAnalysis: (Completed after|skipping|failed resolving|stopped after)',
      installHint: 'npm i bash-language-server',
    },
    {
      id: 'c',
      command: 'clangd',
      args: ['--background-index', '--log=error'],
      extensionToLanguage: {
        '.c': 'c',
        '.h': 'c',
        '.cc': 'cpp',
        '.cpp': 'cpp',
        '.cxx': 'cpp',
        '.hpp': 'cpp',
        '.hh': 'cpp',
        '.hxx': 'cpp',
      },
      rootMarkers: ['compile_commands.json', 'compile_flags.txt', '.clangd'],
      installHint: 'apt-get install clangd',
    },
    {
      id: 'go',
      command: 'gopls',
      extensionToLanguage: { '.go': 'go' },
      rootMarkers: ['go.work', 'go.mod'],
      installHint: 'apt-get install gopls golang-go',
    },
    {
      id: 'rust',
      command: 'rust-analyzer',
      extensionToLanguage: { '.rs': 'rust' },
      rootMarkers: ['Cargo.toml'],
      installHint: 'rustup component add rust-analyzer',
    },
  ]
}
