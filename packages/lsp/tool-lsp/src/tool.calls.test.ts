import type { LspCall, LspCallHierarchyItem, LspQueryResult } from '@agent-lsp/lsp'
import { describe, expect, it } from 'vitest'
import { cartAnswer, cartFiles, range } from './cart.test-support.js'
import { at, complete, fileUri, stubTool, tempWorkspace } from './workspace.test-support.js'

const appLine = '  for (const x of [1, 2]) cart.addItem(String(x))'
const files = {
  ...cartFiles,
  'src/app.ts': ["import { Cart } from './cart'", 'export function fill(cart: Cart): void {', appLine, '}', ''].join('\n'),
}

function item(uri: string, name: string, kind: LspCallHierarchyItem['kind'], line: number, character: number, detail?: string): LspCallHierarchyItem {
  return { name, kind, uri, range: range(line, 0, line + 2, 1), selectionRange: range(line, character, line, character + name.length), ...(detail ? { detail } : {}) }
}

async function callsTool(answer: (root: string) => Omit<Extract<LspQueryResult, { kind: 'calls' }>, 'resolvedWorkspaceRoot' | 'completeness' | 'kind'>, maxResults?: number) {
  const root = await tempWorkspace(files)
  const { tool, seen } = stubTool(
    cartAnswer(root, () => ({ kind: 'calls', ...answer(root), resolvedWorkspaceRoot: root, completeness: complete })),
    { workspaceRoot: root, ...(maxResults ? { maxResults } : {}) },
  )
  return { root, tool, seen }
}

describe('incomingCalls', () => {
  const incoming = (root: string) => {
    const cart = fileUri(root, 'src/cart.ts')
    const shop = fileUri(root, 'src/shop.ts')
    const app = fileUri(root, 'src/app.ts')
    const calls: LspCall[] = [
      { item: item(shop, 'checkout', 'Function', 4, 16), callSites: [at(shop, 6, 7, 7), at(shop, 5, 7, 7)] },
      { item: item(app, 'fill', 'Function', 1, 16), callSites: [at(app, 2, appLine.indexOf('addItem'), 7)] },
    ]
    return { direction: 'incoming' as const, origins: [item(cart, 'addItem', 'Method', 3, 2, 'Cart')], calls }
  }

  it('lists each caller with its first call site and code, and the other calls', async () => {
    const { tool } = await callsTool(incoming)
    expect(await tool.execute({ operation: 'incomingCalls', filePath: 'src/cart.ts', line: 4, character: 3 })).toBe(
      [
        '2 callers of Cart.addItem (3 calls)',
        '← Function fill  src/app.ts:3:32  for (const x of [1, 2]) cart.addItem(String(x))',
        "← Function checkout  src/shop.ts:6:8  cart.addItem('a')  +1 more call at 7:8",
      ].join('\n'),
    )
  })

  it("says why a caller's call site shows no code: its file gone since the answer", async () => {
    const { tool } = await callsTool((root) => {
      const gone = fileUri(root, 'src/gone.ts')
      return { ...incoming(root), calls: [{ item: item(gone, 'gone', 'Module', 0, 0), callSites: [at(gone, 2, 4, 7)] }] }
    })
    expect(await tool.execute({ operation: 'incomingCalls', filePath: 'src/cart.ts', line: 4, character: 3 })).toBe(
      ['1 caller of Cart.addItem', '← Module gone  src/gone.ts:3  (no such file: deleted since the server answered)'].join('\n'),
    )
  })

  it('runs at a symbol, keeps the callers under fileFilter, and pages', async () => {
    const { tool } = await callsTool(incoming, 1)
    expect(await tool.execute({ operation: 'incomingCalls', symbol: 'Cart.addItem', fileFilter: 'src/shop.ts' })).toBe(
      [
        'Cart.addItem → src/cart.ts:4:3',
        '1 caller of Cart.addItem (2 calls) under src/shop.ts (2 in all)',
        "← Function checkout  src/shop.ts:6:8  cart.addItem('a')  +1 more call at 7:8",
      ].join('\n'),
    )
    expect(await tool.execute({ operation: 'incomingCalls', filePath: 'src/cart.ts', line: 4, character: 3 })).toBe(
      [
        '2 callers of Cart.addItem (3 calls); showing 1-1 (page 1 of 2)',
        '← Function fill  src/app.ts:3:32  for (const x of [1, 2]) cart.addItem(String(x))',
        '… 1 more: ask page 2.',
      ].join('\n'),
    )
  })

  it('lists five more call sites by position, then …', async () => {
    const { tool } = await callsTool((root) => {
      const shop = fileUri(root, 'src/shop.ts')
      const sites = [0, 1, 2, 3, 4, 5, 6, 7].map((line) => at(shop, line, 0))
      return { direction: 'incoming', origins: [item(fileUri(root, 'src/cart.ts'), 'addItem', 'Method', 3, 2)], calls: [{ item: item(shop, 'checkout', 'Function', 4, 16), callSites: sites }] }
    })
    expect((await tool.execute({ operation: 'incomingCalls', filePath: 'src/cart.ts', line: 4, character: 3 })).split('\n')).toEqual([
      '1 caller of addItem (8 calls)',
      "← Function checkout  src/shop.ts:1:1  import { Cart } from './cart'  +7 more calls at 2:1, 3:1, 4:1, 5:1, 6:1, …",
    ])
  })

  it('says when there is no function at the cursor, or no caller', async () => {
    const none = await callsTool(() => ({ direction: 'incoming', origins: [], calls: [] }))
    expect(await none.tool.execute({ operation: 'incomingCalls', filePath: 'src/cart.ts', line: 1, character: 1 })).toBe(
      'No function or method at src/cart.ts:1:1 (incomingCalls needs the cursor on one).',
    )
    const lonely = await callsTool((root) => ({ direction: 'incoming', origins: [item(fileUri(root, 'src/cart.ts'), 'addItem', 'Method', 3, 2, 'Cart')], calls: [] }))
    expect(await lonely.tool.execute({ operation: 'incomingCalls', filePath: 'src/cart.ts', line: 4, character: 3 })).toBe(
      'No callers of Cart.addItem found at src/cart.ts:4:3.',
    )
  })
})

describe('incomingCalls with callers the cross-check found', () => {
  const counts = { occurrences: 3, listed: 1, added: 1, elsewhere: 0, candidates: 0, commentsOrStrings: 0, generated: 0, keywords: 0, unchecked: 0 }
  const answer = (root: string, withServerCaller: boolean) => {
    const cart = fileUri(root, 'src/cart.ts')
    const shop = fileUri(root, 'src/shop.ts')
    const added = [at(fileUri(root, 'src/app.ts'), 2, appLine.indexOf('addItem'), 7)]
    return {
      direction: 'incoming' as const,
      origins: [item(cart, 'addItem', 'Method', 3, 2, 'Cart')],
      calls: withServerCaller ? [{ item: item(shop, 'checkout', 'Function', 4, 16), callSites: [at(shop, 5, 7, 7)] }] : [],
      crossCheck: { name: 'addItem', files: 2, added, candidates: [], counts, truncated: false, unsearched: { count: 0, files: [] }, inStrings: { count: 0, locations: [] } },
    }
  }
  const addedLines = ['1 more place calls addItem (missed by the server; found by the cross-check):', `src/app.ts:3:${appLine.indexOf('addItem') + 1}  ${appLine.trim()}`]

  it('says the server found none there, not that there are none, above the places the cross-check adds', async () => {
    const filtered = await callsTool((root) => answer(root, true))
    expect((await filtered.tool.execute({ operation: 'incomingCalls', filePath: 'src/cart.ts', line: 4, character: 3, fileFilter: 'src/app.ts' })).split('\n')).toEqual([
      'None of the callers of Cart.addItem the server found at src/cart.ts:4:3 is under src/app.ts (1 in all); leave out fileFilter to see them.',
      ...addedLines,
    ])
    const none = await callsTool((root) => answer(root, false))
    expect((await none.tool.execute({ operation: 'incomingCalls', filePath: 'src/cart.ts', line: 4, character: 3 })).split('\n')).toEqual([
      'The server found no callers of Cart.addItem at src/cart.ts:4:3.',
      ...addedLines,
    ])
  })
})

describe('outgoingCalls', () => {
  it("lists each callee where it is declared, and where it is called in the origin's file", async () => {
    const { tool } = await callsTool((root) => {
      const cart = fileUri(root, 'src/cart.ts')
      const shop = fileUri(root, 'src/shop.ts')
      return {
        direction: 'outgoing',
        origins: [item(shop, 'checkout', 'Function', 4, 16)],
        calls: [
          { item: item(shop, 'addItem', 'Method', 2, 2, 'ShoppingCart'), callSites: [at(shop, 5, 2, 12)] },
          { item: item(cart, 'addItem', 'Method', 3, 2, 'Cart'), callSites: [at(shop, 5, 2, 12), at(shop, 6, 2, 12)] },
          { item: item('file:///usr/lib/node/console.d.ts', 'log', 'Method', 40, 4, 'Console'), callSites: [at(shop, 6, 2, 3)] },
        ],
      }
    })
    expect(await tool.execute({ operation: 'outgoingCalls', filePath: 'src/shop.ts', line: 5, character: 17 })).toBe(
      [
        '4 calls from checkout to 3 functions (call sites in src/shop.ts)',
        '→ Method Cart.addItem  src/cart.ts:4:3  called at 6:3, 7:3',
        '→ Method ShoppingCart.addItem  src/shop.ts:3:3  called at 6:3',
        '→ Method Console.log  external /usr/lib/node/console.d.ts:41  called at 7:3',
      ].join('\n'),
    )
  })

  it('says when the function calls nothing', async () => {
    const { tool } = await callsTool((root) => ({ direction: 'outgoing', origins: [item(fileUri(root, 'src/shop.ts'), 'checkout', 'Function', 4, 16)], calls: [] }))
    expect(await tool.execute({ operation: 'outgoingCalls', filePath: 'src/shop.ts', line: 5, character: 17 })).toBe(
      'No calls from checkout found at src/shop.ts:5:17.',
    )
  })
})
