// Symbol addressing: a name or name path in place of line and character.
import { LspError, type LspProviderQuery, type LspQueryResult } from '@agent-lsp/lsp'
import { describe, expect, it } from 'vitest'
import { cartAnswer, cartFiles } from './cart.test-support.js'
import { runLspQuery } from './run.js'
import { at, complete, failure, fileUri, positionOf, stubContext, stubTool, tempWorkspace } from './workspace.test-support.js'

/** What the stub was asked, one short line a query. */
function asked(seen: readonly LspProviderQuery[], root: string): string[] {
  return seen.map((query) => {
    const file = query.filePath === null ? 'all' : query.filePath.slice(root.length + 1)
    if (query.operation === 'workspaceSymbol') return `workspaceSymbol "${query.query}" ${file}`
    const position = positionOf(query)
    return `${query.operation} ${file}${position ? `@${position.line}:${position.character}` : ''}`
  })
}

/** The cart workspace's symbols; references answered with the cursor's own place. */
async function cartTool(others?: (query: LspProviderQuery, root: string) => LspQueryResult) {
  const root = await tempWorkspace(cartFiles)
  const answer = cartAnswer(root, (query) => {
    if (others) return others(query, root)
    const position = positionOf(query)!
    const self = at(fileUri(root, (query.filePath ?? '').slice(root.length + 1)), position.line, position.character, 7)
    return { kind: 'locations', locations: [self], resolvedWorkspaceRoot: root, completeness: complete }
  })
  const { tool, seen } = stubTool(answer, { workspaceRoot: root })
  return { root, tool, seen, ask: (input: Record<string, unknown>) => tool.execute({ operation: 'findReferences', ...input }) }
}

describe('symbol addressing', () => {
  it('resolves a name path in the given file through its document symbols, naming where', async () => {
    const { root, ask, seen } = await cartTool()
    expect(await ask({ symbol: 'Cart.addItem', filePath: 'src/cart.ts' })).toBe(
      ['Cart.addItem → src/cart.ts:4:3', '1 reference to addItem', 'src/cart.ts:4:3  addItem(name: string, count = 1): void {'].join('\n'),
    )
    expect(asked(seen, root)).toEqual(['documentSymbol src/cart.ts', 'findReferences src/cart.ts@3:2'])
  })

  it('resolves a name path without a file through workspace symbols, checked in each file', async () => {
    const { root, ask, seen } = await cartTool()
    expect((await ask({ symbol: 'Cart.addItem' })).split('\n')[0]).toBe('Cart.addItem → src/cart.ts:4:3')
    expect(asked(seen, root)).toEqual([
      'workspaceSymbol "addItem" all',
      'documentSymbol src/cart.ts',
      'documentSymbol src/shop.ts',
      'findReferences src/cart.ts@3:2',
    ])
    expect((await ask({ symbol: 'ShoppingCart.addItem' })).split('\n')[0]).toBe('ShoppingCart.addItem → src/shop.ts:3:3')
    expect((await ask({ symbol: 'checkout' })).split('\n')[0]).toBe('checkout → src/shop.ts:5:17')
  })

  it('follows nested name paths, a module prefix on either side allowed', async () => {
    const { ask } = await cartTool()
    for (const symbol of ['Outer.Inner.method', 'Inner.method', 'method', 'cart.Outer.Inner.method', 'Outer::Inner::method()']) {
      expect((await ask({ symbol, filePath: 'src/cart.ts' })).split('\n')[0]).toBe('Outer.Inner.method → src/cart.ts:10:5')
    }
  })

  it('lists the candidates when several symbols match, at most 10, numbered', async () => {
    const { root, ask, seen } = await cartTool()
    expect(await ask({ symbol: 'addItem' })).toBe(
      [
        '3 symbols match "addItem"; pick one with filePath and line:',
        '1. Method Cart.addItem  src/cart.ts:4:3',
        '2. Method Basket.addItem  src/cart.ts:14:3',
        '3. Method ShoppingCart.addItem  src/shop.ts:3:3',
      ].join('\n'),
    )
    // No query runs at an ambiguous name.
    expect(asked(seen, root).filter((line) => line.startsWith('findReferences'))).toEqual([])
    expect(await ask({ symbol: 'addItem', filePath: 'src/cart.ts' })).toBe(
      [
        '2 symbols match "addItem" in src/cart.ts; pick one with line:',
        '1. Method Cart.addItem  src/cart.ts:4:3',
        '2. Method Basket.addItem  src/cart.ts:14:3',
      ].join('\n'),
    )
  })

  it('picks the match on or nearest the line hint', async () => {
    const { ask } = await cartTool()
    const first = async (input: Record<string, unknown>) => (await ask(input)).split('\n')[0]
    expect(await first({ symbol: 'addItem', filePath: 'src/cart.ts', line: 14 })).toBe('Basket.addItem → src/cart.ts:14:3')
    expect(await first({ symbol: 'addItem', filePath: 'src/cart.ts', line: 5 })).toBe('Cart.addItem → src/cart.ts:4:3')
    expect(await first({ symbol: 'addItem', filePath: 'src/cart.ts', line: 11 })).toBe('Basket.addItem → src/cart.ts:14:3')
    expect(await first({ symbol: 'addItem', line: 3 })).toBe('ShoppingCart.addItem → src/shop.ts:3:3')
  })

  it('says when nothing matches and suggests the closest names', async () => {
    const { ask } = await cartTool()
    expect(await ask({ symbol: 'Crt.addItem' })).toBe(
      [
        'No symbol "Crt.addItem" found.',
        'Closest names:',
        'Method Cart.addItem  src/cart.ts:4:3',
        'Method Basket.addItem  src/cart.ts:14:3',
        'Method ShoppingCart.addItem  src/shop.ts:3:3',
      ].join('\n'),
    )
    expect(await ask({ symbol: 'Outer.method', filePath: 'src/cart.ts' })).toBe(
      [
        'No symbol "Outer.method" found in src/cart.ts (leave out filePath to search the whole workspace).',
        'Closest names:',
        'Method Outer.Inner.method  src/cart.ts:10:5',
      ].join('\n'),
    )
  })

  it('searches the start of the name for suggestions when the search found nothing', async () => {
    const { root, ask, seen } = await cartTool()
    expect(await ask({ symbol: 'addItm' })).toBe(
      [
        'No symbol "addItm" found.',
        'Closest names:',
        'Method addItem  src/cart.ts:4:3',
        'Method addItem  src/cart.ts:14:3',
        'Method addItem  src/shop.ts:3:3',
      ].join('\n'),
    )
    expect(asked(seen, root)).toEqual(['workspaceSymbol "addItm" all', 'workspaceSymbol "add" all'])
    expect(await ask({ symbol: 'Zebra' })).toBe('No symbol "Zebra" found.')
  })

  it('finds the name inside a whole-declaration range when the file has no document symbols', async () => {
    const root = await tempWorkspace(cartFiles)
    const answer = cartAnswer(root, (query) => ({ kind: 'hover', hover: { contents: `hover at ${JSON.stringify(positionOf(query))}` }, resolvedWorkspaceRoot: root, completeness: complete }))
    const { tool } = stubTool((query) => {
      if (query.operation === 'documentSymbol') throw new LspError('LSP_UNSUPPORTED_OPERATION', 'the server has no documentSymbol')
      return answer(query)
    }, { workspaceRoot: root })
    // tsserver reports class Cart from `export` on; the cursor goes on `Cart`.
    expect(await tool.execute({ operation: 'hover', symbol: 'Cart' })).toBe('Cart → src/cart.ts:2:14\nhover at {"line":1,"character":13}')
    // Without document symbols an enclosing name cannot be checked: the match is kept.
    expect((await tool.execute({ operation: 'hover', symbol: 'Basket.addItem' })).split('\n')[0]).toBe('3 symbols match "Basket.addItem"; pick one with filePath and line:')
  })

  it('copies the error of the document symbols of a given file', async () => {
    const root = await tempWorkspace(cartFiles)
    const { tool } = stubTool(() => Promise.reject(new LspError('LSP_UNSUPPORTED_OPERATION', 'stub has no documentSymbol')), { workspaceRoot: root })
    expect(await failure(tool.execute({ operation: 'hover', symbol: 'Cart', filePath: 'src/cart.ts' }))).toEqual({
      code: 'LSP_UNSUPPORTED_OPERATION',
      message: 'stub has no documentSymbol',
    })
    expect(await failure(tool.execute({ operation: 'hover', symbol: 'Cart', filePath: 'src/none.ts' }))).toMatchObject({ code: 'LSP_FILE_NOT_FOUND' })
    expect(await failure(tool.execute({ operation: 'hover', symbol: '..' }))).toEqual({
      code: 'LSP_INVALID_INPUT',
      message: 'symbol must be a name or name path like Cart.addItem (got "..")',
    })
  })

  it('says a search was partial before candidates', async () => {
    const root = await tempWorkspace(cartFiles)
    const answer = cartAnswer(root, () => {
      throw new Error('unused')
    })
    const { tool } = stubTool((query) => {
      const result = answer(query)
      if (query.operation !== 'workspaceSymbol') return result
      return { ...result, completeness: { state: 'partial', reason: 'failed', message: 'rust failed (LSP_SERVER_NOT_FOUND: rust-analyzer is not installed)' } }
    }, { workspaceRoot: root })
    expect((await tool.execute({ operation: 'hover', symbol: 'Nope' })).split('\n')).toEqual([
      'Partial search (failed): rust failed (LSP_SERVER_NOT_FOUND: rust-analyzer is not installed)',
      'No symbol "Nope" found.',
    ])
  })

  it('gives runLspQuery the result at the resolved symbol, and codes a name that does not resolve', async () => {
    const root = await tempWorkspace(cartFiles)
    const answer = cartAnswer(root, (query) => ({ kind: 'hover', hover: { contents: JSON.stringify(positionOf(query)) }, resolvedWorkspaceRoot: root, completeness: complete }))
    const { ctx } = stubContext(answer)
    expect(await runLspQuery(ctx, { operation: 'hover', symbol: 'Outer.Inner.method' }, { workspaceRoot: root })).toEqual({
      kind: 'hover',
      hover: { contents: '{"line":9,"character":4}' },
      resolvedWorkspaceRoot: root,
      completeness: complete,
    })
    expect(await failure(runLspQuery(ctx, { operation: 'hover', symbol: 'addItem', filePath: 'src/cart.ts' }, { workspaceRoot: root }))).toEqual({
      code: 'LSP_SYMBOL_AMBIGUOUS',
      message:
        '2 symbols match "addItem" in src/cart.ts; pick one with line: 1. Method Cart.addItem  src/cart.ts:4:3; ' +
        '2. Method Basket.addItem  src/cart.ts:14:3',
    })
    expect(await failure(runLspQuery(ctx, { operation: 'hover', symbol: 'Crt' }, { workspaceRoot: root }))).toEqual({
      code: 'LSP_SYMBOL_NOT_FOUND',
      message: 'No symbol "Crt" found. Closest names: Class Cart  src/cart.ts:2:14',
    })
  })
})
