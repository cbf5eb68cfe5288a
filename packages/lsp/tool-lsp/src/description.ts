import { lspOperations, type LspOperation, type LspProviderInfo } from '@agent-lsp/lsp'

// Total over the operations: a new one does not compile until the model is told what it does.
const purposes: Record<LspOperation, string> = {
  goToDefinition: 'where the symbol at the cursor is defined',
  findReferences: 'every reference to the symbol at the cursor, its declaration included',
  goToImplementation: 'the implementations of the interface, abstract class or method at the cursor',
  hover: 'the type signature and documentation of the symbol at the cursor',
}

/** The tool description a model reads: operations, units of the cursor, paths, answer format. */
export function describeLspTool(workspaceRoot: string, providers: readonly LspProviderInfo[]): string {
  const extensions = [...new Set(providers.flatMap((provider) => provider.extensions))].sort()
  return [
    'Navigate code with a language server: compiler-accurate answers, unlike text search.',
    'Operations:',
    ...lspOperations.map((operation) => `- ${operation}: ${purposes[operation]}.`),
    `Put the cursor on the symbol's name. filePath is relative to the workspace root (${workspaceRoot}) or absolute. ` +
      'line and character are 1-based; character counts Unicode code points as the line reads ' +
      '(a tab, an emoji or a CJK character is 1).',
    'Locations come back as `path:line:col  code` rows in the same units, paths relative to the workspace root.',
    `Files: ${extensions.join(', ')}.`,
  ].join('\n')
}
