// Test support (not exported): a shop workspace and the symbols servers report for it, in the
// shapes tsserver gives (document symbols as a tree; workspace symbols flat, without containerName,
// their range the whole declaration).
import type { LspProviderQuery, LspQueryResult, LspRange, LspSymbol, LspSymbolKind } from '@agent-lsp/lsp'
import { URI } from 'vscode-uri'
import { complete, fileUri } from './workspace.test-support.js'

export const cartFiles = {
  'src/cart.ts': [
    '/** A cart. */',
    'export class Cart {',
    '  private items: string[] = []',
    '  addItem(name: string, count = 1): void {',
    '    this.items.push(name)',
    '  }',
    '}',
    'export namespace Outer {',
    '  export class Inner {',
    '    method(): number { return 1 }',
    '  }',
    '}',
    'export class Basket {',
    '  addItem(): void {}',
    '}',
    '',
  ].join('\n'),
  'src/shop.ts': [
    "import { Cart } from './cart'",
    'export class ShoppingCart {',
    '  addItem(name: string): void {}',
    '}',
    'export function checkout(cart: Cart): void {',
    "  cart.addItem('a')",
    "  cart.addItem('b', 2)",
    '}',
    '',
  ].join('\n'),
}

/** A zero-based range. */
export function range(startLine: number, startCharacter: number, endLine: number, endCharacter: number): LspRange {
  return { start: { line: startLine, character: startCharacter }, end: { line: endLine, character: endCharacter } }
}

/** A symbol whose name starts at zero-based `name` = [line, character]. */
export function symbol(
  uri: string,
  name: string,
  kind: LspSymbolKind,
  whole: LspRange,
  at: readonly [number, number],
  children: readonly LspSymbol[] = [],
  extra: { detail?: string; containerName?: string } = {},
): LspSymbol {
  return { name, kind, uri, range: whole, selectionRange: range(at[0], at[1], at[0], at[1] + name.length), children, ...extra }
}

/** The document symbols of each file, by relative path. */
export function cartDocumentSymbols(root: string): Record<string, LspSymbol[]> {
  const cart = fileUri(root, 'src/cart.ts')
  const shop = fileUri(root, 'src/shop.ts')
  return {
    'src/cart.ts': [
      symbol(cart, 'Cart', 'Class', range(1, 0, 6, 1), [1, 13], [
        symbol(cart, 'items', 'Property', range(2, 2, 2, 30), [2, 10]),
        symbol(cart, 'addItem', 'Method', range(3, 2, 5, 3), [3, 2]),
      ]),
      symbol(cart, 'Outer', 'Module', range(7, 0, 11, 1), [7, 17], [
        symbol(cart, 'Inner', 'Class', range(8, 2, 10, 3), [8, 15], [symbol(cart, 'method', 'Method', range(9, 4, 9, 33), [9, 4])]),
      ]),
      symbol(cart, 'Basket', 'Class', range(12, 0, 14, 1), [12, 13], [symbol(cart, 'addItem', 'Method', range(13, 2, 13, 20), [13, 2])]),
    ],
    'src/shop.ts': [
      symbol(shop, 'ShoppingCart', 'Class', range(1, 0, 3, 1), [1, 13], [symbol(shop, 'addItem', 'Method', range(2, 2, 2, 32), [2, 2])]),
      symbol(shop, 'checkout', 'Function', range(4, 0, 7, 1), [4, 16]),
    ],
  }
}

/** tsserver's workspace symbols: flat, no containerName, selectionRange = range = the whole declaration. */
export function cartWorkspaceSymbols(root: string, query: string): LspSymbol[] {
  const flat = (symbols: readonly LspSymbol[]): LspSymbol[] =>
    symbols.flatMap((s) => [{ ...s, selectionRange: s.range, children: [] }, ...flat(s.children)])
  const all = Object.values(cartDocumentSymbols(root)).flatMap(flat)
  // Like tsserver: case-insensitive substring match on the name.
  return all.filter((s) => s.name.toLowerCase().includes(query.toLowerCase()))
}

/** A provider answer for the cart workspace: symbols as above, `others` for every other operation. */
export function cartAnswer(root: string, others: (query: LspProviderQuery) => LspQueryResult) {
  return (query: LspProviderQuery): LspQueryResult => {
    const base = { resolvedWorkspaceRoot: root, completeness: complete }
    if (query.operation === 'documentSymbol') {
      const relative = URI.file(query.filePath).fsPath.slice(root.length + 1)
      return { kind: 'symbols', symbols: cartDocumentSymbols(root)[relative] ?? [], ...base }
    }
    if (query.operation === 'workspaceSymbol') return { kind: 'symbols', symbols: cartWorkspaceSymbols(root, query.query), ...base }
    return others(query)
  }
}
