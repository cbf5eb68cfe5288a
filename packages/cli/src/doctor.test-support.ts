// Test support (not exported): doctor's rows of the servers this package ships, computed from the
// bundled packages' own package.json, and the operations line below each catalogue row.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

const require = createRequire(import.meta.url)

/** `path (bundled, name version)` of a server this package ships. */
export function bundled(script: string, manifest: string): string {
  const { name, version } = JSON.parse(readFileSync(require.resolve(manifest), 'utf8')) as { name: string; version: string }
  return `${require.resolve(script)} (bundled, ${name} ${version})`
}

/**
 * doctor's cross-check line, from the ripgrep binary of this platform's @vscode/ripgrep package
 * found in the workspace's pnpm store and its own `--version`.
 */
export function crossCheckLine(): string {
  const store = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../node_modules/.pnpm')
  const folder = readdirSync(store).find((name) => name.startsWith(`@vscode+ripgrep-${process.platform}-${process.arch}@`))
  if (folder === undefined) throw new Error(`no @vscode/ripgrep binary package for ${process.platform}-${process.arch} in ${store}`)
  const rg = path.join(store, folder, 'node_modules/@vscode', `ripgrep-${process.platform}-${process.arch}`, 'bin/rg')
  return `Cross-check: ${execFileSync(rg, ['--version'], { encoding: 'utf8' }).split('\n')[0]!.trim()} (bundled)`
}

/** The line below a row listing what the server answers (the catalogue's measured operations). */
export const answers = {
  typescript: '         answers: goToDefinition, goToTypeDefinition, findReferences, goToImplementation, hover, signatureHelp, incomingCalls, outgoingCalls, documentSymbol, workspaceSymbol, diagnostics, completion, rename, codeActions, format, prepareCallHierarchy, workspaceDiagnostics, willRenameFiles',
  python: '         answers: goToDefinition, goToTypeDefinition, findReferences, hover, signatureHelp, incomingCalls, outgoingCalls, documentSymbol, workspaceSymbol, diagnostics, completion, rename, codeActions, prepareCallHierarchy, workspaceDiagnostics',
  // clangd, gopls and rust-analyzer: tsserver's operations less its
  // project check; clangd has a type hierarchy.
  c: '         answers: goToDefinition, goToTypeDefinition, findReferences, goToImplementation, hover, signatureHelp, incomingCalls, documentSymbol, workspaceSymbol, diagnostics, completion, rename, codeActions, format, prepareCallHierarchy, supertypes, subtypes, workspaceDiagnostics',
  go: '         answers: goToDefinition, goToTypeDefinition, findReferences, goToImplementation, hover, signatureHelp, incomingCalls, outgoingCalls, documentSymbol, workspaceSymbol, diagnostics, completion, rename, codeActions, format, prepareCallHierarchy, workspaceDiagnostics',
  bash: '         answers: goToDefinition, findReferences, hover, documentSymbol, workspaceSymbol, diagnostics, completion, rename, codeActions, format, workspaceDiagnostics',
  json: '         answers: hover, documentSymbol, diagnostics, codeActions, format, workspaceDiagnostics',
  css: '         answers: goToDefinition, findReferences, hover, documentSymbol, diagnostics, rename, codeActions, format, workspaceDiagnostics',
  html: '         answers: goToDefinition, findReferences, hover, signatureHelp, documentSymbol, diagnostics, rename, format, workspaceDiagnostics',
  yaml: '         answers: goToDefinition, hover, documentSymbol, diagnostics, completion, rename, codeActions, format, workspaceDiagnostics',
  dockerfile: '         answers: goToDefinition, hover, signatureHelp, documentSymbol, diagnostics, completion, rename, format, workspaceDiagnostics',
  php: '         answers: goToDefinition, findReferences, hover, signatureHelp, documentSymbol, workspaceSymbol, diagnostics, completion, format, workspaceDiagnostics',
  toml: '         answers: goToDefinition, goToTypeDefinition, findReferences, hover, documentSymbol, diagnostics, completion, codeActions, format, workspaceDiagnostics, didRenameFiles',
  vueSvelte: '         answers: goToDefinition, goToTypeDefinition, findReferences, goToImplementation, hover, signatureHelp, incomingCalls, outgoingCalls, documentSymbol, workspaceSymbol, diagnostics, completion, rename, codeActions, format, prepareCallHierarchy, workspaceDiagnostics',
}

/** doctor's row of intelephense, found on `PATH` (not a dependency: its licence is not open source). */
export function phpRows(PATH = process.env.PATH ?? ''): string[] {
  const found = PATH.split(':').map((dir) => path.join(dir, 'intelephense')).find((file) => existsSync(file))
  const install = 'npm i -g intelephense@1.18.5 (not open source: read its licence at https://intelephense.com/legal first)'
  return [found ? `ready    php         PHP                    ${found} (PATH)` : `missing  php         PHP                    intelephense not found on PATH; install: ${install}`, answers.php]
}

/**
 * The rows after the first three servers and the system ones (markup, then web), as doctor prints
 * them with `PATH` (which intelephense comes from).
 */
export function markupRows(PATH?: string): string[] {
  const extracted = (server: string) => bundled(`vscode-langservers-extracted/lib/${server}`, 'vscode-langservers-extracted/package.json')
  return [
    `ready    json        JSON                   ${extracted('json-language-server/node/jsonServerMain.js')}`,
    answers.json,
    `ready    css         CSS/SCSS/Less          ${extracted('css-language-server/node/cssServerMain.js')}`,
    answers.css,
    `ready    html        HTML                   ${extracted('html-language-server/node/htmlServerMain.js')}`,
    answers.html,
    `ready    yaml        YAML                   ${bundled('yaml-language-server/bin/yaml-language-server', 'yaml-language-server/package.json')}`,
    answers.yaml,
    `ready    dockerfile  Dockerfile             ${bundled('dockerfile-language-server-nodejs/lib/server.js', 'dockerfile-language-server-nodejs/package.json')}`,
    answers.dockerfile,
    `ready    vue         Vue                    ${bundled('typescript-language-server/lib/cli.mjs', 'typescript-language-server/package.json')}`,
    answers.vueSvelte,
    `ready    svelte      Svelte                 ${bundled('svelte-language-server/bin/server.js', 'svelte-language-server/package.json')}`,
    answers.vueSvelte,
    ...phpRows(PATH),
    `ready    toml        TOML                   ${bundled('@tombi-toml/tombi/bin/tombi', '@tombi-toml/tombi/package.json')}`,
    answers.toml,
  ]
}

/** The rows of the three servers that are dependencies of this package since the start. */
export function firstRows(): string[] {
  return [
    `ready    typescript  TypeScript/JavaScript  ${bundled('typescript-language-server/lib/cli.mjs', 'typescript-language-server/package.json')}`,
    answers.typescript,
    `ready    python      Python                 ${bundled('pyright/langserver.index.js', 'pyright/package.json')}`,
    answers.python,
    `ready    bash        Bash                   ${bundled('bash-language-server/out/cli.js', 'bash-language-server/package.json')}`,
    answers.bash,
  ]
}
