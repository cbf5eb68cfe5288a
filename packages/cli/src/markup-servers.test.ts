// The servers of data, style, markup and build files (catalogue-markup.ts) through ctx.lsp, on the
// first query of a cold server: exact seam values, shown 1-based by `seam.show`.
import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { seamOn } from './seam.test-support.js'

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
const schema = JSON.stringify({ type: 'object', properties: { port: { type: 'number', description: 'The port to listen on.' } } })
const manifest = ['{', '  "name": "shop",', '  "version": "1.0.0",', '  "scripts": {', '    "build": "tsc -p ."', '  },', '  "dependencies": {', '    "zod": "4.6.7"', '  }', '}', ''].join('\n')

describe('vscode-json-language-server', () => {
  it('outlines a package.json, hovers through $schema, formats with provideFormatter', async () => {
    const { ask, show } = await seamOn({ 'package.json': manifest, 'schema.json': schema, 'data.json': '{ "$schema": "./schema.json", "port": 8080 }\n', 'ugly.json': '{"a":1}\n' })
    expect(show(await ask({ operation: 'documentSymbol', filePath: 'package.json' }))).toEqual([
      'String name@2:3',
      'String version@3:3',
      'Module scripts@4:3',
      '  String build@5:5',
      'Module dependencies@7:3',
      '  String zod@8:5',
    ])
    expect(show(await ask({ operation: 'hover', filePath: 'data.json', position: { line: 0, character: 33 } }))).toEqual(['The port to listen on\\.'])
    // No schema for package.json offline (VS Code hands it schemastore's): no hover, not an error.
    expect(show(await ask({ operation: 'hover', filePath: 'package.json', position: { line: 1, character: 4 } }))).toEqual([])
    expect(show(await ask({ operation: 'format', filePath: 'ugly.json', range: null, options: { tabSize: 2, insertSpaces: true } }))).toEqual([
      'ugly.json:1:2 "\\n  "',
      'ugly.json:1:6 " "',
      'ugly.json:1:7 "\\n"',
    ])
  })

  // tsc reads tsconfig.json with comments and trailing commas (`tsc --init` writes comments), as
  // VS Code's JSON support does: the server called each an error, in a file tsc accepts. pyright
  // reads pyrightconfig.json so too (the twenty-first trial: error 519 on a trailing comma).
  it('reads tsconfig.json, its variants, pyrightconfig.json and .vscode settings as JSONC, other .json strictly', async () => {
    const jsonc = ['{', '  // strict, as tsc --init writes', '  "compilerOptions": { "strict": true, "noEmit": true, },', '  "include": ["src"],', '}', ''].join('\n')
    const files = { 'tsconfig.json': jsonc, 'tsconfig.build.json': jsonc, 'jsconfig.json': jsonc, '.vscode/settings.json': jsonc, 'pyrightconfig.json': jsonc, 'data.json': jsonc, 'src/a.ts': 'export const a = 1\n' }
    const { root, ask, show } = await seamOn(files)
    expect(execFileSync(process.execPath, [tsc, '--showConfig', '-p', 'tsconfig.build.json'], { cwd: root, encoding: 'utf8' })).toContain('"strict": true')
    for (const filePath of ['tsconfig.json', 'tsconfig.build.json', 'jsconfig.json', '.vscode/settings.json', 'pyrightconfig.json']) {
      const answer = await ask({ operation: 'diagnostics', filePath })
      expect([filePath, show(answer), answer.completeness]).toEqual([filePath, [], { state: 'complete' }])
    }
    expect(show(await ask({ operation: 'diagnostics', filePath: 'data.json' }))).toEqual([
      '2:3 Error 521 Comments are not permitted in JSON.',
      '3:54 Error 519 Trailing comma',
      '4:21 Error 519 Trailing comma',
    ])
  })

  // The ninth trial: a tsconfig.json or turbo.json naming its own $schema lost the JSONC allowance
  // (its schema replaced the association) and the server tried to fetch it; offline, a schema it
  // cannot load is said, not reported as a warning in the file.
  it('reads a config naming its schemastore or turbo $schema as JSONC, and says an unknown $schema was not loaded', async () => {
    const jsonc = (schema: string) => `{\n  "$schema": "${schema}",\n  // a comment\n  "tasks": {},\n}\n`
    const { ask, show } = await seamOn({ 'tsconfig.json': jsonc('https://json.schemastore.org/tsconfig'), 'turbo.json': jsonc('https://turbo.build/schema.json'), 'data.json': '{ "$schema": "https://example.com/x.json", "a": 1 }\n' })
    for (const filePath of ['tsconfig.json', 'turbo.json']) {
      const answer = await ask({ operation: 'diagnostics', filePath })
      expect([filePath, show(answer), answer.completeness]).toEqual([filePath, [], { state: 'complete' }])
    }
    const data = await ask({ operation: 'diagnostics', filePath: 'data.json' })
    expect([show(data), data.completeness.state === 'partial' && data.completeness.message]).toEqual([
      [],
      expect.stringMatching(/^the JSON server \(offline\) could not load the schema the file names, so the file was not checked against it: line 1: Unable to load schema from 'https:\/\/example\.com\/x\.json'/),
    ])
  })
})

const theme = [':root {', '  --brand: #0a7;', '}', '', '.button {', '  color: var(--brand);', '}', ''].join('\n')
const scss = ['$gap: 4px;', '', '@mixin card {', '  padding: $gap;', '}', '', '.panel {', '  @include card;', '  margin: $gap;', '}', ''].join('\n')

describe('vscode-css-language-server', () => {
  it('goes to a custom property, a Sass variable and mixin, a Less variable; outlines rules', async () => {
    const { ask, show } = await seamOn({ 'theme.css': theme, 'app.scss': scss, 'site.less': '@accent: red;\n.title { color: @accent; }\n' })
    expect(show(await ask({ operation: 'goToDefinition', filePath: 'theme.css', position: { line: 5, character: 15 } }))).toEqual(['theme.css:2:3'])
    expect(show(await ask({ operation: 'goToDefinition', filePath: 'app.scss', position: { line: 8, character: 12 } }))).toEqual(['app.scss:1:1'])
    expect(show(await ask({ operation: 'goToDefinition', filePath: 'app.scss', position: { line: 7, character: 13 } }))).toEqual(['app.scss:3:1'])
    expect(show(await ask({ operation: 'goToDefinition', filePath: 'site.less', position: { line: 1, character: 20 } }))).toEqual(['site.less:1:1'])
    expect(show(await ask({ operation: 'documentSymbol', filePath: 'theme.css' }))).toEqual(['Class :root@1:1', 'Class .button@5:1'])
    expect(show(await ask({ operation: 'documentSymbol', filePath: 'app.scss' }))).toEqual(['Variable $gap@1:1', 'Method card@3:8', 'Class .panel@7:1'])
  })

  it('lints once its settings sections are objects (null made every lint throw and the list empty)', async () => {
    const { ask, show } = await seamOn({ 'bad.css': '.a { colr: red; }\n.b {}\n' })
    expect(show(await ask({ operation: 'diagnostics', filePath: 'bad.css' }))).toEqual([
      "1:6 Warning unknownProperties Unknown property: 'colr'",
      '2:1 Warning emptyRules Do not use empty rulesets',
    ])
  })

  it('finds references in the one file it reads, and the answer says the cross-check could not look further', async () => {
    const { ask, show } = await seamOn({ 'theme.css': theme, 'other.css': '.link {\n  color: var(--brand);\n}\n' })
    const references = await ask({ operation: 'findReferences', filePath: 'theme.css', position: { line: 1, character: 4 } })
    // other.css:2:14 names --brand too; the server reads one document, and no scanner reads CSS.
    expect(show(references)).toEqual(['theme.css:2:3', 'theme.css:6:14'])
    expect(references).toMatchObject({
      completeness: {
        state: 'partial',
        reason: 'unchecked',
        message: 'the cross-check cannot tell comments and strings from code in .css files, so it did not search for other places naming this symbol',
      },
    })
    expect('crossCheck' in references).toBe(false)
  })
})

const page = [
  '<!DOCTYPE html>',
  '<html>',
  '  <head>',
  '    <title>Shop</title>',
  '    <style>',
  '      .cart { color: red; }',
  '    </style>',
  '  </head>',
  '  <body>',
  '    <main id="app">',
  '      <div class="cart">Cart</div>',
  '    </main>',
  '    <script>',
  '      function total() { return 1 }',
  '      total()',
  '    </script>',
  '  </body>',
  '</html>',
  '',
].join('\n')

describe('vscode-html-language-server', () => {
  it('outlines elements, styles and scripts; goes to and hovers a script function', async () => {
    const { ask, show } = await seamOn({ 'index.html': page })
    expect(show(await ask({ operation: 'documentSymbol', filePath: 'index.html' }))).toEqual([
      'Field html@2:1',
      'Field head@3:3',
      'Field title@4:5',
      'Field style@5:5',
      'Class .cart@6:7',
      'Field body@9:3',
      'Field main#app@10:5',
      'Field div.cart@11:7',
      'Field script@13:5',
      'Function total@14:7',
    ])
    expect(show(await ask({ operation: 'goToDefinition', filePath: 'index.html', position: { line: 14, character: 8 } }))).toEqual(['index.html:14:16'])
    expect(show(await ask({ operation: 'hover', filePath: 'index.html', position: { line: 14, character: 8 } }))).toEqual(['```typescript\nfunction total(): number\n```'])
  })
})

describe('yaml-language-server', () => {
  it('outlines, goes from an alias to its anchor, hovers and checks through a schema modeline', async () => {
    const compose = ['defaults: &defaults', '  restart: always', 'services:', '  web:', '    <<: *defaults', '    image: nginx', ''].join('\n')
    const modeline = '# yaml-language-server: $schema=./schema.json\n'
    const { root, ask, show } = await seamOn({ 'compose.yaml': compose, 'schema.json': schema, 'config.yml': `${modeline}port: 8080\n`, 'bad.yaml': `${modeline}port: "x"\n` })
    expect(show(await ask({ operation: 'documentSymbol', filePath: 'compose.yaml' }))).toEqual([
      'Module defaults@1:1',
      '  String restart@2:3',
      'Module services@3:1',
      '  Module web@4:3',
      '    Module <<@5:5',
      '      String restart@2:3',
      '    String image@6:5',
    ])
    expect(show(await ask({ operation: 'goToDefinition', filePath: 'compose.yaml', position: { line: 4, character: 10 } }))).toEqual(['compose.yaml:2:3'])
    expect(show(await ask({ operation: 'hover', filePath: 'config.yml', position: { line: 1, character: 2 } }))).toEqual([
      `The port to listen on.\n\nSource: [schema.json](file://${root}/schema.json)`,
    ])
    expect(show(await ask({ operation: 'diagnostics', filePath: 'bad.yaml' }))).toEqual(['2:7 Error 0 Incorrect type. Expected "number".'])
  })
})

describe('docker-langserver', () => {
  it('outlines instructions, goes to an ARG and a build stage, hovers an instruction', async () => {
    const dockerfile = ['ARG NODE_VERSION=20', 'FROM node:${NODE_VERSION} AS build', 'WORKDIR /app', 'COPY . .', 'RUN npm ci', '', 'FROM nginx AS web', 'COPY --from=build /app/dist /usr/share/nginx/html', 'EXPOSE 80', ''].join('\n')
    const { ask, show } = await seamOn({ 'web.dockerfile': dockerfile })
    expect(show(await ask({ operation: 'documentSymbol', filePath: 'web.dockerfile' }))).toEqual([
      'Function ARG@1:1',
      'Function FROM@2:1',
      'Function WORKDIR@3:1',
      'Function COPY@4:1',
      'Function RUN@5:1',
      'Function FROM@7:1',
      'Function COPY@8:1',
      'Function EXPOSE@9:1',
    ])
    expect(show(await ask({ operation: 'goToDefinition', filePath: 'web.dockerfile', position: { line: 1, character: 14 } }))).toEqual(['web.dockerfile:1:5'])
    expect(show(await ask({ operation: 'goToDefinition', filePath: 'web.dockerfile', position: { line: 7, character: 16 } }))).toEqual(['web.dockerfile:2:30'])
    expect(show(await ask({ operation: 'hover', filePath: 'web.dockerfile', position: { line: 2, character: 2 } }))).toEqual([
      'Set the working directory for any subsequent `ADD`, `COPY`, `CMD`, `ENTRYPOINT`, or `RUN` instructions that follow it in the `Dockerfile`.\n\n```\nWORKDIR /path/to/workdir\nWORKDIR relative/path\n```\n\n[Online documentation](https://docs.docker.com/engine/reference/builder/#workdir)',
    ])
  })

  it('serves files named Dockerfile, Containerfile and Dockerfile.prod, diagnostics included', async () => {
    const text = 'FROM node:20\nEXPOSE abc\n'
    const { ask, show } = await seamOn({ Dockerfile: text, 'deploy/Containerfile': text, 'Dockerfile.prod': text, 'dockerfile.json': '{}\n' })
    for (const filePath of ['Dockerfile', 'deploy/Containerfile', 'Dockerfile.prod']) {
      expect(show(await ask({ operation: 'documentSymbol', filePath }))).toEqual(['Function FROM@1:1', 'Function EXPOSE@2:1'])
      expect(show(await ask({ operation: 'diagnostics', filePath }))).toEqual(['2:8 Error 24 Invalid containerPort: abc'])
    }
    // An extension a server takes wins over the Dockerfile.* pattern: JSON answers for it.
    expect(show(await ask({ operation: 'documentSymbol', filePath: 'dockerfile.json' }))).toEqual([])
  })
})
