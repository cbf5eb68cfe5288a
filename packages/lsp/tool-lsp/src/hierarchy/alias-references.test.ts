import { LspError } from '@agent-lsp/lsp'
import { describe, expect, it } from 'vitest'
import { at, complete, fileUri, positionOf, stubTool, tempWorkspace } from '../workspace.test-support.js'

// An alias whose question failed was skipped as if it were no alias: its uses were missing from an
// answer said complete. The real-server cases (pyright's aliases, the bound) are the cli's tests.
describe('findReferences through the names a symbol is imported under', () => {
  it('says partial, naming the alias, when the server fails at it', async () => {
    const root = await tempWorkspace({ 'tr.ts': 'export function lazy() {}\n', 'a.ts': "import { lazy as L1 } from './tr'\nL1()\n" })
    const { tool, seen } = stubTool((query) => {
      if (query.operation === 'findReferences') return { kind: 'locations', locations: [at(fileUri(root, 'a.ts'), 0, 9, 4), at(fileUri(root, 'tr.ts'), 0, 16, 4)], completeness: complete, resolvedWorkspaceRoot: root }
      throw new LspError('LSP_SERVER_ERROR', 'no object found')
    }, { workspaceRoot: root })
    expect((await tool.execute({ operation: 'findReferences', filePath: 'tr.ts', line: 1, character: 17 })).split('\n')).toEqual([
      'Partial answer (failed): the language server failed at L1 (a.ts:1:18), a name the symbol may be imported under: its uses are not listed',
      '2 references to lazy in 2 files',
      "a.ts:1:10  import { lazy as L1 } from './tr'",
      'tr.ts:1:17  export function lazy() {}',
    ])
    expect(seen.map((query) => [query.operation, positionOf(query)])).toEqual([
      ['findReferences', { line: 0, character: 16 }],
      ['goToDefinition', { line: 0, character: 17 }],
    ])
  })
})
