// Several queries in one call of the lsp tool (`queries`), against the real
// typescript-language-server: through the tool, and through `agent-lsp mcp` as an MCP client calls
// it. One header per query, in order; the failing one answers its error and the others still answer.
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { describe, expect, it, onTestFinished } from 'vitest'
import { grouped } from './grouped.test-support.js'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url))

const files = {
  'tsconfig.json': '{ "include": ["src"] }',
  'src/a.ts': '/** How often to retry. */\nexport const retryLimit = 3;\n',
  'src/b.ts': 'import { retryLimit } from "./a";\nexport const twice = retryLimit * 2;\n',
}

const queries = [
  { operation: 'findReferences', filePath: 'src/a.ts', line: 2, character: 14 },
  { operation: 'documentSymbol', filePath: 'src/missing.ts' },
  { operation: 'hover', symbol: 'twice' },
]

const answerIn = (root: string): string => [
  '## 1/3 findReferences src/a.ts:2:14',
  grouped([
    '3 references to retryLimit in 2 files',
    'src/a.ts:2:14  export const retryLimit = 3;',
    'src/b.ts:1:10  import { retryLimit } from "./a";',
    'src/b.ts:2:22  export const twice = retryLimit * 2;',
  ]),
  '',
  '## 2/3 documentSymbol src/missing.ts',
  `LSP_FILE_NOT_FOUND: file not found: src/missing.ts (resolved to ${root}/src/missing.ts)`,
  '',
  '## 3/3 hover twice',
  'twice → src/b.ts:2:14',
  '```typescript',
  'const twice: number',
  '```',
].join('\n')

describe('queries: several in one call', () => {
  it('answers each in order under its header through the tool and MCP; the failing one does not fail the others', { timeout: 120_000 }, async () => {
    const root = await tempWorkspace(files)
    const { tool } = toolOn(root)
    const answer = answerIn(root)
    expect(await tool.execute({ queries })).toBe(answer)
    const transport = new StdioClientTransport({ command: process.execPath, args: [bin, 'mcp', '--no-daemon', '--root', root], cwd: '/', stderr: 'pipe' })
    const client = new Client({ name: 'agent-lsp-test', version: '0' })
    await client.connect(transport)
    onTestFinished(() => client.close())
    expect(await client.callTool({ name: 'lsp', arguments: { queries } })).toEqual({ content: [{ type: 'text', text: answer }] })
  })
})
