import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js'
import { callMcpTool, toMcpTool, type LspTool } from '@agent-lsp/tool-lsp'

/** The URI of the status resource (see {@link createMcpServer}). */
export const STATUS_URI = 'agent-lsp://status'

/** What the server says it is in `initialize` (MCP `Implementation`). */
export interface McpServerInfo {
  readonly name: string
  readonly version: string
}

/**
 * An MCP server (the SDK's low-level `Server`: `McpServer` takes only Zod input schemas) offering
 * `tool` with its JSON Schema as is (spec 2025-06-18, Server Features › Tools):
 * - `tools/list` → `[{ name, description, inputSchema }]`;
 * - `tools/call` → the text `execute` answers, in one text content block; a tool error (bad input,
 *   no server, timeout…) is a result with `isError: true` and the one-line `CODE: message`, for the
 *   model to read. Only a call to another tool is a protocol error (`InvalidParams`).
 * The request's abort signal (`notifications/cancelled`, or the connection closing) goes to `execute`.
 * With `status`, one resource too (Server Features › Resources): {@link STATUS_URI}, the JSON of
 * `agent-lsp status --json` (the servers answering, their state, memory, restarts, last error), so
 * an agent can see why an answer is partial or slow.
 * Connect it to a transport with `server.connect(transport)`.
 */
export function createMcpServer(tool: LspTool, info: McpServerInfo, status?: () => Promise<unknown>): Server {
  const server = new Server({ name: info.name, version: info.version }, { capabilities: { tools: {}, ...(status ? { resources: {} } : {}) } })
  if (status) {
    const resource = { uri: STATUS_URI, name: 'status', title: 'agent-lsp servers', description: 'The language servers answering: state, pid, memory, uptime, open documents, restarts, last error.', mimeType: 'application/json' }
    server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: [resource] }))
    server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
      if (request.params.uri !== STATUS_URI) throw new McpError(ErrorCode.InvalidParams, `Unknown resource "${request.params.uri}" (this server has "${STATUS_URI}")`)
      return { contents: [{ uri: STATUS_URI, mimeType: 'application/json', text: JSON.stringify(await status(), null, 2) }] }
    })
  }
  const listed: Tool = toMcpTool(tool)
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [listed] }))
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const { name, arguments: args = {} } = request.params
    if (name !== tool.name) throw new McpError(ErrorCode.InvalidParams, `Unknown tool "${name}" (this server has "${tool.name}")`)
    return callMcpTool(tool, args, extra.signal)
  })
  return server
}
