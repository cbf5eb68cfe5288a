// The edit operations (issue 7) on the real typescript-language-server: preview, apply, verify.
import { execFileSync } from 'node:child_process'
import { chmod, readdir, readFile, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { codeOf, tempWorkspace, toolOn } from './workspace.test-support.js'

const require = createRequire(import.meta.url)

const tsconfig = JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler' }, include: ['src'] })

/** A method `total` of Cart used across files through a re-export, and an unrelated `Invoice.total`. */
const shop = {
  'tsconfig.json': tsconfig,
  'src/cart.ts': [
    'export class Cart {',
    '  private prices: number[] = []',
    '',
    '  add(price: number): void {',
    '    this.prices.push(price)',
    '  }',
    '',
    '  /** The sum of the prices. */',
    '  total(): number {',
    '    return this.prices.reduce((sum, price) => sum + price, 0)',
    '  }',
    '}',
    '',
  ].join('\n'),
  'src/invoice.ts': ['export class Invoice {', '  total(): number {', '    return 42', '  }', '}', ''].join('\n'),
  'src/index.ts': ["export { Cart } from './cart'", "export { Invoice } from './invoice'", ''].join('\n'),
  'src/checkout.ts': [
    "import { Cart, Invoice } from './index'",
    '',
    '// total() of the cart, then of the invoice',
    'export function checkout(cart: Cart, invoice: Invoice): string {',
    '  const due = cart.total()',
    "  const label = 'total'",
    '  return `${label}: ${due} / ${invoice.total()} / ${cart.total()}`',
    '}',
    '',
  ].join('\n'),
}

const renamePreview = [
  'Preview: rename total → sum: 3 edits in 2 files; nothing written. The same call with apply: true writes it.',
  'Errors 0 → 0 if applied (in the 3 checked files).',
  // `const label = 'total'`: a string that is the name, which the rename leaves.
  'Not verified: 1 string still names total (not renamed; code may use it by that name): src/checkout.ts:6:18',
  '--- a/src/cart.ts',
  '+++ b/src/cart.ts',
  '@@ -6,7 +6,7 @@',
  '   }',
  ' ',
  '   /** The sum of the prices. */',
  '-  total(): number {',
  '+  sum(): number {',
  '     return this.prices.reduce((sum, price) => sum + price, 0)',
  '   }',
  ' }',
  '--- a/src/checkout.ts',
  '+++ b/src/checkout.ts',
  '@@ -2,7 +2,7 @@',
  ' ',
  ' // total() of the cart, then of the invoice',
  ' export function checkout(cart: Cart, invoice: Invoice): string {',
  '-  const due = cart.total()',
  '+  const due = cart.sum()',
  "   const label = 'total'",
  '-  return `${label}: ${due} / ${invoice.total()} / ${cart.total()}`',
  '+  return `${label}: ${due} / ${invoice.total()} / ${cart.sum()}`',
  ' }',
].join('\n')

const renameAt = { operation: 'rename', filePath: 'src/cart.ts', line: 9, character: 3, newName: 'sum' } as const

async function contents(root: string, files: readonly string[]): Promise<Record<string, string>> {
  return Object.fromEntries(await Promise.all(files.map(async (file) => [file, await readFile(path.join(root, file), 'utf8')] as const)))
}

const shopFiles = Object.keys(shop)

describe('rename on typescript-language-server', () => {
  it('previews exactly the Cart.total sites (not Invoice.total, the comment or the string), then applies and verifies them', async () => {
    const root = await tempWorkspace(shop)
    const { tool } = toolOn(root)
    expect(await tool.execute(renameAt)).toBe(renamePreview)
    expect(await contents(root, shopFiles)).toEqual(shop)

    expect(await tool.execute({ ...renameAt, apply: true })).toBe(
      [
        'Applied: rename total → sum: 3 edits in 2 files written.',
        '  src/cart.ts',
        '  src/checkout.ts',
        'Verified: findReferences of sum finds all 3 references of total, renamed.',
        'Verified: errors 0 → 0 in the 3 checked files.',
        'Not verified: 1 string still names total (not renamed; code may use it by that name): src/checkout.ts:6:18',
      ].join('\n'),
    )
    expect(await contents(root, shopFiles)).toEqual({
      ...shop,
      'src/cart.ts': shop['src/cart.ts'].replace('  total(): number {', '  sum(): number {'),
      'src/checkout.ts': shop['src/checkout.ts'].replace('cart.total()', 'cart.sum()').replace('${cart.total()}', '${cart.sum()}'),
    })
    expect((await readdir(path.join(root, 'src'))).sort()).toEqual(['cart.ts', 'checkout.ts', 'index.ts', 'invoice.ts'])
  })

  it('says after applying with force which renamed place now names another symbol: a parameter of the new name in scope', async () => {
    const root = await tempWorkspace({
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ['src'] }),
      'src/a.ts': 'export function render(x: number): string { return String(x) }\n',
      'src/b.ts': "import { render } from './a'\nexport function wrapper(fmt: (n: number) => string) { return render(2) + fmt(1) }\n",
    })
    const { tool } = toolOn(root)
    // Refused without force (LSP_EDIT_NAME_CONFLICT, rename-captures.test.ts); written, the check after says so too.
    const answer = await tool.execute({ operation: 'rename', filePath: 'src/a.ts', line: 1, character: 17, newName: 'fmt', apply: true, force: true })
    expect(answer.split('\n').filter((line) => /^(Applied|Verified|Not verified)/.test(line))).toEqual([
      'Applied: rename render → fmt: 3 edits in 2 files written.',
      'Not verified: 1 of the 3 references of render is not a reference of fmt now: src/b.ts:2:62.',
      'Verified: errors 0 → 0 in the 2 checked files.',
    ])
  })

  it('refuses to apply when a file changed on disk since the preview, and writes nothing', async () => {
    const root = await tempWorkspace(shop)
    const { tool } = toolOn(root)
    await tool.execute(renameAt)
    const edited = `${shop['src/checkout.ts']}export const extra = 1\n`
    await writeFile(path.join(root, 'src/checkout.ts'), edited)
    expect(await codeOf(tool.execute({ ...renameAt, apply: true }))).toEqual([
      'LSP_EDIT_CONFLICT',
      'src/checkout.ts changed on disk since the preview; nothing was written. Preview the edit again',
    ])
    expect(await contents(root, shopFiles)).toEqual({ ...shop, 'src/checkout.ts': edited })
  })

  it('leaves every file as it was when a write fails midway', async () => {
    const root = await tempWorkspace(shop)
    const { tool } = toolOn(root)
    await tool.execute(renameAt)
    // src/cart.ts is written first (path order); src/checkout.ts then cannot be replaced.
    const failing = await makeUnwritable(path.join(root, 'src/checkout.ts'))
    const [code, message] = await codeOf(tool.execute({ ...renameAt, apply: true }))
    expect(code).toBe('LSP_EDIT_FAILED')
    expect(message).toBe(
      failing === 'file'
        ? `writing ${path.join(root, 'src/checkout.ts')} failed (EPERM); every file was restored to its content before the edit`
        : `could not write ${path.join(root, 'src/cart.ts')} failed (EACCES); no file was changed`,
    )
    expect(await contents(root, shopFiles)).toEqual(shop)
    expect((await readdir(path.join(root, 'src'))).sort()).toEqual(['cart.ts', 'checkout.ts', 'index.ts', 'invoice.ts'])
  })

  it('renames a class through its re-export and every import of it, in one apply without a preview', async () => {
    const root = await tempWorkspace(shop)
    const { tool } = toolOn(root)
    const answer = await tool.execute({ operation: 'rename', filePath: 'src/cart.ts', line: 1, character: 14, newName: 'Basket', apply: true })
    expect(answer.split('\n').slice(0, 7)).toEqual([
      'Applied: rename Cart → Basket: 4 edits in 3 files written.',
      '  src/cart.ts',
      '  src/checkout.ts',
      '  src/index.ts',
      'Verified: findReferences of Basket finds all 4 references of Cart, renamed.',
      'Verified: errors 0 → 0 in the 3 checked files.',
      '--- a/src/cart.ts',
    ])
    expect(await contents(root, shopFiles)).toEqual({
      ...shop,
      'src/cart.ts': shop['src/cart.ts'].replace('class Cart', 'class Basket'),
      'src/index.ts': shop['src/index.ts'].replace('{ Cart }', '{ Basket }'),
      'src/checkout.ts': shop['src/checkout.ts'].replace('{ Cart,', '{ Basket,').replace('cart: Cart', 'cart: Basket'),
    })
  })

  it('applies a rename that only renames the symbol named in an error already there (errors 1 → 1, as tsc counts)', async () => {
    // The seventh trial: "errors 1 → 1 if applied, 1 new error … does not exist on type 'Baz'",
    // and apply refused, because the error's message names the renamed type.
    const root = await tempWorkspace({
      'tsconfig.json': tsconfig,
      'src/bar.ts': 'export interface Bar { a: number }\nexport const b: Bar = { a: 1 }\n',
      'src/use.ts': "import { b, type Bar } from './bar'\nexport const n = b.nope\nexport const c: Bar = b\n",
    })
    const tsc = () => execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '--noEmit', '-p', '.'], { cwd: root, encoding: 'utf8' }).toString()
    const tscErrors = () => { try { return tsc() } catch (error) { return (error as { stdout: string }).stdout } }
    expect(tscErrors()).toBe("src/use.ts(2,20): error TS2339: Property 'nope' does not exist on type 'Bar'.\n")
    const { tool } = toolOn(root)
    const answer = await tool.execute({ operation: 'rename', filePath: 'src/bar.ts', line: 1, character: 18, newName: 'Baz', apply: true })
    expect(answer.split('\n').filter((line) => /^(Applied|Verified|Warning|Not verified)/.test(line))).toEqual([
      'Applied: rename Bar → Baz: 4 edits in 2 files written.',
      'Verified: findReferences of Baz finds all 4 references of Bar, renamed.',
      'Verified: errors 1 → 1 in the 2 checked files.',
    ])
    expect(tscErrors()).toBe("src/use.ts(2,20): error TS2339: Property 'nope' does not exist on type 'Baz'.\n")
  })

  it('says why a position cannot be renamed, and writes nothing', async () => {
    const root = await tempWorkspace(shop)
    const { tool } = toolOn(root)
    expect(await codeOf(tool.execute({ ...renameAt, filePath: 'src/checkout.ts', line: 1, character: 3, apply: true }))).toEqual([
      'LSP_CANNOT_RENAME',
      'cannot rename at 1:3: You cannot rename this element. (prepareRename)',
    ])
    expect(await contents(root, shopFiles)).toEqual(shop)
  })
})

/**
 * Make `file` impossible to replace: immutable (`chattr +i`, which binds root too), else its
 * directory read-only. Undone after the test.
 * @returns which one held.
 */
async function makeUnwritable(file: string): Promise<'file' | 'directory'> {
  try {
    execFileSync('chattr', ['+i', file], { stdio: 'ignore' })
    onTestFinished(() => void execFileSync('chattr', ['-i', file], { stdio: 'ignore' }))
    return 'file'
  } catch {
    const dir = path.dirname(file)
    await chmod(dir, 0o555)
    onTestFinished(() => chmod(dir, 0o755))
    return 'directory'
  }
}

describe('a quick fix on typescript-language-server', () => {
  it('adds the missing import, and the error count falls', async () => {
    const root = await tempWorkspace({ 'tsconfig.json': tsconfig, 'src/util.ts': 'export const alpha = 1\n', 'src/fix.ts': 'export const doubled = alpha * 2\n' })
    const { tool } = toolOn(root)
    const at = { operation: 'codeActions', filePath: 'src/fix.ts', line: 1, character: 24, only: 'quickfix' } as const
    expect(await tool.execute(at)).toBe(
      ['1 code action at src/fix.ts:1:24:', '  1. [quickfix] Add import from "./util" (preferred)', 'Preview one with action (its number or title); write it with action and apply: true.'].join('\n'),
    )
    expect(await tool.execute({ ...at, action: 1 })).toBe(
      [
        'Preview: code action "Add import from "./util"": 1 edit in 1 file; nothing written. The same call with apply: true writes it.',
        'Errors 1 → 0 if applied (in the 1 checked file).',
        '--- a/src/fix.ts',
        '+++ b/src/fix.ts',
        '@@ -1 +1,3 @@',
        '+import { alpha } from "./util";',
        '+',
        ' export const doubled = alpha * 2',
      ].join('\n'),
    )
    expect(await tool.execute({ ...at, action: 1, apply: true })).toBe(
      ['Applied: code action "Add import from "./util"": 1 edit in 1 file written.', '  src/fix.ts', 'Verified: errors 1 → 0 in the 1 checked file.'].join('\n'),
    )
    expect(await readFile(path.join(root, 'src/fix.ts'), 'utf8')).toBe('import { alpha } from "./util";\n\nexport const doubled = alpha * 2\n')
  })
})

describe('diagnostics after an edit on typescript-language-server', () => {
  it('answers a file that stays clean after a change completely, without waiting out the bound', async () => {
    const root = await tempWorkspace(shop)
    const { tool } = toolOn(root)
    const check = { operation: 'diagnostics', filePath: 'src/checkout.ts' } as const
    expect(await tool.execute(check)).toBe('No diagnostics in src/checkout.ts.')
    await writeFile(path.join(root, 'src/checkout.ts'), `${shop['src/checkout.ts']}export const extra = 1\n`)
    const started = performance.now()
    // The server publishes nothing for diagnostics that stay empty; the provider reopens the file.
    expect(await tool.execute(check)).toBe('No diagnostics in src/checkout.ts.')
    expect(performance.now() - started).toBeLessThan(8_000)
  })
})

describe('code actions, formatting and completion on typescript-language-server', () => {
  it('applies organize imports', async () => {
    const main = ["import { gamma, beta } from './util'", "import { alpha } from './util'", '', 'export const total = alpha + gamma()', ''].join('\n')
    const root = await tempWorkspace({
      'tsconfig.json': tsconfig,
      'src/util.ts': 'export const alpha = 1\nexport const beta = 2\nexport function gamma(): number {\n  return 3\n}\n',
      'src/main.ts': main,
    })
    const { tool } = toolOn(root)
    const at = { operation: 'codeActions', filePath: 'src/main.ts', line: 1, character: 1, only: 'source.organizeImports' } as const
    expect(await tool.execute(at)).toBe(
      ['1 code action at src/main.ts:1:1:', '  1. [source.organizeImports.ts] Organize Imports', 'Preview one with action (its number or title); write it with action and apply: true.'].join('\n'),
    )
    const answer = await tool.execute({ ...at, action: 'Organize Imports', apply: true })
    expect(answer.split('\n').slice(0, 3)).toEqual([
      'Applied: code action "Organize Imports": 2 edits in 1 file written.',
      '  src/main.ts',
      'Verified: errors 0 → 0 in the 1 checked file.',
    ])
    expect(await readFile(path.join(root, 'src/main.ts'), 'utf8')).toBe(["import { alpha, beta, gamma } from './util'", '', 'export const total = alpha + gamma()', ''].join('\n'))
  })

  it('lists the same source actions on a cold server as on a warm one, so the number chosen is the action listed', async () => {
    // The seventh trial: the first list (cold) had 3 source actions, the next 6 (tsserver offers its
    // fix-all actions once it has the file's diagnostics), so `action: 2` wrote another action than
    // the "2. Sort Imports" just listed.
    const root = await tempWorkspace({
      'tsconfig.json': tsconfig,
      'src/lib.ts': 'export const b = 1\nexport const a = 2\n',
      'src/main.ts': "import { b } from './lib'\nimport { a } from './lib'\nfunction keepMe(): number { return 42 }\nexport const sum = a\n",
    })
    const { tool } = toolOn(root)
    const at = { operation: 'codeActions', filePath: 'src/main.ts', line: 1, character: 1, only: 'source' } as const
    const listed = [
      '6 code actions at src/main.ts:1:1:',
      '  1. [source.fixAll.ts] Fix all fixable JS/TS issues — not applicable: it carries no edit',
      '  2. [source.removeUnused.ts] Remove all unused code',
      '  3. [source.addMissingImports.ts] Add all missing imports — not applicable: it carries no edit',
      '  4. [source.organizeImports.ts] Organize Imports',
      '  5. [source.sortImports.ts] Sort Imports',
      '  6. [source.removeUnusedImports.ts] Remove Unused Imports',
      'Preview one with action (its number or title); write it with action and apply: true.',
    ].join('\n')
    expect(await tool.execute(at)).toBe(listed)
    expect((await tool.execute({ ...at, action: 5 })).split('\n')[0]).toBe('Preview: code action "Sort Imports": 2 edits in 1 file; nothing written. The same call with apply: true writes it.')
    expect(await tool.execute(at)).toBe(listed)
  })

  it("formats a badly indented file as the server does", async () => {
    const messy = ['export function   area(width:number,height:number){', 'if(width<0){', '      return 0', '  }', '        const result=width*height', '   return result', '}', ''].join('\n')
    const root = await tempWorkspace({ 'tsconfig.json': tsconfig, 'src/messy.ts': messy })
    const { tool } = toolOn(root)
    const preview = await tool.execute({ operation: 'format', filePath: 'src/messy.ts' })
    expect(preview.split('\n')[0]).toBe('Preview: format src/messy.ts: 18 edits in 1 file; nothing written. The same call with apply: true writes it.')
    await tool.execute({ operation: 'format', filePath: 'src/messy.ts', apply: true })
    expect(await readFile(path.join(root, 'src/messy.ts'), 'utf8')).toBe(
      [
        'export function area(width: number, height: number) {',
        '    if (width < 0) {',
        '        return 0',
        '    }',
        '    const result = width * height',
        '    return result',
        '}',
        '',
      ].join('\n'),
    )
    expect(await tool.execute({ operation: 'format', filePath: 'src/messy.ts' })).toBe('Nothing to change: src/messy.ts is already formatted.')
  })

  it('lists the members of a class after obj. with their types', async () => {
    const point = [
      '/** A point in the plane. */',
      'export class Point {',
      '  constructor(public x: number, public y: number) {}',
      '',
      '  /** Distance from the origin. */',
      '  length(): number {',
      '    return Math.hypot(this.x, this.y)',
      '  }',
      '',
      '  scale(factor: number): Point {',
      '    return new Point(this.x * factor, this.y * factor)',
      '  }',
      '}',
      '',
      'const p = new Point(1, 2)',
      'p.',
      '',
    ].join('\n')
    const root = await tempWorkspace({ 'tsconfig.json': tsconfig, 'src/point.ts': point })
    const { tool } = toolOn(root)
    expect(await tool.execute({ operation: 'completion', filePath: 'src/point.ts', line: 16, character: 3 })).toBe(
      [
        '4 completions at src/point.ts:16:3:',
        '  length  Method  (method) Point.length(): number — Distance from the origin.',
        '  scale   Method  (method) Point.scale(factor: number): Point',
        '  x       Field   (property) Point.x: number',
        '  y       Field   (property) Point.y: number',
      ].join('\n'),
    )
  })
})

describe('edits on pyright', () => {
  const shapes = ['class Circle:', '    def area(self) -> float:', '        return 3.14', '', '', 'class Square:', '    def area(self) -> float:', '        return 1.0', ''].join('\n')
  const use = ['from shapes import Circle, Square', '', 'c = Circle()', 'print(c.area(), Square().area())', ''].join('\n')

  it('renames Circle.area and not Square.area, and says that pyright does not format', async () => {
    const root = await tempWorkspace({ 'shapes.py': shapes, 'use.py': use })
    const { tool } = toolOn(root)
    const answer = await tool.execute({ operation: 'rename', symbol: 'Circle.area', newName: 'surface', apply: true })
    expect(answer.split('\n').slice(0, 6)).toEqual([
      'Circle.area → shapes.py:2:9',
      'Applied: rename area → surface: 2 edits in 2 files written.',
      '  shapes.py',
      '  use.py',
      'Verified: findReferences of surface finds all 2 references of area, renamed.',
      'Verified: errors 0 → 0 in the 2 checked files.',
    ])
    expect(await contents(root, ['shapes.py', 'use.py'])).toEqual({
      'shapes.py': shapes.replace('    def area', '    def surface'),
      'use.py': use.replace('c.area()', 'c.surface()'),
    })
    expect(await codeOf(tool.execute({ operation: 'format', filePath: 'use.py' }))).toEqual([
      'LSP_UNSUPPORTED_OPERATION',
      'language server "python" does not support format (no documentFormattingProvider)',
    ])
  })
})

describe('edits on clangd', () => {
  it('formats C as clangd does (LLVM style) and renames a function at its call', async () => {
    const source = 'int add(int a,int b){\nreturn a+b;}\nint twice(int x){return add(x,x);}\n'
    const root = await tempWorkspace({ 'm.c': source })
    // A database that lists m.c: with compile_flags.txt alone clangd searches only the files it has
    // opened, and the rename says so (`Partial answer (unconfigured)`, clangd-coverage.test.ts).
    await writeFile(path.join(root, 'compile_commands.json'), JSON.stringify([{ directory: root, file: 'm.c', arguments: ['cc', '-c', 'm.c'] }]))
    const { tool } = toolOn(root)
    await tool.execute({ operation: 'format', filePath: 'm.c', apply: true })
    const formatted = 'int add(int a, int b) { return a + b; }\nint twice(int x) { return add(x, x); }\n'
    expect(await readFile(path.join(root, 'm.c'), 'utf8')).toBe(formatted)
    expect((await tool.execute({ operation: 'rename', filePath: 'm.c', line: 2, character: 27, newName: 'sum', apply: true })).split('\n').slice(0, 4)).toEqual([
      'Applied: rename add → sum: 2 edits in 1 file written.',
      '  m.c',
      'Verified: findReferences of sum finds all 2 references of add, renamed.',
      'Verified: errors 0 → 0 in the 1 checked file.',
    ])
    expect(await readFile(path.join(root, 'm.c'), 'utf8')).toBe(formatted.replaceAll('add', 'sum'))
  })
})
