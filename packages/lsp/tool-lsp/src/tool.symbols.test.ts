import path from 'node:path'
import type { LspSymbol } from '@agent-lsp/lsp'
import { describe, expect, it } from 'vitest'
import { cartAnswer, cartFiles, range, symbol } from './cart.test-support.js'
import { complete, fileUri, stubTool, tempWorkspace } from './workspace.test-support.js'

const symbols = (root: string, list: readonly LspSymbol[]) => () => ({ kind: 'symbols', symbols: list, resolvedWorkspaceRoot: root, completeness: complete }) as const

describe('documentSymbol', () => {
  it('renders an indented outline with kinds and line ranges', async () => {
    const root = await tempWorkspace(cartFiles)
    const { tool, seen } = stubTool(cartAnswer(root, () => Promise.reject(new Error('unused')) as never), { workspaceRoot: root })
    expect(await tool.execute({ operation: 'documentSymbol', filePath: 'src/cart.ts' })).toBe(
      [
        'src/cart.ts: 8 symbols',
        'Class Cart  2-7',
        '  Property items  3',
        '  Method addItem  4-6',
        'Module Outer  8-12',
        '  Class Inner  9-11',
        '    Method method  10',
        'Class Basket  13-15',
        '  Method addItem  14',
      ].join('\n'),
    )
    expect(seen).toEqual([{ operation: 'documentSymbol', filePath: path.join(root, 'src/cart.ts'), workspaceRoot: root, languageId: 'typescript' }])
  })

  it('leaves out what functions hold besides nested functions and types, counting it, and shows short details', async () => {
    const root = await tempWorkspace({ 'src/shop.ts': 'x\n'.repeat(8) })
    const uri = fileUri(root, 'src/shop.ts')
    const list = [
      symbol(uri, 'Cart', 'Class', range(0, 0, 3, 12), [0, 6], [
        symbol(uri, 'add_item', 'Method', range(1, 4, 3, 12), [1, 8], [
          symbol(uri, 'name', 'Variable', range(1, 23, 1, 32), [1, 23]),
          symbol(uri, 'count', 'Variable', range(1, 34, 1, 48), [1, 34]),
        ]),
      ]),
      symbol(
        uri,
        'checkout',
        'Function',
        range(5, 0, 7, 0),
        [5, 4],
        [
          symbol(uri, 'cart', 'Variable', range(5, 13, 5, 23), [5, 13]),
          symbol(uri, 'total', 'Property', range(6, 10, 6, 15), [6, 10], [symbol(uri, 'x', 'Property', range(6, 11, 6, 12), [6, 11])]),
          symbol(uri, 'helper', 'Function', range(6, 2, 6, 20), [6, 6]),
        ],
        { detail: 'def checkout(cart: Cart) -> None' },
      ),
      symbol(uri, 'LIMIT', 'Constant', range(7, 0, 7, 9), [7, 0], [], { detail: `${'long '.repeat(20)}detail` }),
    ]
    const { tool } = stubTool(symbols(root, list), { workspaceRoot: root })
    expect(await tool.execute({ operation: 'documentSymbol', filePath: 'src/shop.ts' })).toBe(
      [
        'src/shop.ts: 5 symbols (not shown: 5 locals of functions)',
        'Class Cart  1-4',
        '  Method add_item  2-4',
        'Function checkout (def checkout(cart: Cart) -> None)  6-7',
        '  Function helper  7',
        'Constant LIMIT  8',
      ].join('\n'),
    )
  })

  it('pages a long outline and says when a file has no symbols', async () => {
    const root = await tempWorkspace(cartFiles)
    const { tool } = stubTool(cartAnswer(root, () => Promise.reject(new Error('unused')) as never), { workspaceRoot: root, maxResults: 3 })
    const ask = (filePath: string, page?: number) => tool.execute({ operation: 'documentSymbol', filePath, ...(page ? { page } : {}) })
    expect(await ask('src/cart.ts')).toBe(
      ['src/cart.ts: 8 symbols; showing 1-3 (page 1 of 3)', 'Class Cart  2-7', '  Property items  3', '  Method addItem  4-6', '… 5 more: ask page 2.'].join('\n'),
    )
    expect(await ask('src/cart.ts', 3)).toBe(['src/cart.ts: 8 symbols; showing 7-8 (page 3 of 3)', 'Class Basket  13-15', '  Method addItem  14'].join('\n'))
    const empty = await tempWorkspace({ 'src/empty.ts': '' })
    expect(await stubTool(symbols(empty, []), { workspaceRoot: empty }).tool.execute({ operation: 'documentSymbol', filePath: 'src/empty.ts' })).toBe(
      'No symbols in src/empty.ts.',
    )
  })
})

describe('workspaceSymbol', () => {
  it('lists the matches at their names: exact names first, then prefixes, then the rest, each by path and position', async () => {
    const root = await tempWorkspace(cartFiles)
    const { tool, seen } = stubTool(cartAnswer(root, () => Promise.reject(new Error('unused')) as never), { workspaceRoot: root })
    // tsserver reports a class from `export` on; the row points at its name.
    expect(await tool.execute({ operation: 'workspaceSymbol', query: 'Cart' })).toBe(
      ['2 symbols match "Cart"', 'Class Cart  src/cart.ts:2:14', 'Class ShoppingCart  src/shop.ts:2:14'].join('\n'),
    )
    expect(await tool.execute({ operation: 'workspaceSymbol', query: 'item' })).toBe(
      [
        '4 symbols match "item"',
        'Property items  src/cart.ts:3:11',
        'Method addItem  src/cart.ts:4:3',
        'Method addItem  src/cart.ts:14:3',
        'Method addItem  src/shop.ts:3:3',
      ].join('\n'),
    )
    await tool.execute({ operation: 'workspaceSymbol', query: 'Cart', filePath: 'src/shop.ts' })
    expect(seen.map((query) => query.filePath)).toEqual([null, null, path.join(root, 'src/shop.ts')])
  })

  it('ranks the name itself, then names starting with it or holding it as a word, then ignoring case, types first', async () => {
    const names = ['observer', 'Reobserver', 'QueryObserver', 'observerOf', 'Observer', 'ObserverPool', 'query_Observer']
    const kinds = ['Constant', 'Class', 'Class', 'Function', 'Class', 'Class', 'Variable'] as const
    const root = await tempWorkspace({ 'src/o.ts': names.map((name) => `${name}\n`).join('') })
    const uri = fileUri(root, 'src/o.ts')
    const list = names.map((name, line) => symbol(uri, name, kinds[line]!, range(line, 0, line, name.length), [line, 0]))
    const { tool } = stubTool(symbols(root, list), { workspaceRoot: root })
    expect(await tool.execute({ operation: 'workspaceSymbol', query: 'Observer' })).toBe(
      [
        '7 symbols match "Observer"',
        'Class Observer  src/o.ts:5:1',
        'Class QueryObserver  src/o.ts:3:1',
        'Class ObserverPool  src/o.ts:6:1',
        'Variable query_Observer  src/o.ts:7:1',
        'Function observerOf  src/o.ts:4:1',
        'Constant observer  src/o.ts:1:1',
        'Class Reobserver  src/o.ts:2:1',
      ].join('\n'),
    )
  })

  it('names the container when the server gives one, and external files by their path', async () => {
    const root = await tempWorkspace({ 'shop.ts': 'class Cart:\n    def add_item(self): pass\n' })
    const list = [
      symbol(fileUri(root, 'shop.ts'), 'add_item', 'Method', range(1, 8, 1, 16), [1, 8], [], { containerName: 'Cart' }),
      symbol('file:///usr/lib/go/src/fmt/print.go', 'add_item', 'Function', range(273, 5, 273, 12), [273, 5], [], { containerName: 'fmt' }),
      symbol(fileUri(root, 'shop.ts'), 'add_item', 'Method', range(1, 8, 1, 16), [1, 8], [], { containerName: 'Cart' }),
    ]
    const { tool } = stubTool(symbols(root, list), { workspaceRoot: root })
    expect(await tool.execute({ operation: 'workspaceSymbol', query: 'add_item' })).toBe(
      ['2 symbols match "add_item"', 'Method Cart.add_item  shop.ts:2:9', 'Function fmt.add_item  external /usr/lib/go/src/fmt/print.go:274'].join('\n'),
    )
  })

  it('keeps the rows under fileFilter, pages, and says when nothing matches', async () => {
    const root = await tempWorkspace(cartFiles)
    const { tool } = stubTool(cartAnswer(root, () => Promise.reject(new Error('unused')) as never), { workspaceRoot: root, maxResults: 2 })
    expect(await tool.execute({ operation: 'workspaceSymbol', query: 'Cart', fileFilter: 'src/shop.ts' })).toBe(
      ['1 symbol matches "Cart" under src/shop.ts (2 in all)', 'Class ShoppingCart  src/shop.ts:2:14'].join('\n'),
    )
    expect(await tool.execute({ operation: 'workspaceSymbol', query: 'item', page: 2 })).toBe(
      ['4 symbols match "item"; showing 3-4 (page 2 of 2)', 'Method addItem  src/cart.ts:14:3', 'Method addItem  src/shop.ts:3:3'].join('\n'),
    )
    expect(await tool.execute({ operation: 'workspaceSymbol', query: 'Zebra' })).toBe('No symbols match "Zebra".')
    expect(await tool.execute({ operation: 'workspaceSymbol', query: 'Cart', fileFilter: 'lib' })).toBe(
      'No symbols match "Cart" under lib (2 in all); leave out fileFilter to see them.',
    )
  })
})
