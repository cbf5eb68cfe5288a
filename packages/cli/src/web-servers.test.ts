// The servers of web components, PHP and TOML (catalogue-web.ts) through ctx.lsp on a small real
// project each, on the first queries of a cold server: exact seam values, shown 1-based by `seam.show`.
import { symlink, mkdir } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { main } from './main.js'
import { seamOn } from './seam.test-support.js'
import { tempWorkspace } from './workspace.test-support.js'

const require = createRequire(import.meta.url)

const tsconfig = JSON.stringify({ compilerOptions: { strict: true, module: 'esnext', moduleResolution: 'bundler', target: 'es2022' }, include: ['src'] })
const math = 'export function double(n: number): number {\n  return n * 2\n}\n'

describe('typescript-language-server with @vue/typescript-plugin', () => {
  it('goes from a .vue script and template to the definitions, hovers, finds references, checks types', async () => {
    const counter = [
      '<script setup lang="ts">',
      "import { double } from './math'",
      '',
      'let count = 0',
      '',
      'function increment(): void {',
      '  count = double(count) + 1',
      '}',
      '</script>',
      '',
      '<template>',
      '  <button class="counter" @click="increment">{{ count }}</button>',
      '</template>',
      '',
    ].join('\n')
    const bad = '<script setup lang="ts">\nexport const n: number = "x"\n</script>\n'
    const { root, ask, show } = await seamOn({ 'tsconfig.json': tsconfig, 'src/math.ts': math, 'src/Counter.vue': counter, 'src/Bad.vue': bad })
    // A Vue project has `vue` installed: the plugin types the template through it (without it a
    // template name has no definition).
    await mkdir(path.join(root, 'node_modules'))
    await symlink(path.dirname(require.resolve('vue/package.json')), path.join(root, 'node_modules/vue'))
    expect(show(await ask({ operation: 'goToDefinition', filePath: 'src/Counter.vue', position: { line: 6, character: 11 } }))).toEqual(['src/math.ts:1:17'])
    expect(show(await ask({ operation: 'goToDefinition', filePath: 'src/Counter.vue', position: { line: 11, character: 36 } }))).toEqual(['src/Counter.vue:6:10'])
    expect(show(await ask({ operation: 'hover', filePath: 'src/Counter.vue', position: { line: 6, character: 11 } }))).toEqual(['```typescript\n(alias) double(n: number): number\nimport double\n```'])
    expect(show(await ask({ operation: 'findReferences', filePath: 'src/Counter.vue', position: { line: 3, character: 5 } }))).toEqual(['src/Counter.vue:4:5', 'src/Counter.vue:7:3', 'src/Counter.vue:7:18', 'src/Counter.vue:12:49'])
    // tsserver outlines no .vue file (the Vue server's part in hybrid mode, not run here).
    expect(show(await ask({ operation: 'documentSymbol', filePath: 'src/Counter.vue' }))).toEqual([])
    expect(show(await ask({ operation: 'diagnostics', filePath: 'src/Bad.vue' }))).toEqual(["2:14 Error 2322 Type 'string' is not assignable to type 'number'."])
  })
})

describe('svelte-language-server', () => {
  it('goes to an imported function and a handler, hovers, outlines a component', async () => {
    const counter = [
      '<script lang="ts">',
      "  import { double } from './math'",
      '',
      '  export let start = 0',
      '  let count = start',
      '',
      '  function increment(): void {',
      '    count = double(count) + 1',
      '  }',
      '</script>',
      '',
      '<button on:click={increment}>{count}</button>',
      '',
    ].join('\n')
    const { ask, show } = await seamOn({ 'tsconfig.json': tsconfig, 'src/math.ts': math, 'src/Counter.svelte': counter })
    expect(show(await ask({ operation: 'goToDefinition', filePath: 'src/Counter.svelte', position: { line: 7, character: 13 } }))).toEqual(['src/math.ts:1:17'])
    expect(show(await ask({ operation: 'goToDefinition', filePath: 'src/Counter.svelte', position: { line: 11, character: 20 } }))).toEqual(['src/Counter.svelte:7:12'])
    expect(show(await ask({ operation: 'hover', filePath: 'src/Counter.svelte', position: { line: 7, character: 13 } }))).toEqual(['```typescript\n(alias) double(n: number): number\nimport double\n```'])
    expect(show(await ask({ operation: 'documentSymbol', filePath: 'src/Counter.svelte' }))).toEqual([
      'Field script@1:1',
      '  Variable double@2:12',
      '  Variable start@4:14',
      '  Variable count@5:7',
      '  Function increment@7:3',
      'Field button@12:1',
    ])
  })
})

describe('intelephense', () => {
  it('goes to a method in another file once indexed, hovers it, outlines a class', async () => {
    const cart = [
      '<?php',
      '',
      'namespace Shop;',
      '',
      '/** A basket of priced items. */',
      'class Cart',
      '{',
      '    private array $items = [];',
      '',
      '    public function add(string $name, int $price): void',
      '    {',
      '        $this->items[$name] = $price;',
      '    }',
      '',
      '    public function total(): int',
      '    {',
      '        return array_sum($this->items);',
      '    }',
      '}',
      '',
    ].join('\n')
    const index = ['<?php', '', 'use Shop\\Cart;', '', '$cart = new Cart();', "$cart->add('tea', 3);", 'echo $cart->total();', ''].join('\n')
    const { ask, show } = await seamOn({ 'composer.json': '{ "name": "shop/cart" }\n', 'src/Cart.php': cart, 'index.php': index })
    // The first query of a cold server: before its indexing ended this was empty.
    expect(show(await ask({ operation: 'goToDefinition', filePath: 'index.php', position: { line: 5, character: 8 } }))).toEqual(['src/Cart.php:10:21'])
    expect(show(await ask({ operation: 'hover', filePath: 'index.php', position: { line: 6, character: 13 } }))).toEqual(['__Shop\\\\Cart::total__\n\n```php\n<?php\npublic function total(): int { }\n```\n\n_@return_ `int`'])
    expect(show(await ask({ operation: 'findReferences', filePath: 'src/Cart.php', position: { line: 14, character: 21 } }))).toEqual(['index.php:7:13', 'src/Cart.php:15:21'])
    expect(show(await ask({ operation: 'documentSymbol', filePath: 'src/Cart.php' }))).toEqual([
      'Namespace Shop@3:11',
      'Class Cart@6:7',
      '  Property $items@8:19',
      '  Method add@10:21',
      '    Variable $name@10:32',
      '    Variable $price@10:43',
      '  Method total@15:21',
    ])
  })
})

describe('tombi', () => {
  it('outlines a Cargo.toml, hovers a key through the schema it ships (offline), checks a broken file', async () => {
    const cargo = ['[package]', 'name = "shop"', 'version = "1.0.0"', '', '[dependencies]', 'serde = { version = "1", features = ["derive"] }', ''].join('\n')
    const { ask, show } = await seamOn({ 'Cargo.toml': cargo, 'bad.toml': 'a =\nb = 1\n' })
    expect(show(await ask({ operation: 'documentSymbol', filePath: 'Cargo.toml' }))).toEqual([
      'Object package@1:1',
      '  String name@2:1',
      '  String version@3:1',
      'Object dependencies@5:1',
      '  Object serde@6:1',
      '    String version@6:11',
      '    Array features@6:26',
      '      String [0]@6:38',
    ])
    const [hover] = show(await ask({ operation: 'hover', filePath: 'Cargo.toml', position: { line: 1, character: 2 } }))
    expect(hover!.split('\n\n').slice(-3)).toEqual(['Keys: `package.name`', 'Value: `String`', '\nSchema: [cargo.json](https://raw.githubusercontent.com/tombi-toml/tombi/refs/tags/v1.2.1/www.schemastore.org/cargo.json)'])
    expect(show(await ask({ operation: 'diagnostics', filePath: 'bad.toml' }))).toEqual(['1:4 Error expected-value expected value'])
  })

  // tombi runs offline and ships pyproject.toml's schema but not the partial schemas it refers to
  // (tombi-toml/tombi#2171): each `[tool.pyright]` table got "unsupported reference", a warning of
  // tombi's setup answered as one of the file's. The table was not checked: the answer says so.
  it("says a table whose schema tombi does not ship was not checked, instead of a warning in the user's file", async () => {
    const pyproject = '[project]\nname = "shop"\nversion = "1.0"\n\n[tool.pyright]\ninclude = ["pkg"]\n'
    const { ask, show } = await seamOn({ 'pyproject.toml': pyproject, 'bad.toml': 'a =\nb = 1\n' })
    const says = 'tombi (offline) does not ship the schema of part of this file, which was not checked against one'
    const unsupported = 'unsupported reference: https://www.schemastore.org/partial-pyright.json, schema_uri: tombi://www.schemastore.org/pyproject.json'
    const result = await ask({ operation: 'diagnostics', filePath: 'pyproject.toml' })
    expect([show(result), result.completeness]).toEqual([
      [],
      { state: 'partial', reason: 'unconfigured', message: `${says}: line 5: ${unsupported}` },
    ])
    const workspace = await ask({ operation: 'workspaceDiagnostics', filePath: 'pyproject.toml' })
    expect([show(workspace), workspace.completeness]).toEqual([
      ['bad.toml:1:4 Error Tombi expected-value expected value'],
      { state: 'partial', reason: 'unconfigured', message: `${says}: pyproject.toml line 5: ${unsupported}` },
    ])
  })

  it('answers through the command: --json symbols of a pyproject.toml', async () => {
    const root = await tempWorkspace({ 'pyproject.toml': '[project]\nname = "shop"\n' })
    let stdout = ''
    const io = { cwd: root, env: { ...process.env, XDG_CONFIG_HOME: path.join(root, 'no-config') }, stdout: (text: string) => void (stdout += text), stderr: () => {} }
    expect(await main(['documentSymbol', 'pyproject.toml', '--json', '--root', root], io)).toBe(0)
    const range = (line: number, character: number, endLine: number, endCharacter: number) => ({ start: { line, character }, end: { line: endLine, character: endCharacter } })
    const uri = `file://${root}/pyproject.toml`
    expect(JSON.parse(stdout)).toMatchObject({
      kind: 'symbols',
      symbols: [{ name: 'project', kind: 'Object', uri, range: range(0, 0, 2, 0), children: [{ name: 'name', kind: 'String', uri, range: range(1, 0, 1, 13) }] }],
    })
  })
})
