import { createRequire } from 'node:module'
import type { LocalServerConfig } from '@agent-lsp/lsp-local'

const require = createRequire(import.meta.url)

/**
 * The language servers this package ships with (its own dependencies, so nothing is installed
 * globally), each started as `node <script> --stdio`:
 *
 * - `typescript`: typescript-language-server 5.3 on TypeScript 5.9's `tsserver.js` (TypeScript 7
 *   has none) for `.ts .tsx .mts .cts .js .jsx .mjs .cjs`. `useSyntaxServer: "never"` because the
 *   syntax server answers before the project loads (first references: the open file only).
 *   tsserver searches only the projects it has loaded, so `projectMarkers` makes the host open one
 *   file of each `tsconfig.json`/`jsconfig.json` project before workspace-wide queries.
 * - `python`: pyright for `.py .pyi`. It reports no progress while it enumerates the workspace and
 *   answers references from the open file until then, so queries wait for its
 *   `Found N source files` log line.
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
  ]
}
