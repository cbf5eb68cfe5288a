// The operations beyond the seed four, through ctx.lsp against the real servers: exact seam
// results (zero-based UTF-16 positions), for TypeScript and Python.
import path from 'node:path'
import type { LspQueryResult, LspSymbol } from '@agent-lsp/lsp'
import { describe, expect, it } from 'vitest'
import { createLspHost } from './host.js'
import { tempWorkspace } from './workspace.test-support.js'
import { onTestFinished } from 'vitest'

const cartTs = [
  'export interface Item {',
  '  name: string',
  '  price: number',
  '}',
  '',
  'export class Cart {',
  '  private items: Item[] = []',
  '',
  '  /** Adds an item to the cart. */',
  '  addItem(item: Item, quantity: number = 1): void {',
  '    for (let i = 0; i < quantity; i++) this.items.push(item)',
  '  }',
  '',
  '  total(): number {',
  '    return this.items.reduce((sum, item) => sum + item.price, 0)',
  '  }',
  '}',
  '',
].join('\n')

const shopTs = [
  'import { Cart, type Item } from "./cart";',
  '',
  'export function checkout(items: Item[]): number {',
  '  const cart = new Cart();',
  '  for (const item of items) cart.addItem(item, 2);',
  '  return cart.total();',
  '}',
  '',
  'const broken: number = "three";',
  '',
].join('\n')

const cartPy = [
  'class Item:',
  '    def __init__(self, name: str, price: float) -> None:',
  '        self.name = name',
  '        self.price = price',
  '',
  '',
  'class Cart:',
  '    """A shopping cart."""',
  '',
  '    def __init__(self) -> None:',
  '        self.items: list[Item] = []',
  '',
  '    def add_item(self, item: Item, quantity: int = 1) -> None:',
  '        """Adds an item to the cart."""',
  '        for _ in range(quantity):',
  '            self.items.append(item)',
  '',
  '    def total(self) -> float:',
  '        return sum(item.price for item in self.items)',
  '',
].join('\n')

const checkoutPy = [
  'from shop.cart import Cart, Item',
  '',
  '',
  'def checkout(items: list[Item]) -> float:',
  '    cart = Cart()',
  '    for item in items:',
  '        cart.add_item(item, 2)',
  '    return cart.total()',
  '',
  '',
  'broken: int = "three"',
  '',
].join('\n')

/** `name@line:col` (1-based for reading) of a symbol tree, children indented. */
function outline(symbols: readonly LspSymbol[], depth = 0): string[] {
  return symbols.flatMap((s) => [`${'  '.repeat(depth)}${s.kind} ${s.name}@${s.selectionRange.start.line + 1}:${s.selectionRange.start.character + 1}`, ...outline(s.children, depth + 1)])
}

function where(uri: string, root: string, line: number, character: number): string {
  return `${path.relative(root, new URL(uri).pathname)}:${line + 1}:${character + 1}`
}

async function host(files: Record<string, string>) {
  const root = await tempWorkspace(files)
  const { ctx, dispose } = createLspHost()
  onTestFinished(dispose)
  const ask = (request: Record<string, unknown>): Promise<LspQueryResult> => ctx.lsp.query({ workspaceRoot: root, ...request } as never)
  return { root, ask }
}

describe('typescript-language-server: every operation', () => {
  it('answers symbols, calls, signature help, type definition and diagnostics', async () => {
    const { root, ask } = await host({ 'tsconfig.json': '{ "compilerOptions": { "strict": true, "target": "ES2022" }, "include": ["src"] }', 'src/cart.ts': cartTs, 'src/shop.ts': shopTs })

    const symbols = await ask({ operation: 'documentSymbol', filePath: 'src/cart.ts' })
    expect(symbols.kind === 'symbols' && outline(symbols.symbols)).toEqual([
      'Interface Item@1:18',
      '  Property name@2:3',
      '  Property price@3:3',
      'Class Cart@6:14',
      '  Property items@7:11',
      '  Method addItem@10:3',
      '    Variable i@11:14',
      '  Method total@14:3',
      '    Function items.reduce() callback@15:30',
    ])

    const found = await ask({ operation: 'workspaceSymbol', query: 'Cart', filePath: null })
    expect(found.kind === 'symbols' && found.symbols.map((s) => `${s.kind} ${s.name} ${where(s.uri, root, s.range.start.line, s.range.start.character)}`)).toEqual([
      'Constant cart src/shop.ts:4:9',
      'Class Cart src/cart.ts:6:1',
    ])

    const callers = await ask({ operation: 'incomingCalls', filePath: 'src/cart.ts', position: { line: 9, character: 2 } })
    expect(callers.kind === 'calls' && callers.calls.map((c) => `${c.item.kind} ${c.item.name} ← ${c.callSites.map((s) => where(s.uri, root, s.range.start.line, s.range.start.character)).join(' ')}`)).toEqual([
      'Function checkout ← src/shop.ts:5:34',
    ])

    const callees = await ask({ operation: 'outgoingCalls', filePath: 'src/shop.ts', position: { line: 2, character: 16 } })
    expect(callees.kind === 'calls' && callees.calls.map((c) => `${c.item.kind} ${c.item.name} @ ${c.callSites.map((s) => where(s.uri, root, s.range.start.line, s.range.start.character)).join(' ')}`)).toEqual([
      'Class Cart @ src/shop.ts:4:20',
      'Method addItem @ src/shop.ts:5:29',
      'Method total @ src/shop.ts:6:10',
    ])

    expect(await ask({ operation: 'signatureHelp', filePath: 'src/shop.ts', position: { line: 4, character: 46 } })).toMatchObject({
      kind: 'signatureHelp',
      signatureHelp: {
        signatures: [{ label: 'addItem(item: Item, quantity?: number): void', documentation: 'Adds an item to the cart.', parameters: [{ label: 'item: Item' }, { label: 'quantity?: number' }] }],
        activeSignature: 0,
        activeParameter: 1,
      },
    })

    const type = await ask({ operation: 'goToTypeDefinition', filePath: 'src/shop.ts', position: { line: 3, character: 8 } })
    expect(type.kind === 'locations' && type.locations.map((l) => where(l.uri, root, l.range.start.line, l.range.start.character))).toEqual(['src/cart.ts:6:14'])

    const diagnostics = await ask({ operation: 'diagnostics', filePath: 'src/shop.ts' })
    expect(diagnostics.kind === 'diagnostics' && diagnostics.diagnostics.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.severity} ${d.code} ${d.message}`)).toEqual([
      "9:7 Error 2322 Type 'string' is not assignable to type 'number'.",
      "9:7 Hint 6133 'broken' is declared but its value is never read.",
    ])
    expect(diagnostics.completeness).toEqual({ state: 'complete' })
  })
})

describe('pyright: every operation', () => {
  it('answers symbols, calls, signature help, type definition and diagnostics', async () => {
    const { root, ask } = await host({ 'shop/__init__.py': '', 'shop/cart.py': cartPy, 'shop/checkout.py': checkoutPy })

    const symbols = await ask({ operation: 'documentSymbol', filePath: 'shop/cart.py' })
    expect(symbols.kind === 'symbols' && outline(symbols.symbols)).toEqual([
      'Class Item@1:7',
      '  Method __init__@2:9',
      '    Variable name@2:24',
      '    Variable price@2:35',
      '  Variable name@3:14',
      '  Variable price@4:14',
      'Class Cart@7:7',
      '  Method __init__@10:9',
      '  Variable items@11:14',
      '  Method add_item@13:9',
      '    Variable item@13:24',
      '    Variable quantity@13:36',
      '  Method total@18:9',
    ])

    const found = await ask({ operation: 'workspaceSymbol', query: 'Cart', filePath: null })
    expect(found.kind === 'symbols' && found.symbols.map((s) => `${s.kind} ${s.containerName ? `${s.containerName}.` : ''}${s.name} ${where(s.uri, root, s.range.start.line, s.range.start.character)}`)).toEqual([
      'Class Cart shop/cart.py:7:7',
      'Variable checkout.cart shop/checkout.py:5:5',
    ])

    const callers = await ask({ operation: 'incomingCalls', filePath: 'shop/cart.py', position: { line: 12, character: 8 } })
    expect(callers.kind === 'calls' && callers.calls.map((c) => `${c.item.kind} ${c.item.name} ← ${c.callSites.map((s) => where(s.uri, root, s.range.start.line, s.range.start.character)).join(' ')}`)).toEqual([
      'Function checkout ← shop/checkout.py:7:14',
    ])

    expect(await ask({ operation: 'signatureHelp', filePath: 'shop/checkout.py', position: { line: 6, character: 28 } })).toMatchObject({
      kind: 'signatureHelp',
      signatureHelp: {
        signatures: [{ label: '(item: Item, quantity: int = 1) -> None', documentation: 'Adds an item to the cart.', parameters: [{ label: 'item: Item' }, { label: 'quantity: int = 1' }] }],
        activeSignature: 0,
        activeParameter: 1,
      },
    })

    const type = await ask({ operation: 'goToTypeDefinition', filePath: 'shop/checkout.py', position: { line: 4, character: 4 } })
    expect(type.kind === 'locations' && type.locations.map((l) => where(l.uri, root, l.range.start.line, l.range.start.character))).toEqual(['shop/cart.py:7:7'])

    const diagnostics = await ask({ operation: 'diagnostics', filePath: 'shop/checkout.py' })
    expect(diagnostics.kind === 'diagnostics' && diagnostics.diagnostics.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.severity} ${d.code} ${d.message}`)).toEqual([
      // pyright indents the second line with two no-break spaces.
      `11:15 Error reportAssignmentType Type "Literal['three']" is not assignable to declared type "int"\n\u00a0\u00a0"Literal['three']" is not assignable to "int"`,
    ])
  })
})
