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
 *   model to read, and so are arguments that are not an object (`null`, `"hover"`). Only a call to
 *   another tool, or to none, is a protocol error (`InvalidParams`).
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
  // tools/call is the fallback handler, not a registered one: the SDK checks a registered tools/call
  // against its schema first (Server.setRequestHandler), and answered `arguments: null` or "hover"
  // with error -32603 and a multi-line zod dump; here the tool's own check says it in one line.
  server.fallbackRequestHandler = async (request, extra): Promise<CallToolResult> => {
    if (request.method !== CallToolRequestSchema.shape.method.value) throw new McpError(ErrorCode.MethodNotFound, 'Method not found')
    // JSON-RPC params are an object (or absent); its fields are whatever the client sent.
    const { name, arguments: args = {} } = (request.params ?? {}) as { readonly name?: unknown; readonly arguments?: unknown }
    if (typeof name !== 'string') throw new McpError(ErrorCode.InvalidParams, `tools/call needs the name of a tool: "${tool.name}"`)
    if (name !== tool.name) throw new McpError(ErrorCode.InvalidParams, `Unknown tool "${name}" (this server has "${tool.name}")`)
    return callMcpTool(tool, args, extra.signal)
  }
  return server
}
