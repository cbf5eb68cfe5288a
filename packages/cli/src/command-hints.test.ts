// The seventeenth trial (2026-12-07): the command's answers named the tool's fields in their
// hints (fileFilter, page), options the command does not have.
import { createLspTool } from '@agent-lsp/tool-lsp'
import { describe, expect, it } from 'vitest'
import { createLspHost } from './host.js'
import { tempWorkspace } from './workspace.test-support.js'

describe('hints of an answer to the command', () => {
  // The command's answers said `Narrow with fileFilter (…), or ask page 2`: the command's options are --filter and --page.
  it('name the command’s options, --filter and --page', { timeout: 120_000 }, async () => {
    const uses = (file: string): string => `import { work } from './lib'\n${Array.from({ length: 60 }, (_, i) => `export const ${file}${i} = work(${i})\n`).join('')}`
    const root = await tempWorkspace({
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ['src'] }),
      'src/lib.ts': 'export function work(n: number): number {\n  return n\n}\n',
      'src/a.ts': uses('a'),
      'src/b.ts': uses('b'),
      'src/many.ts': Array.from({ length: 120 }, (_, i) => `export const v${i} = ${i}\n`).join(''),
    })
    const host = createLspHost()
    try {
      const command = createLspTool(host.ctx, { workspaceRoot: root, writeFlags: 'command' })!
      const references = (await command.execute({ operation: 'findReferences', filePath: 'src/lib.ts', line: 1, character: 17 })).split('\n')
      expect([references[0], references.at(-1)]).toEqual(['123 references to work in 3 files; showing 1-100 (page 1 of 2)', 'Narrow with --filter (a file or folder, e.g. src/b.ts), or ask --page 2.'])
      const symbols = (await command.execute({ operation: 'documentSymbol', filePath: 'src/many.ts' })).split('\n')
      expect(symbols.at(-1)).toBe('… 20 more: ask --page 2.')
      const tool = createLspTool(host.ctx, { workspaceRoot: root })!
      expect((await tool.execute({ operation: 'documentSymbol', filePath: 'src/many.ts' })).split('\n').at(-1)).toBe('… 20 more: ask page 2.')
    } finally {
      await host.dispose()
    }
  })
})
