import type { LspSymbol } from '@agent-lsp/lsp'
import { describe, expect, it } from 'vitest'
import { complete, failure, fileUri, stubTool, tempWorkspace } from './workspace.test-support.js'

const range = (sl: number, sc: number, el: number, ec: number) => ({ start: { line: sl, character: sc }, end: { line: el, character: ec } })

/** A stub whose documentSymbol answers one function `f` on lines 2-4 of src/a.ts. */
async function symbolTool() {
  const root = await tempWorkspace({ 'src/a.ts': 'const x = 1\n// f does it.\nfunction f() {\n  return x\n}\n' })
  const f: LspSymbol = { name: 'f', kind: 'Function', uri: fileUri(root, 'src/a.ts'), range: range(2, 0, 4, 1), selectionRange: range(2, 9, 2, 10), children: [] }
  return stubTool(() => ({ kind: 'symbols', symbols: [f], resolvedWorkspaceRoot: root, completeness: complete }), { workspaceRoot: root })
}

describe('the symbol operations through the tool', () => {
  it('answers a cursor on a line no symbol holds with LSP_SYMBOL_NOT_FOUND, having asked documentSymbol only', async () => {
    const { tool, seen } = await symbolTool()
    expect(await failure(tool.execute({ operation: 'symbolSource', filePath: 'src/a.ts', line: 1, character: 1 }))).toEqual({
      code: 'LSP_SYMBOL_NOT_FOUND',
      message: 'no symbol holds src/a.ts:1:1 (documentSymbol lists none there); give symbol, or a cursor on a declaration',
    })
    expect(seen.map((query) => query.operation)).toEqual(['documentSymbol'])
  })

  it('cuts a source line over 500 code points there, saying how many it left out', async () => {
    const root = await tempWorkspace({ 'src/a.ts': 'export const s = "' + 'a'.repeat(2 * 1024 * 1024) + '"\nexport const t = 1\n' })
    const s: LspSymbol = { name: 's', kind: 'Constant', uri: fileUri(root, 'src/a.ts'), range: range(0, 13, 0, 2097171), selectionRange: range(0, 13, 0, 14), children: [] }
    const { tool } = stubTool(() => ({ kind: 'symbols', symbols: [s], resolvedWorkspaceRoot: root, completeness: complete }), { workspaceRoot: root })
    expect(await tool.execute({ operation: 'symbolSource', filePath: 'src/a.ts', line: 1, character: 14 })).toBe(
      'src/a.ts:1-1  Constant s\n1  export const s = "' + 'a'.repeat(482) + '… (2096671 more characters of this line not shown)',
    )
  })

  it('reads the symbol in a list of queries, and says so when a replacement changes nothing', async () => {
    const { tool } = await symbolTool()
    expect(await tool.execute({ queries: [{ operation: 'symbolSource', filePath: 'src/a.ts', line: 4, character: 3 }] })).toBe(
      ['## 1/1 symbolSource src/a.ts:4:3', 'src/a.ts:2-5  Function f (doc comment 2)', '2  // f does it.', '3  function f() {', '4    return x', '5  }'].join('\n'),
    )
    const same = { operation: 'replaceSymbol', filePath: 'src/a.ts', line: 3, character: 10, text: 'function f() {\n  return x\n}' }
    expect(await tool.execute(same)).toBe('Nothing to change: replace Function f leaves every file as it is.')
  })
})
