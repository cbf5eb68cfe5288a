// Symbols by name path (issue 16, part 2) on the real typescript-language-server and pyright:
// symbolSource, replaceSymbol, insertBefore, insertAfter, previewed, applied and verified.
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { codeOf, tempWorkspace, toolOn } from './workspace.test-support.js'

const tsconfig = JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler' }, include: ['src'] })

const cart = [
  'export class Cart {',
  '  private items: string[] = []',
  '',
  '  /**',
  '   * Adds an item to the cart.',
  '   * @param name - what to add',
  '   */',
  '  addItem(name: string): void {',
  '    this.items.push(name)',
  '  }',
  '',
  '  count(): number {',
  '    return this.items.length',
  '  }',
  '}',
  '',
].join('\n')

const shop = [
  'import functools',
  '',
  '',
  '# Adds two numbers.',
  '# Cached.',
  '@functools.cache',
  'def add(a: int, b: int) -> int:',
  '    """Return the sum of a and b."""',
  '    return a + b',
  '',
  '',
  'class Cart:',
  '    def total(self) -> int:',
  '        return add(1, 2)',
  '',
].join('\n')

const read = (root: string, file: string): Promise<string> => readFile(path.join(root, file), 'utf8')

describe('symbols by name path on typescript-language-server', () => {
  it('reads a method with its JSDoc by name path, and a member by cursor, with 1-based line numbers', async () => {
    const root = await tempWorkspace({ 'tsconfig.json': tsconfig, 'src/cart.ts': cart })
    const { tool } = toolOn(root)
    expect(await tool.execute({ operation: 'symbolSource', symbol: 'Cart.addItem' })).toBe(
      [
        'Cart.addItem → src/cart.ts:8:3',
        'src/cart.ts:4-10  Method Cart.addItem (doc comment 4-7)',
        ' 4    /**',
        ' 5     * Adds an item to the cart.',
        ' 6     * @param name - what to add',
        ' 7     */',
        ' 8    addItem(name: string): void {',
        ' 9      this.items.push(name)',
        '10    }',
      ].join('\n'),
    )
    // A cursor inside the body: the innermost symbol holding it.
    expect(await tool.execute({ operation: 'symbolSource', filePath: 'src/cart.ts', line: 13, character: 5 })).toBe(
      ['src/cart.ts:12-14  Method Cart.count', '12    count(): number {', '13      return this.items.length', '14    }'].join('\n'),
    )
  }, 120_000)

  it('replaces a method: the exact diff, nothing written; then apply writes it and verifies errors 0 → 0', async () => {
    const root = await tempWorkspace({ 'tsconfig.json': tsconfig, 'src/cart.ts': cart })
    const { tool } = toolOn(root)
    // Given unindented: re-indented to the method's two spaces.
    const replace = { operation: 'replaceSymbol', symbol: 'Cart.addItem', text: 'addItem(name: string): void {\n  this.items.push(name.trim())\n}\n' }
    expect(await tool.execute(replace)).toBe(
      [
        'Cart.addItem → src/cart.ts:8:3',
        'Preview: replace Method Cart.addItem: 1 edit in 1 file; nothing written. The same call with apply: true writes it.',
        'Errors 0 → 0 if applied (in the 1 checked file).',
        '--- a/src/cart.ts',
        '+++ b/src/cart.ts',
        '@@ -6,7 +6,7 @@',
        '    * @param name - what to add',
        '    */',
        '   addItem(name: string): void {',
        '-    this.items.push(name)',
        '+    this.items.push(name.trim())',
        '   }',
        ' ',
        '   count(): number {',
      ].join('\n'),
    )
    expect(await read(root, 'src/cart.ts')).toBe(cart)
    expect(await tool.execute({ ...replace, apply: true })).toBe(
      ['Cart.addItem → src/cart.ts:8:3', 'Applied: replace Method Cart.addItem: 1 edit in 1 file written.', '  src/cart.ts', 'Verified: errors 0 → 0 in the 1 checked file.'].join('\n'),
    )
    expect(await read(root, 'src/cart.ts')).toBe(cart.replace('this.items.push(name)', 'this.items.push(name.trim())'))
  }, 120_000)

  it('says errors 0 → 1 with the diagnostic when the replacement breaks the types', async () => {
    const root = await tempWorkspace({ 'tsconfig.json': tsconfig, 'src/cart.ts': cart })
    const { tool } = toolOn(root)
    const bad = { operation: 'replaceSymbol', symbol: 'Cart.count', text: 'count(): number {\n  return "many"\n}', apply: true }
    expect(await tool.execute(bad)).toBe(
      [
        'Cart.count → src/cart.ts:12:3',
        "Warning: errors rose after the edit: src/cart.ts 0 → 1 (line 13: Type 'string' is not assignable to type 'number'.).",
        'Applied: replace Method Cart.count: 1 edit in 1 file written.',
        '  src/cart.ts',
        // No preview on record (a one-shot apply): the diff is shown.
        '--- a/src/cart.ts',
        '+++ b/src/cart.ts',
        '@@ -10,6 +10,6 @@',
        '   }',
        ' ',
        '   count(): number {',
        '-    return this.items.length',
        '+    return "many"',
        '   }',
        ' }',
      ].join('\n'),
    )
    expect(await read(root, 'src/cart.ts')).toBe(cart.replace('return this.items.length', 'return "many"'))
  }, 120_000)

  it('inserts a member after a method, as whole lines at its indentation', async () => {
    const root = await tempWorkspace({ 'tsconfig.json': tsconfig, 'src/cart.ts': cart })
    const { tool } = toolOn(root)
    const after = { operation: 'insertAfter', symbol: 'Cart.addItem', text: '\nclear(): void {\n  this.items = []\n}' }
    expect(await tool.execute(after)).toBe(
      [
        'Cart.addItem → src/cart.ts:8:3',
        'Preview: insert after Method Cart.addItem: 1 edit in 1 file; nothing written. The same call with apply: true writes it.',
        'Errors 0 → 0 if applied (in the 1 checked file).',
        '--- a/src/cart.ts',
        '+++ b/src/cart.ts',
        '@@ -9,6 +9,10 @@',
        '     this.items.push(name)',
        '   }',
        ' ',
        '+  clear(): void {',
        '+    this.items = []',
        '+  }',
        '+',
        '   count(): number {',
        '     return this.items.length',
        '   }',
      ].join('\n'),
    )
    expect((await tool.execute({ ...after, apply: true })).split('\n').slice(1)).toEqual([
      'Applied: insert after Method Cart.addItem: 1 edit in 1 file written.',
      '  src/cart.ts',
      'Verified: errors 0 → 0 in the 1 checked file.',
    ])
    expect(await read(root, 'src/cart.ts')).toBe(cart.replace('  }\n\n  count', '  }\n\n  clear(): void {\n    this.items = []\n  }\n\n  count'))
  }, 120_000)

  it('refuses to apply an insertBefore when the file changed since the preview, and names the closest symbols for a wrong name', async () => {
    const root = await tempWorkspace({ 'tsconfig.json': tsconfig, 'src/cart.ts': cart })
    const { tool } = toolOn(root)
    const before = { operation: 'insertBefore', symbol: 'Cart.addItem', text: '/** How many there are. */\nsize = 0\n' }
    expect((await tool.execute(before)).split('\n').slice(7, 12)).toEqual(['   private items: string[] = []', ' ', '+  /** How many there are. */', '+  size = 0', '   /**'])
    const changed = cart.replace('push(name)', 'push(name.trim())')
    await writeFile(path.join(root, 'src/cart.ts'), changed)
    expect(await codeOf(tool.execute({ ...before, apply: true }))).toEqual([
      'LSP_EDIT_CONFLICT',
      'src/cart.ts changed on disk since the preview; nothing was written. Preview the edit again',
    ])
    expect(await read(root, 'src/cart.ts')).toBe(changed)
    expect(await tool.execute({ operation: 'replaceSymbol', symbol: 'Cart.addItm', filePath: 'src/cart.ts', text: 'x' })).toBe(
      ['No symbol "Cart.addItm" found in src/cart.ts (leave out filePath to search the whole workspace).', 'Closest names:', 'Method Cart.addItem  src/cart.ts:8:3'].join('\n'),
    )
  }, 120_000)
})

describe('symbols by name path on pyright', () => {
  it('reads a function with its comment and docstring, replaces a method and verifies errors 0 → 0', async () => {
    const root = await tempWorkspace({ 'pkg/shop.py': shop, 'pyproject.toml': '' })
    const { tool } = toolOn(root)
    expect(await tool.execute({ operation: 'symbolSource', symbol: 'add' })).toBe(
      [
        'add → pkg/shop.py:7:5',
        'pkg/shop.py:4-9  Function add (doc comment 4-5)',
        '4  # Adds two numbers.',
        '5  # Cached.',
        '6  @functools.cache',
        '7  def add(a: int, b: int) -> int:',
        '8      """Return the sum of a and b."""',
        '9      return a + b',
      ].join('\n'),
    )
    const replace = { operation: 'replaceSymbol', symbol: 'Cart.total', filePath: 'pkg/shop.py', text: 'def total(self) -> int:\n    return add(2, 3)' }
    expect(await tool.execute(replace)).toBe(
      [
        'Cart.total → pkg/shop.py:13:9',
        'Preview: replace Method Cart.total: 1 edit in 1 file; nothing written. The same call with apply: true writes it.',
        'Errors 0 → 0 if applied (in the 1 checked file).',
        '--- a/pkg/shop.py',
        '+++ b/pkg/shop.py',
        '@@ -11,4 +11,4 @@',
        ' ',
        ' class Cart:',
        '     def total(self) -> int:',
        '-        return add(1, 2)',
        '+        return add(2, 3)',
      ].join('\n'),
    )
    expect((await tool.execute({ ...replace, apply: true })).split('\n').slice(1)).toEqual([
      'Applied: replace Method Cart.total: 1 edit in 1 file written.',
      '  pkg/shop.py',
      'Verified: errors 0 → 0 in the 1 checked file.',
    ])
    expect(await read(root, 'pkg/shop.py')).toBe(shop.replace('add(1, 2)', 'add(2, 3)'))
  }, 120_000)
})
