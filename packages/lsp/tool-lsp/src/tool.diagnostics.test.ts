import path from 'node:path'
import type { LspDiagnostic, LspDiagnosticsResult } from '@agent-lsp/lsp'
import { describe, expect, it } from 'vitest'
import { range } from './cart.test-support.js'
import { emojiLine, pricingFiles } from './fixtures.test-support.js'
import { at, complete, fileUri, stubTool, tempWorkspace } from './workspace.test-support.js'

const diagnostic = (line: number, character: number, severity: LspDiagnostic['severity'], message: string, extra: Partial<LspDiagnostic> = {}): LspDiagnostic => ({
  range: range(line, character, line, character + 1),
  severity,
  message,
  relatedInformation: [],
  ...extra,
})

async function diagnosticsTool(list: (root: string) => LspDiagnostic[], options: { maxResults?: number; completeness?: LspDiagnosticsResult['completeness'] } = {}) {
  const root = await tempWorkspace(pricingFiles)
  const result = (): LspDiagnosticsResult => ({
    kind: 'diagnostics',
    uri: fileUri(root, 'src/pricing.ts'),
    diagnostics: list(root),
    resolvedWorkspaceRoot: root,
    completeness: options.completeness ?? complete,
  })
  return { root, ...stubTool(result, { workspaceRoot: root, ...(options.maxResults ? { maxResults: options.maxResults } : {}) }) }
}

const sample = (root: string): LspDiagnostic[] => [
  diagnostic(3, 16, 'Error', "Type 'string' is not assignable to type 'number'.", {
    code: 2322,
    source: 'typescript',
    relatedInformation: [{ location: at(fileUri(root, 'src/app.ts'), 0, 9), message: 'The expected type comes from here.\n' }],
  }),
  diagnostic(0, 30, 'Warning', "Type 'A' is not assignable to type 'B'.\n  Property 'x' is missing\n    in type 'A'"),
  diagnostic(1, 2, 'Hint', "'x' is declared but its value is never read.", { code: 6133 }),
  diagnostic(4, 9, 'Information', 'Math is global.', { code: 'info-1' }),
]

describe('diagnostics', () => {
  it('counts by severity, then one row a diagnostic in document order, related information below', async () => {
    const { root, tool, seen } = await diagnosticsTool(sample)
    expect(await tool.execute({ operation: 'diagnostics', filePath: 'src/pricing.ts' })).toBe(
      [
        'src/pricing.ts: 1 error, 1 warning, 1 information, 1 hint',
        "src/pricing.ts:1:31  warning  Type 'A' is not assignable to type 'B'. Property 'x' is missing; in type 'A'",
        "src/pricing.ts:2:3  hint  6133  'x' is declared but its value is never read.",
        "src/pricing.ts:4:17  error  2322  Type 'string' is not assignable to type 'number'.",
        '  ↳ src/app.ts:1:10  The expected type comes from here.',
        'src/pricing.ts:5:10  information  info-1  Math is global.',
      ].join('\n'),
    )
    expect(seen).toEqual([{ operation: 'diagnostics', filePath: path.join(root, 'src/pricing.ts'), workspaceRoot: root, languageId: 'typescript' }])
  })

  it('gives columns in code points', async () => {
    const root = await tempWorkspace(pricingFiles)
    const { tool } = stubTool(
      () => ({
        kind: 'diagnostics',
        uri: fileUri(root, 'src/app.ts'),
        diagnostics: [diagnostic(1, emojiLine.indexOf('applyDiscount'), 'Error', 'Expected 2 arguments, but got 1.', { code: 2554 })],
        resolvedWorkspaceRoot: root,
        completeness: complete,
      }),
      { workspaceRoot: root },
    )
    expect(await tool.execute({ operation: 'diagnostics', filePath: 'src/app.ts' })).toBe(
      ['src/app.ts: 1 error', 'src/app.ts:2:53  error  2554  Expected 2 arguments, but got 1.'].join('\n'),
    )
  })

  it('pages, and says when there are none, after a partial warning', async () => {
    const { tool } = await diagnosticsTool(sample, { maxResults: 3 })
    expect(await tool.execute({ operation: 'diagnostics', filePath: 'src/pricing.ts', page: 2 })).toBe(
      ['src/pricing.ts: 1 error, 1 warning, 1 information, 1 hint; showing 4-4 (page 2 of 2)', 'src/pricing.ts:5:10  information  info-1  Math is global.'].join('\n'),
    )
    const none = await diagnosticsTool(() => [], {
      completeness: { state: 'partial', reason: 'indexing', message: 'typescript published no diagnostics for this version of the file within 5 s' },
    })
    expect(await none.tool.execute({ operation: 'diagnostics', filePath: 'src/pricing.ts' })).toBe(
      'Partial answer (indexing): typescript published no diagnostics for this version of the file within 5 s\nNo diagnostics in src/pricing.ts.',
    )
  })

  it('checks the file before asking', async () => {
    const { root, tool, seen } = await diagnosticsTool(sample)
    await expect(tool.execute({ operation: 'diagnostics', filePath: 'src/missing.ts' })).rejects.toMatchObject({
      code: 'LSP_FILE_NOT_FOUND',
      message: `file not found: src/missing.ts (resolved to ${path.join(root, 'src/missing.ts')})`,
    })
    expect(seen).toEqual([])
  })
})
