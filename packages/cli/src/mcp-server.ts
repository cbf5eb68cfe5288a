import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js'
import { callMcpTool, toMcpTool, type LspTool } from '@agent-lsp/tool-lsp'

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
 * Connect it to a transport with `server.connect(transport)`.
 */
export function createMcpServer(tool: LspTool, info: McpServerInfo): Server {
  const server = new Server({ name: info.name, version: info.version }, { capabilities: { tools: {} } })
  const listed: Tool = toMcpTool(tool)
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [listed] }))
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const { name, arguments: args = {} } = request.params
    if (name !== tool.name) throw new McpError(ErrorCode.InvalidParams, `Unknown tool "${name}" (this server has "${tool.name}")`)
    return callMcpTool(tool, args, extra.signal)
  })
  return server
}
