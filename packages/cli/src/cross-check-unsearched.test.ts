// The files the cross-check's search leaves out, on the real typescript-language-server: a trial
// found a file over the 4 MiB bound (ripgrep's `--max-filesize`) never searched, and the answer
// still "complete", and a rename applied that left a call there. Through the tool, and through
// `agent-lsp mcp` as an MCP client calls it.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { describe, expect, it, onTestFinished } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url))

/** A data table of 5,500,024 bytes (5.2 MiB) after `head`. */
const big = (head: string): string => `${head}export const rows = [\n${'  1,\n'.repeat(1_100_000)}]\n`

const files = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ['src'] }),
  'src/cart.ts': 'export class Cart {\n  total(): number {\n    return 1\n  }\n}\n',
  'src/use.ts': "import { Cart } from './cart'\nexport const a = new Cart().total()\n",
  // No tsconfig includes it: the server does not list its call, and the search does not read it.
  'scripts/big.ts': big("import { Cart } from '../src/cart'\nconsole.log(new Cart().total())\n"),
  // As large, but it does not name total (`subtotal` is no whole word): nothing there to miss.
  'scripts/table.ts': big('// subtotal\n'),
}

const answer = [
  'Partial answer (unchecked): not searched for total: scripts/big.ts (5.2 MiB, over the 4 MiB bound); it may hold places the server missed',
  '2 references to total in 2 files',
  'src/cart.ts:2:3  total(): number {',
  'src/use.ts:2:29  export const a = new Cart().total()',
].join('\n')

describe('cross-check: the files its search leaves out', () => {
  it('names the file over the 4 MiB bound that names the symbol, and the answer is partial, not complete', async () => {
    const root = await tempWorkspace(files)
    const { tool, host } = toolOn(root)
    const references = { operation: 'findReferences', filePath: 'src/cart.ts', line: 2, character: 3 } as const
    expect(await tool.execute(references)).toBe(answer)
    const result = await host.ctx.lsp.query({ operation: 'findReferences', filePath: 'src/cart.ts', position: { line: 1, character: 2 }, workspaceRoot: root })
    expect(result.crossCheck?.unsearched).toEqual({ count: 1, files: [{ uri: `file://${root}/scripts/big.ts`, reason: 'too-large', bytes: 5_500_091 }] })
    expect(result.completeness).toEqual({ state: 'partial', reason: 'unchecked', message: 'not searched for total: scripts/big.ts (5.2 MiB, over the 4 MiB bound); it may hold places the server missed' })

    // --no-daemon: the SDK passes the server few variables (not vitest's AGENT_LSP_NO_DAEMON); its servers are its own.
    const transport = new StdioClientTransport({ command: process.execPath, args: [bin, 'mcp', '--no-daemon', '--root', root], cwd: '/', stderr: 'pipe' })
    const client = new Client({ name: 'agent-lsp-test', version: '0' })
    await client.connect(transport)
    onTestFinished(() => client.close())
    expect(await client.callTool({ name: 'lsp', arguments: references })).toEqual({ content: [{ type: 'text', text: answer }] })

    // A rename would leave the call in scripts/big.ts as it is: refused, as for a reference it misses.
    await expect(tool.execute({ ...references, operation: 'rename', newName: 'sum', apply: true })).rejects.toMatchObject({
      code: 'LSP_EDIT_INCOMPLETE',
      message: 'rename total → sum was not applied: its references may be incomplete (not searched for total: scripts/big.ts (5.2 MiB, over the 4 MiB bound); it may hold places the server missed); nothing was written. Rename those by hand, or apply with force: true to write it anyway',
    })
    expect(await readFile(path.join(root, 'src/use.ts'), 'utf8')).toBe(files['src/use.ts'])

    // Forced: written, and the unsearched file named once for total's references (the refusal's
    // reason; it was also said as `Not verified:` and once more as the preview says it), once for
    // Cart's, whose files the errors check covers.
    const forced = await tool.execute({ ...references, operation: 'rename', newName: 'sum', apply: true, force: true })
    expect(forced.split('\n').filter((line) => line.includes('scripts/big.ts'))).toEqual([
      'The references of Cart may be incomplete (unchecked): not searched for Cart: scripts/big.ts (5.2 MiB, over the 4 MiB bound); it may hold places the server missed; a file they miss is not checked.',
      'Not verified: written with force although its references may be incomplete (not searched for total: scripts/big.ts (5.2 MiB, over the 4 MiB bound); it may hold places the server missed).',
    ])
    expect(await readFile(path.join(root, 'src/use.ts'), 'utf8')).toBe("import { Cart } from './cart'\nexport const a = new Cart().sum()\n")
  })
})
