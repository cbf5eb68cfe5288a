import { describe, expect, it } from 'vitest'
import { lspToolInputJsonSchema } from './input-json-schema.js'
import { stubTool } from './workspace.test-support.js'

describe('the lsp tool definition', () => {
  it('tells the model the operations, the units and the answer format', () => {
    const { tool } = stubTool(() => Promise.reject(new Error('unused')), { workspaceRoot: '/work/app' })
    expect(tool.name).toBe('lsp')
    expect(tool.inputSchema).toBe(lspToolInputJsonSchema)
    expect(tool.description).toBe(
      [
        'Navigate code with a language server: compiler-accurate answers, unlike text search.',
        'Operations:',
        '- goToDefinition: where the symbol at the cursor is defined.',
        '- findReferences: every reference to the symbol at the cursor, its declaration included.',
        '- goToImplementation: the implementations of the interface, abstract class or method at the cursor.',
        '- hover: the type signature and documentation of the symbol at the cursor.',
        "Put the cursor on the symbol's name. filePath is relative to the workspace root (/work/app) or absolute. " +
          'line and character are 1-based; character counts Unicode code points as the line reads ' +
          '(a tab, an emoji or a CJK character is 1).',
        'Locations come back as `path:line:col  code` rows in the same units, paths relative to the workspace root.',
        'Files: .ts.',
      ].join('\n'),
    )
  })
})
