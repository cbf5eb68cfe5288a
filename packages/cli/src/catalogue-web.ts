import { lspOperations } from '@agent-lsp/lsp'
import type { CatalogueEntry } from './catalogue-entry.js'

/**
 * The servers of web components, PHP and TOML, all shipped with this package (npm, pinned), in
 * `doctor`'s order. What each needs before it answers completely, measured on this client (see
 * `.agents/notes/2026-12-01-web-languages.md`):
 *
 * - `vue`: typescript-language-server 5.3 on TypeScript 5.9 with `@vue/typescript-plugin` 3.3
 *   loaded into its tsserver (the TypeScript half of Vue's "hybrid mode"), serving `.vue` files:
 *   definition, references, hover and the rest in `<script>` and template expressions, through the
 *   project's `tsconfig.json` (template names typed through the project's own `vue` package);
 *   diagnostics pulled as for `typescript`. `@vue/language-server` 3 alone answers nothing: every
 *   request waits for the client to relay its `tsserver/request` (`_vue:projectInfo`) to a
 *   tsserver, so the HTML and CSS half of a `.vue` file (tag hover, `<style>`, an outline: symbols
 *   are `[]`) is not served. A `.ts` file's references are the `typescript` server's, which does
 *   not read `.vue` files.
 * - `svelte`: svelte-language-server 0.18 (its own svelte 4 and the TypeScript 5.9 here). Asks the
 *   client nothing; registers a watcher for `**\/*.{ts,js,…,svelte}`; the first request blocks
 *   while it loads the TypeScript project (~1–5 s here), then is complete.
 * - `php`: intelephense 1.18, free features (no licence key). Asks for `intelephense`
 *   (`telemetry.enabled: false`, else it reports usage); indexes its PHP stubs and the workspace
 *   under a `window/workDoneProgress` that begins after the first request was answered (a
 *   definition across files: empty), ~5–8 s cold here (140 stub files); every indexing ends with
 *   the log line waited for. Keeps its index under `~/.config/intelephense`. Its licence is not
 *   open source (see the note), so it is found on `PATH`, never installed with this package. Premium features are not offered without a key.
 * - `toml`: tombi 1.2 (`lsp --offline`: no schema fetched; the schemas it ships, Cargo.toml and
 *   pyproject.toml among them, still give hover). Registers a `**\/*.toml` watcher; pushes
 *   diagnostics with the document's version.
 */
/** What the Vue and Svelte servers answer (measured): every operation but type hierarchy (workspace diagnostics: their files one by one). */
// No file operations: svelte-language-server registers none, and typescript-language-server's filters leave .vue out.
const vueAndSvelteOperations = lspOperations.filter(
  // overlayDiagnostics is the host's, never an entry's (catalogue-entry.ts).
  (operation) => !['supertypes', 'subtypes', 'willRenameFiles', 'didRenameFiles', 'overlayDiagnostics'].includes(operation),
)

/** typescript-language-server's answer once its tsserver is gone (see lsp-local's `engineProbe`). */
export const tsserverProbe = { command: 'typescript.tsserverRequest', arguments: ['status', {}], deadWhen: { type: 'noServer' } } as const

export const webServers: readonly CatalogueEntry[] = [
  {
    id: 'vue',
    language: 'Vue',
    command: 'typescript-language-server',
    args: ['--stdio'],
    versionArgs: ['--version'],
    extensionToLanguage: { '.vue': 'vue' },
    projectMarkers: ['tsconfig.json', 'jsconfig.json'],
    deadLogPattern: '\\[tsserver\\] Exited\\.',
    engineProbe: tsserverProbe,
    // As for `typescript`: its pushed syntax pass ([]) can come before the semantic one; asked, not waited for.
    diagnostics: { pull: 'tsserver' },
    initializationOptions: {
      hostInfo: 'agent-lsp',
      // As for `typescript`: no typingsInstaller, no @types fetched from the registry.
      disableAutomaticTypingAcquisition: true,
      tsserver: { useSyntaxServer: 'never', useClientFileWatcher: true },
      // `location` is the plugin's folder (tsserver resolves `name` from there), set when bundled.
      plugins: [{ name: '@vue/typescript-plugin', location: '', languages: ['vue'] }],
    },
    operations: vueAndSvelteOperations,
    install: 'npm i typescript-language-server typescript@5 @vue/typescript-plugin',
    bundled: {
      script: 'typescript-language-server/lib/cli.mjs',
      args: ['--stdio'],
      paths: { 'tsserver.path': 'typescript/lib/tsserver.js' },
      folders: { 'plugins.0.location': '@vue/typescript-plugin/package.json' },
    },
  },
  {
    id: 'svelte',
    language: 'Svelte',
    command: 'svelteserver',
    args: ['--stdio'],
    versionArgs: [],
    extensionToLanguage: { '.svelte': 'svelte' },
    operations: vueAndSvelteOperations,
    install: 'npm i svelte-language-server',
    bundled: { script: 'svelte-language-server/bin/server.js', args: ['--stdio'] },
  },
  {
    id: 'php',
    language: 'PHP',
    command: 'intelephense',
    args: ['--stdio'],
    versionArgs: [],
    extensionToLanguage: { '.php': 'php' },
    settings: { intelephense: { telemetry: { enabled: false } } },
    // Its indexing progress begins after the first request was answered (empty) on a cold index; this
    // line ends every indexing, a warm one (its state kept from an earlier run) too.
    readyLogPattern: '^Indexer: Indexing finished\\.',
    operations: ['goToDefinition', 'findReferences', 'hover', 'signatureHelp', 'documentSymbol', 'workspaceSymbol', 'diagnostics', 'completion', 'format', 'workspaceDiagnostics'],
    // Not a dependency: its licence is not open source, so installing it is the user's own choice.
    install: 'npm i -g intelephense@1.18.5 (not open source: read its licence at https://intelephense.com/legal first)',
  },
  {
    id: 'toml',
    language: 'TOML',
    command: 'tombi',
    args: ['lsp', '--offline'],
    versionArgs: ['--version'],
    extensionToLanguage: { '.toml': 'toml' },
    // tower-lsp handles a request beside the didOpen before it: an outline asked at once was [] now and then.
    awaitOpenDiagnostics: true,
    // Offline, it ships pyproject.toml's schema but not the partial ones it refers to (tombi-toml/tombi#2171).
    diagnostics: { setupCodes: [{ code: 'unsupported-reference', says: 'tombi (offline) does not ship the schema of part of this file, which was not checked against one' }] },
    operations: ['goToDefinition', 'goToTypeDefinition', 'findReferences', 'hover', 'documentSymbol', 'diagnostics', 'completion', 'codeActions', 'format', 'workspaceDiagnostics', 'didRenameFiles'],
    install: 'npm i @tombi-toml/tombi',
    bundled: { script: '@tombi-toml/tombi/bin/tombi', args: ['lsp', '--offline'] },
  },
]
