// The MCP server in process, over the SDK's in-memory transport, with a stub tool: what a call
// gives `execute` (arguments, the request's abort signal) and what each failure becomes.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { CallToolResultSchema, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js'
import { LspToolError, lspToolInputJsonSchema, type LspTool } from '@agent-lsp/tool-lsp'
import { describe, expect, it, onTestFinished } from 'vitest'
import { createMcpServer } from './mcp-server.js'

type Execute = LspTool['execute']

/** A client connected to a server offering a tool whose `execute` is `execute`. */
async function connect(execute: Execute): Promise<{ client: Client; close: () => Promise<void> }> {
  const tool: LspTool = { name: 'lsp', description: 'Navigate code.', inputSchema: lspToolInputJsonSchema, execute }
  const server = createMcpServer(tool, { name: 'agent-lsp', version: '0.0.0-test' })
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await server.connect(serverSide)
  const client = new Client({ name: 'test', version: '0' })
  await client.connect(clientSide)
  onTestFinished(() => client.close())
  return { client, close: () => server.close() }
}

/** An `execute` that waits for its signal, and what it was given. */
function waitingExecute(): { execute: Execute; called: Promise<{ input: unknown; signal: AbortSignal | undefined }>; aborted: Promise<unknown> } {
  let onCall!: (call: { input: unknown; signal: AbortSignal | undefined }) => void
  let onAbort!: (reason: unknown) => void
  const called = new Promise<{ input: unknown; signal: AbortSignal | undefined }>((resolve) => (onCall = resolve))
  const aborted = new Promise<unknown>((resolve) => (onAbort = resolve))
  const execute: Execute = (input, signal) => {
    onCall({ input, signal })
    return new Promise((_, reject) => {
      signal?.addEventListener('abort', () => {
        onAbort(signal.reason)
        reject(new LspToolError('LSP_CANCELLED', 'hover was cancelled'))
      })
    })
  }
  return { execute, called, aborted }
}

describe('createMcpServer', () => {
  it('says who it is and lists the one tool with its schema as is', async () => {
    const { client } = await connect(() => Promise.resolve(''))
    expect(client.getServerVersion()).toEqual({ name: 'agent-lsp', version: '0.0.0-test' })
    expect(client.getServerCapabilities()).toEqual({ tools: {} })
    expect(await client.listTools()).toEqual({ tools: [{ name: 'lsp', description: 'Navigate code.', inputSchema: lspToolInputJsonSchema }] })
  })

  it('passes the arguments to execute ({} when there are none) and answers its text', async () => {
    const inputs: unknown[] = []
    const { client } = await connect(async (input) => (inputs.push(input), '1 definition of a\nsrc/a.ts:1:14  export const a = 1;'))
    expect(await client.callTool({ name: 'lsp', arguments: { operation: 'goToDefinition', filePath: 'src/b.ts', line: 1, character: 10 } })).toEqual({
      content: [{ type: 'text', text: '1 definition of a\nsrc/a.ts:1:14  export const a = 1;' }],
    })
    await client.callTool({ name: 'lsp' })
    expect(inputs).toEqual([{ operation: 'goToDefinition', filePath: 'src/b.ts', line: 1, character: 10 }, {}])
  })

  it('answers a tool error as an isError result with the code and one line, never a protocol error', async () => {
    const errors = [
      new LspToolError('LSP_UNAVAILABLE', 'no language server configured for .md'),
      new Error('boom\n    at f (a.js:1:2)'),
    ]
    const { client } = await connect(() => Promise.reject(errors.shift()))
    expect(await client.callTool({ name: 'lsp', arguments: {} })).toEqual({
      content: [{ type: 'text', text: 'LSP_UNAVAILABLE: no language server configured for .md' }],
      isError: true,
    })
    expect(await client.callTool({ name: 'lsp', arguments: {} })).toEqual({ content: [{ type: 'text', text: 'LSP_INTERNAL: internal error: boom' }], isError: true })
  })

  it('gives execute arguments that are not an object as they are, for its one-line error', async () => {
    const inputs: unknown[] = []
    const { client } = await connect(async (input) => (inputs.push(input), 'checked'))
    for (const args of [null, 'hover', ['hover'], 3]) {
      const call = { method: 'tools/call', params: { name: 'lsp', arguments: args as unknown as Record<string, unknown> } } as const
      expect(await client.request(call, CallToolResultSchema)).toEqual({ content: [{ type: 'text', text: 'checked' }] })
    }
    expect(inputs).toEqual([null, 'hover', ['hover'], 3])
  })

  it('refuses a call to another tool, or to none, with InvalidParams, and another method with MethodNotFound', async () => {
    const { client } = await connect(() => Promise.resolve(''))
    const refusal = await client.callTool({ name: 'grep', arguments: {} }).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(McpError)
    // McpError prefixes its message on each side: the wire carries one prefix, the client adds another.
    expect(refusal).toMatchObject({ code: ErrorCode.InvalidParams, message: 'MCP error -32602: MCP error -32602: Unknown tool "grep" (this server has "lsp")' })
    const nameless = { method: 'tools/call', params: { arguments: {} } as unknown as { name: string } } as const
    expect(await client.request(nameless, CallToolResultSchema).catch((error: unknown) => error)).toMatchObject({
      code: ErrorCode.InvalidParams,
      message: 'MCP error -32602: MCP error -32602: tools/call needs the name of a tool: "lsp"',
    })
    expect(await client.request({ method: 'prompts/list' }, CallToolResultSchema).catch((error: unknown) => error)).toMatchObject({ code: ErrorCode.MethodNotFound })
  })

  it('aborts the signal it gave execute when the client cancels the request', async () => {
    const { execute, called, aborted } = waitingExecute()
    const { client } = await connect(execute)
    const controller = new AbortController()
    const call = client.callTool({ name: 'lsp', arguments: { operation: 'hover' } }, undefined, { signal: controller.signal })
    const { input, signal } = await called
    expect(input).toEqual({ operation: 'hover' })
    expect(signal?.aborted).toBe(false)
    controller.abort('the user stopped')
    await expect(call).rejects.toThrow('the user stopped')
    // The client's `notifications/cancelled` carries the reason to the server's signal.
    expect(await aborted).toBe('the user stopped')
    expect(signal?.aborted).toBe(true)
  })

  it('aborts calls in flight when the server closes', async () => {
    const { execute, called, aborted } = waitingExecute()
    const { client, close } = await connect(execute)
    const call = client.callTool({ name: 'lsp', arguments: {} }).catch((error: unknown) => error)
    const { signal } = await called
    await close()
    await aborted
    expect(signal?.aborted).toBe(true)
    expect(await call).toMatchObject({ code: ErrorCode.ConnectionClosed })
  })
})
