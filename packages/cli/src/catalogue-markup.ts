import type { CatalogueEntry } from './catalogue-entry.js'

const extracted = 'vscode-langservers-extracted/lib'

/**
 * The servers of data, style, markup and build files, all shipped with this package (npm, pinned),
 * in `doctor`'s order. What each needs before it answers completely, measured on this client
 * (see `.agents/notes/2026-12-01-more-languages.md`):
 *
 * - `json`: vscode-json-language-server 4.10. Asks the client nothing; formats only with
 *   `provideFormatter` (else no `documentFormattingProvider`); hover and completion need a schema:
 *   the file's `$schema`, or the `json.schemas` setting (VS Code's schemastore associations are the
 *   client's, and unreachable offline), so a `package.json` without one has symbols and no hover.
 *   It offers completion only to a client with snippets, which this one is not.
 * - `css`: vscode-css-language-server 4.10. Asks `workspace/configuration` for `css`, `scss` or
 *   `less`; a `null` answer makes every lint throw (`reading 'validProperties'`) and diagnostics
 *   come back empty, a false "no problems", so each section is an object. Definition and
 *   references stay inside the one document asked about (custom properties, Sass variables and
 *   mixins, Less variables): another file's `var(--x)` is not listed.
 * - `html`: vscode-html-language-server 4.10. Asks for `css`, `html`, `javascript` and `js/ts`
 *   (the same `null` failure for the `css` of `<style>`), registers
 *   `workspace/didChangeWorkspaceFolders`; symbols are flat `SymbolInformation` (`div.cart`,
 *   `main#app`); definition, references and hover in `<script>` come from its own TypeScript 4,
 *   one document at a time, without the standard library's declarations (its lookup path misses
 *   them in an npm or pnpm install).
 * - `yaml`: yaml-language-server 1.25 (2.0 needs Node >= 22.13; 1.25 declares no engine and runs
 *   on 20). Asks for `yaml`, `http`, `[yaml]` and `editor`; `schemaStore.enable: false`, else it
 *   fetches schemastore's catalogue over the network; hover needs a schema (a
 *   `# yaml-language-server: $schema=` modeline or `yaml.schemas`); definition goes from an alias
 *   to its anchor; no references. Diagnostics are pushed without a version.
 * - `dockerfile`: docker-langserver 0.15. Registers `workspace/didChangeConfiguration`, asks for
 *   `docker.languageserver.diagnostics`; symbols are the instructions (flat); definition of an
 *   `ARG`/`ENV` variable or a `--from` stage; no references. Files named `Dockerfile`,
 *   `Containerfile` (or either with any extension no server takes) and `*.dockerfile` reach it.
 */
/**
 * JSON files their tools read with comments and trailing commas (JSONC), as VS Code associates
 * them: tsc's and jsconfig's (`tsc --init` writes comments), VS Code's own, ESLint's, Babel's,
 * devcontainers', pyright's. The JSON server reports both as errors in a `.json` file unless a schema allows them.
 */
const JSONC_FILES = ['tsconfig.json', 'tsconfig.*.json', 'tsconfig-*.json', 'jsconfig.json', 'jsconfig.*.json', 'jsconfig-*.json', '.vscode/*.json', '.devcontainer.json', 'devcontainer.json', '.eslintrc.json', '.babelrc.json', 'typedoc.json', 'api-extractor.json', 'turbo.json', 'pyrightconfig.json']

/** A schema allowing what JSONC allows: no other rule, offline. */
const JSONC = { allowComments: true, allowTrailingCommas: true }

/**
 * The `$schema` those files name most (schemastore's tsconfig and jsconfig, turbo's): given here,
 * a file naming one reads as JSONC too, where its own `$schema` would replace the `fileMatch` above
 * and be fetched (offline: comments and trailing commas were errors again, the ninth trial).
 */
const JSONC_SCHEMA_URLS = ['tsconfig', 'jsconfig', 'eslintrc', 'babelrc']
  .flatMap((name) => [`https://json.schemastore.org/${name}`, `https://json.schemastore.org/${name}.json`, `http://json.schemastore.org/${name}`, `http://json.schemastore.org/${name}.json`])
  .concat(['https://turbo.build/schema.json', 'https://turborepo.org/schema.json', 'https://turborepo.com/schema.json'])

export const markupServers: readonly CatalogueEntry[] = [
  {
    id: 'json',
    language: 'JSON',
    command: 'vscode-json-language-server',
    args: ['--stdio'],
    versionArgs: [],
    extensionToLanguage: { '.json': 'json', '.jsonc': 'jsonc' },
    initializationOptions: { provideFormatter: true },
    // Settings sent turn off what they do not enable (validation, a dynamically registered formatter).
    settings: { json: { validate: { enable: true }, format: { enable: true }, schemas: [{ fileMatch: JSONC_FILES, schema: JSONC }, ...JSONC_SCHEMA_URLS.map((url) => ({ url, schema: JSONC }))] } },
    // Offline, a `$schema` the server cannot fetch is no fault of the file.
    diagnostics: { setupCodes: [{ code: '65536', says: 'the JSON server (offline) could not load the schema the file names, so the file was not checked against it' }] },
    operations: ['hover', 'documentSymbol', 'diagnostics', 'codeActions', 'format', 'workspaceDiagnostics'],
    install: 'npm i vscode-langservers-extracted',
    bundled: { script: `${extracted}/json-language-server/node/jsonServerMain.js`, args: ['--stdio'] },
  },
  {
    id: 'css',
    language: 'CSS/SCSS/Less',
    command: 'vscode-css-language-server',
    args: ['--stdio'],
    versionArgs: [],
    extensionToLanguage: { '.css': 'css', '.scss': 'scss', '.less': 'less' },
    initializationOptions: { provideFormatter: true },
    settings: { css: { validate: true }, scss: { validate: true }, less: { validate: true } },
    operations: ['goToDefinition', 'findReferences', 'hover', 'documentSymbol', 'diagnostics', 'rename', 'codeActions', 'format', 'workspaceDiagnostics'],
    install: 'npm i vscode-langservers-extracted',
    bundled: { script: `${extracted}/css-language-server/node/cssServerMain.js`, args: ['--stdio'] },
  },
  {
    id: 'html',
    language: 'HTML',
    command: 'vscode-html-language-server',
    args: ['--stdio'],
    versionArgs: [],
    extensionToLanguage: { '.html': 'html', '.htm': 'html' },
    initializationOptions: { provideFormatter: true },
    settings: { css: { validate: true }, html: { validate: { scripts: true, styles: true } }, javascript: {}, 'js/ts': {} },
    operations: ['goToDefinition', 'findReferences', 'hover', 'signatureHelp', 'documentSymbol', 'diagnostics', 'rename', 'format', 'workspaceDiagnostics'],
    install: 'npm i vscode-langservers-extracted',
    bundled: { script: `${extracted}/html-language-server/node/htmlServerMain.js`, args: ['--stdio'] },
  },
  {
    id: 'yaml',
    language: 'YAML',
    command: 'yaml-language-server',
    args: ['--stdio'],
    versionArgs: ['--version'],
    extensionToLanguage: { '.yaml': 'yaml', '.yml': 'yaml' },
    settings: { yaml: { schemaStore: { enable: false }, validate: true, hover: true, completion: true, format: { enable: true } } },
    operations: ['goToDefinition', 'hover', 'documentSymbol', 'diagnostics', 'completion', 'rename', 'codeActions', 'format', 'workspaceDiagnostics'],
    install: 'npm i yaml-language-server@1',
    bundled: { script: 'yaml-language-server/bin/yaml-language-server', args: ['--stdio'] },
  },
  {
    id: 'dockerfile',
    language: 'Dockerfile',
    command: 'docker-langserver',
    args: ['--stdio'],
    versionArgs: [],
    extensionToLanguage: { '.dockerfile': 'dockerfile' },
    // VS Code's Dockerfile language: these file names and patterns.
    fileNameToLanguage: { Dockerfile: 'dockerfile', Containerfile: 'dockerfile', 'Dockerfile.*': 'dockerfile', 'Containerfile.*': 'dockerfile' },
    operations: ['goToDefinition', 'hover', 'signatureHelp', 'documentSymbol', 'diagnostics', 'completion', 'rename', 'format', 'workspaceDiagnostics'],
    install: 'npm i dockerfile-language-server-nodejs',
    bundled: { script: 'dockerfile-language-server-nodejs/lib/server.js', args: ['--stdio'] },
  },
]
