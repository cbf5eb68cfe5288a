// `agent-lsp mcp` as an MCP client runs it: the built command spawned over a real stdio connection
// by the SDK's own Client, against the real typescript-language-server.
import { execFile, spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { CallToolResultSchema, ErrorCode, JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js'
import { descendantPids, waitUntilGone } from '@agent-lsp/lsp-testing'
import { lspToolInputJsonSchema } from '@agent-lsp/tool-lsp'
import { describe, expect, it, onTestFinished } from 'vitest'
import { readFileSync } from 'node:fs'
import { UsageError, parseCommand } from './args.js'
import { tempWorkspace, toolOn } from './workspace.test-support.js'
import { grouped } from './grouped.test-support.js'

/** The bound: a stopped server's processes are gone within 5 s; a killed process takes a moment. */
const GONE_WITHIN_MS = 5_000

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url))

const files = {
  'tsconfig.json': '{ "include": ["src"] }',
  'src/a.ts': 'export const retryLimit = 3;\n',
  'src/b.ts': 'import { retryLimit } from "./a";\nexport const twice = retryLimit * 2;\n',
}

const references = { operation: 'findReferences', filePath: 'src/a.ts', line: 1, character: 14 }
const referencesText = grouped([
  '3 references to retryLimit in 2 files',
  'src/a.ts:1:14  export const retryLimit = 3;',
  'src/b.ts:1:10  import { retryLimit } from "./a";',
  'src/b.ts:2:22  export const twice = retryLimit * 2;',
])

describe('agent-lsp mcp', () => {
  it('serves the lsp tool: same schema and text as the tool, servers warm, errors as results, none left after close', async () => {
    const root = await tempWorkspace(files)
    const { tool } = toolOn(root)
    // --no-daemon: the SDK passes the server few variables (not vitest's AGENT_LSP_NO_DAEMON); its servers are its own.
    const transport = new StdioClientTransport({ command: process.execPath, args: [bin, 'mcp', '--no-daemon', '--root', root], cwd: '/', stderr: 'pipe' })
    let stderr = ''
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const client = new Client({ name: 'agent-lsp-test', version: '0' })
    await client.connect(transport)
    onTestFinished(() => client.close())
    const server = transport.pid
    if (server === null) throw new Error('no server process')

    expect(client.getServerVersion()).toEqual({ name: 'agent-lsp', version: (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version })
    expect(await client.listTools()).toEqual({ tools: [{ name: 'lsp', description: tool.description, inputSchema: lspToolInputJsonSchema }] })

    expect(await tool.execute(references)).toBe(referencesText)
    expect(await client.callTool({ name: 'lsp', arguments: references })).toEqual({ content: [{ type: 'text', text: referencesText }] })
    const started = descendantPids(server)
    // typescript-language-server and the tsserver processes below it.
    expect(started.length).toBeGreaterThanOrEqual(2)

    // Warm: the next call is answered by the same processes.
    expect(await client.callTool({ name: 'lsp', arguments: { operation: 'goToDefinition', filePath: 'src/b.ts', line: 2, character: 22 } })).toEqual({
      content: [{ type: 'text', text: 'retryLimit → src/a.ts:1:14  export const retryLimit = 3;' }],
    })
    expect(descendantPids(server).sort()).toEqual([...started].sort())

    expect(await client.callTool({ name: 'lsp', arguments: { ...references, line: 0 } })).toEqual({
      content: [{ type: 'text', text: 'LSP_INVALID_INPUT: line must be an integer >= 1 (got 0)' }],
      isError: true,
    })
    expect(await client.callTool({ name: 'lsp', arguments: { operation: 'hover', filePath: 'src/missing.ts', line: 1, character: 1 } })).toEqual({
      content: [{ type: 'text', text: `LSP_FILE_NOT_FOUND: file not found: src/missing.ts (resolved to ${root}/src/missing.ts)` }],
      isError: true,
    })
    // Arguments that are not an object: the tool's one-line error too, not the SDK's -32603 and a zod dump.
    for (const [args, shown] of [[null, 'null'], ['hover', '"hover"'], [['hover'], '["hover"]'], [3, '3']] as const) {
      const call = { method: 'tools/call', params: { name: 'lsp', arguments: args as unknown as Record<string, unknown> } } as const
      expect(await client.request(call, CallToolResultSchema)).toEqual({
        content: [{ type: 'text', text: `LSP_INVALID_INPUT: input must be an object with operation and the fields it takes (got ${shown})` }],
        isError: true,
      })
    }
    await expect(client.callTool({ name: 'grep', arguments: {} })).rejects.toMatchObject({ code: ErrorCode.InvalidParams })

    await client.close()
    expect(await waitUntilGone([server, ...started], GONE_WITHIN_MS)).toEqual([])
    expect(stderr).toBe('')
  })

  it.each([
    ['stdin closes', 'stdin'],
    ['SIGTERM', 'SIGTERM'],
    ['SIGINT', 'SIGINT'],
  ] as const)('exits 0 when %s, its language servers stopped, having written only JSON-RPC to stdout', async (_, how) => {
    const root = await tempWorkspace(files)
    const child = spawn(process.execPath, [bin, 'mcp'], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] })
    onTestFinished(() => void child.kill('SIGKILL'))
    const exited = once(child, 'exit')
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    // The SDK's stdio transport is newline-delimited JSON over any pair of streams: here, the
    // client's end of the child's pipes (the command's working directory is the workspace).
    const client = new Client({ name: 'agent-lsp-test', version: '0' })
    await client.connect(new StdioServerTransport(child.stdout, child.stdin))
    expect(await client.callTool({ name: 'lsp', arguments: references })).toEqual({ content: [{ type: 'text', text: referencesText }] })
    const started = descendantPids(child.pid!)
    expect(started.length).toBeGreaterThanOrEqual(2)

    if (how === 'stdin') child.stdin.end()
    else child.kill(how)
    expect(await exited).toEqual([0, null])
    expect(await waitUntilGone(started, GONE_WITHIN_MS)).toEqual([])
    expect(stderr).toBe('')
    const lines = stdout.split('\n')
    expect(lines.pop()).toBe('')
    expect(lines.map((line) => JSONRPCMessageSchema.safeParse(JSON.parse(line)).success)).toEqual([true, true])
  })
})

describe('agent-lsp mcp on the command line', () => {
  it('takes only --root, default the working directory', () => {
    expect(parseCommand(['mcp'])).toEqual({ kind: 'mcp', root: '.' })
    expect(parseCommand(['mcp', '--root', '../app'])).toEqual({ kind: 'mcp', root: '../app' })
    const refusal = (argv: string[]) => {
      try {
        parseCommand(argv)
      } catch (error) {
        if (error instanceof UsageError) return error.message
      }
      throw new Error(`expected a usage error for ${argv.join(' ')}`)
    }
    expect(refusal(['mcp', 'src'])).toBe('unexpected argument "src" (mcp takes only --root DIR)')
    expect(refusal(['mcp', '--json', '--file', 'a.ts'])).toBe('mcp takes no --file or --json (only --root DIR)')
  })

  it('exits 1 naming a workspace root that is not a directory, 2 on bad usage', async () => {
    const run = (args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(process.execPath, [bin, ...args], { cwd: '/', timeout: 60_000 }, (error, stdout, stderr) => {
          resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr })
        })
      })
    expect(await run(['mcp', '--root', '/nonexistent/app'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'agent-lsp: LSP_FILE_NOT_FOUND: workspace root /nonexistent/app does not exist or is not a directory\n',
    })
    expect(await run(['mcp', 'src'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'agent-lsp: unexpected argument "src" (mcp takes only --root DIR)\nRun "agent-lsp --help" for usage.\n',
    })
  })
})
