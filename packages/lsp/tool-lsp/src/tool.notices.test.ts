// Notices (a server restarted over its memory cap) reach the answer from whichever query heard them.
import type { LspProviderQuery, LspQueryResult } from '@agent-lsp/lsp'
import { describe, expect, it } from 'vitest'
import { cartAnswer, cartFiles } from './cart.test-support.js'
import { runLspQuery } from './run.js'
import { at, complete, fileUri, positionOf, stubContext, stubTool, tempWorkspace } from './workspace.test-support.js'

const restarted = { code: 'LSP_SERVER_RESTARTED', message: 'language server "typescript" used 4301 MB, over its cap of 4096 MB (maxMemoryMB), and was restarted; this answer comes from the new server' } as const

describe('notices', () => {
  it('of a symbol\'s lookup open the answer to the query at the symbol, once, and are in its seam result', async () => {
    const root = await tempWorkspace(cartFiles)
    const cart = cartAnswer(root, (query: LspProviderQuery): LspQueryResult => {
      const position = positionOf(query)!
      return { kind: 'locations', locations: [at(fileUri(root, 'src/cart.ts'), position.line, position.character, 7)], resolvedWorkspaceRoot: root, completeness: complete }
    })
    // The lookup is the first answer of the restarted server; the references answer has no notice.
    const { tool } = stubTool((query) => (query.operation === 'documentSymbol' ? { ...cart(query), notices: [restarted] } : cart(query)), { workspaceRoot: root })
    const input = { operation: 'findReferences', symbol: 'Cart.addItem', filePath: 'src/cart.ts' }
    expect(await tool.execute(input)).toBe(
      [`Notice (LSP_SERVER_RESTARTED): ${restarted.message}`, 'Cart.addItem → src/cart.ts:4:3', '1 reference to addItem', 'src/cart.ts:4:3  addItem(name: string, count = 1): void {'].join('\n'),
    )
    // Heard twice (the lookup and the answer), said once; --json's result carries it.
    const { ctx } = stubContext((query) => ({ ...cart(query), notices: [restarted] }))
    const result = await runLspQuery(ctx, input, { workspaceRoot: root })
    expect(result.notices).toEqual([restarted])
  })
})
