import type { LspHover } from '@agent-lsp/lsp'
import { describe, expect, it } from 'vitest'
import { pricingFiles } from './fixtures.test-support.js'
import { complete, stubTool, tempWorkspace, positionOf } from './workspace.test-support.js'

const hoverTool = (root: string, hover: LspHover | null) =>
  stubTool(() => ({ kind: 'hover', hover, resolvedWorkspaceRoot: root, completeness: complete }), { workspaceRoot: root })

const request = { operation: 'hover', filePath: 'src/app.ts', line: 2, character: 53 }

describe('hover', () => {
  it('returns the contents trimmed, markdown verbatim', async () => {
    const root = await tempWorkspace(pricingFiles)
    const contents = '\n```typescript\nfunction applyDiscount(price: number, rate: number): number\n```\nApplies a rate.\n\n'
    const { tool, seen } = hoverTool(root, { contents })
    expect(await tool.execute(request)).toBe(
      '```typescript\nfunction applyDiscount(price: number, rate: number): number\n```\nApplies a rate.',
    )
    expect(positionOf(seen[0])).toEqual({ line: 1, character: 55 })
  })

  it('cuts a hover over 4,000 code points there, saying how many it left out', async () => {
    // typescript-language-server's hover on `export const s = "<2 MB of a>"` holds the whole literal.
    const root = await tempWorkspace(pricingFiles)
    const contents = '```typescript\nconst s: "' + 'a'.repeat(2 * 1024 * 1024) + '"\n```'
    expect(await hoverTool(root, { contents }).tool.execute(request)).toBe('```typescript\nconst s: "' + 'a'.repeat(3976) + '\n… 2093181 more characters of hover (not shown)')
    // Code points, not UTF-16 units: an emoji is one, and a pair is never split.
    expect(await hoverTool(root, { contents: '🎉'.repeat(4001) }).tool.execute(request)).toBe('🎉'.repeat(4000) + '\n… 1 more character of hover (not shown)')
    expect(await hoverTool(root, { contents: '🎉'.repeat(4000) }).tool.execute(request)).toBe('🎉'.repeat(4000))
  })

  it('says there is nothing when the hover is null or blank', async () => {
    const root = await tempWorkspace(pricingFiles)
    expect(await hoverTool(root, null).tool.execute(request)).toBe('No hover information at src/app.ts:2:53.')
    expect(await hoverTool(root, { contents: ' \n ' }).tool.execute(request)).toBe('No hover information at src/app.ts:2:53.')
  })

  it('warns first when the answer is partial, on one line', async () => {
    const root = await tempWorkspace(pricingFiles)
    const { tool } = stubTool(
      () => ({
        kind: 'hover',
        hover: null,
        resolvedWorkspaceRoot: root,
        completeness: { state: 'partial', reason: 'indexing', message: 'still loading\n  the project' },
      }),
      { workspaceRoot: root },
    )
    expect(await tool.execute(request)).toBe(
      'Partial answer (indexing): still loading the project\nNo hover information at src/app.ts:2:53.',
    )
  })

  it('opens with the notice of a server restarted over its memory cap, before a partial warning', async () => {
    const root = await tempWorkspace(pricingFiles)
    const restarted = { code: 'LSP_SERVER_RESTARTED', message: 'language server "typescript" used 4200 MB, over its cap of 4096 MB (maxMemoryMB), and was restarted; this answer comes from the new server' } as const
    const { tool } = stubTool(
      () => ({ kind: 'hover', hover: null, resolvedWorkspaceRoot: root, completeness: { state: 'partial', reason: 'indexing', message: 'still loading' }, notices: [restarted] }),
      { workspaceRoot: root },
    )
    expect(await tool.execute(request)).toBe(
      'Notice (LSP_SERVER_RESTARTED): language server "typescript" used 4200 MB, over its cap of 4096 MB (maxMemoryMB), and was restarted; this answer comes from the new server\n' +
        'Partial answer (indexing): still loading\nNo hover information at src/app.ts:2:53.',
    )
  })
})
