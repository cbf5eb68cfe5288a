// An apply whose symbol names none or several writes nothing, and is an error, with the code
// --json gives: the trial's `rename --symbol nosuch x --apply` printed `No symbol "nosuch" found.`
// and exited 0 (`… --apply && git commit` went on), and over MCP an apply whose symbol was already
// renamed was a successful result. A preview keeps its answer (a list to choose from, exit 0).
// Real typescript-language-server; the built command for the exit status and MCP's isError.
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { describe, expect, it, onTestFinished } from 'vitest'
import { codeOf, tempWorkspace, toolOn } from './workspace.test-support.js'

const files = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true }, include: ['src'] }),
  'src/a.ts': 'export function dup() { return 1 }\n',
  'src/b.ts': 'export function dup() { return 2 }\n',
}
const ambiguous = '2 symbols match "dup"; pick one with filePath and line: 1. Function dup  src/a.ts:1:17; 2. Function dup  src/b.ts:1:17. Nothing was written.'
const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url))

async function unchanged(root: string): Promise<void> {
  expect(await readFile(path.join(root, 'src/a.ts'), 'utf8')).toBe(files['src/a.ts'])
  expect(await readFile(path.join(root, 'src/b.ts'), 'utf8')).toBe(files['src/b.ts'])
}

describe('an apply whose symbol does not resolve to one', () => {
  it('the tool: rename and replaceSymbol with apply are LSP_SYMBOL_NOT_FOUND / LSP_SYMBOL_AMBIGUOUS; their previews answer', async () => {
    const root = await tempWorkspace(files)
    const { tool } = toolOn(root)
    const rename = { operation: 'rename', symbol: 'nosuch', newName: 'x' }
    expect(await tool.execute(rename)).toBe('No symbol "nosuch" found.')
    expect(await codeOf(tool.execute({ ...rename, apply: true }))).toEqual(['LSP_SYMBOL_NOT_FOUND', 'No symbol "nosuch" found. Nothing was written.'])
    expect(await codeOf(tool.execute({ operation: 'rename', symbol: 'dup', newName: 'dup2', apply: true }))).toEqual(['LSP_SYMBOL_AMBIGUOUS', ambiguous])
    const replace = { operation: 'replaceSymbol', symbol: 'dup', text: 'export function dup() { return 3 }' }
    expect(await tool.execute(replace)).toBe(
      ['2 symbols match "dup"; pick one with filePath and line:', '1. Function dup  src/a.ts:1:17', '2. Function dup  src/b.ts:1:17'].join('\n'),
    )
    expect(await codeOf(tool.execute({ ...replace, apply: true }))).toEqual(['LSP_SYMBOL_AMBIGUOUS', ambiguous])
    await unchanged(root)
  }, 120_000)

  it('the built command exits 1 with the code on stderr; MCP answers isError', async () => {
    const root = await tempWorkspace(files)
    const run = (args: string[]) =>
      new Promise<{ exit: number; stdout: string; stderr: string }>((resolve) => {
        execFile(process.execPath, [bin, ...args, '--no-daemon'], { cwd: root, timeout: 60_000 }, (error, stdout, stderr) => resolve({ exit: error ? Number(error.code ?? 1) : 0, stdout, stderr }))
      })
    expect(await run(['rename', '--symbol', 'nosuch', 'x', '--apply'])).toEqual({ exit: 1, stdout: '', stderr: 'agent-lsp: LSP_SYMBOL_NOT_FOUND: No symbol "nosuch" found. Nothing was written.\n' })
    expect(await run(['rename', '--symbol', 'dup', 'dup2', '--apply'])).toEqual({
      exit: 1,
      stdout: '',
      stderr: 'agent-lsp: LSP_SYMBOL_AMBIGUOUS: 2 symbols match "dup"; pick one with --file and --line: 1. Function dup  src/a.ts:1:17; 2. Function dup  src/b.ts:1:17. Nothing was written.\n',
    })
    const transport = new StdioClientTransport({ command: process.execPath, args: [bin, 'mcp', '--no-daemon', '--root', root], cwd: '/', stderr: 'pipe' })
    const client = new Client({ name: 'agent-lsp-test', version: '0' })
    await client.connect(transport)
    onTestFinished(() => client.close())
    expect(await client.callTool({ name: 'lsp', arguments: { operation: 'rename', symbol: 'total', newName: 'sum', apply: true } })).toEqual({
      content: [{ type: 'text', text: 'LSP_SYMBOL_NOT_FOUND: No symbol "total" found. Nothing was written.' }],
      isError: true,
    })
    await unchanged(root)
  }, 120_000)
})
