import { HarnessError } from '@agent-lsp/errors'
import type { JsonSchemaObject } from '../input/input-json-schema.js'
import { oneLine } from '../text/one-line.js'

// The tool definition mapped onto the tool-use shapes of MCP, Anthropic and OpenAI, structurally:
// this package depends on none of their SDKs; the tests type every shape with the SDK's own.
// Shapes are type aliases, not interfaces: the SDKs declare index signatures, which an interface
// never satisfies. Every harness gets the same text; a failure becomes that harness's error result
// carrying `CODE: message` on one line, never a rejection.
//
// The Vercel AI SDK needs no export: its `tool()` takes the fields as they are (the one-liner is
// tested in test/adapters.ai-sdk.test.ts; why, in .agents/notes/2026-11-30-tool-adapters.md):
//   tool({ description: lsp.description, inputSchema: jsonSchema(lsp.inputSchema),
//          execute: (input, { abortSignal }) => lsp.execute(input, abortSignal) })

/** What the adapters take: the plain definition `createLspTool` returns (`LspTool`), or any like it. */
export interface PlainTool {
  readonly name: string
  readonly description: string
  readonly inputSchema: JsonSchemaObject
  execute(input: unknown, signal?: AbortSignal): Promise<string>
}

/** The schema as an object type with an index signature, as the SDKs declare theirs (an interface has none). */
export type JsonSchemaRecord = { readonly [Key in keyof JsonSchemaObject]: JsonSchemaObject[Key] }

/** `LSP_INVALID_INPUT: line must be …`: the code of a `HarnessError` (what `execute` rejects with) and its one-line message. */
export function toolErrorText(error: unknown): string {
  if (HarnessError.isInstance(error)) return `${error.code}: ${oneLine(error.message)}`
  return `LSP_INTERNAL: internal error: ${oneLine(error instanceof Error ? error.message : String(error))}`
}

/** `execute`, its failure turned into text. */
async function run(tool: PlainTool, input: unknown, signal: AbortSignal | undefined): Promise<{ readonly ok: boolean; readonly text: string }> {
  try {
    return { ok: true, text: await tool.execute(input, signal) }
  } catch (error) {
    return { ok: false, text: toolErrorText(error) }
  }
}

/** OpenAI sends arguments as a JSON string; one that does not parse is the model's input error. */
function parseArguments(json: string): { readonly input: unknown } | { readonly error: string } {
  try {
    return { input: JSON.parse(json) as unknown }
  } catch (error) {
    return { error: `LSP_INVALID_INPUT: arguments are not valid JSON (${oneLine((error as Error).message)})` }
  }
}

// --- MCP (spec 2025-06-18, Server Features › Tools; SDK `Tool`, `CallToolResult` in `@modelcontextprotocol/sdk/types.js`)

/** An entry of a `tools/list` result: `{ name, description, inputSchema }`. */
export type McpToolEntry = {
  name: string
  description: string
  inputSchema: JsonSchemaRecord
}

/** A `tools/call` result: one text content block; a tool error has `isError: true` (spec "Error Handling"). */
export type McpCallToolResult = {
  content: [{ type: 'text'; text: string }]
  isError?: true
}

export function toMcpTool(tool: PlainTool): McpToolEntry {
  return { name: tool.name, description: tool.description, inputSchema: tool.inputSchema }
}

/** Run a `tools/call` request's `arguments`; `signal` is the request's (`RequestHandlerExtra.signal`). */
export async function callMcpTool(tool: PlainTool, args: unknown, signal?: AbortSignal): Promise<McpCallToolResult> {
  const { ok, text } = await run(tool, args, signal)
  return ok ? { content: [{ type: 'text', text }] } : { content: [{ type: 'text', text }], isError: true }
}

// --- Anthropic Messages API (`Anthropic.Tool`, `ToolUseBlock`, `ToolResultBlockParam` in `@anthropic-ai/sdk`)

/** A `tools` entry: `{ name, description, input_schema }`. */
export type AnthropicToolDefinition = {
  name: string
  description: string
  input_schema: JsonSchemaRecord
}

/** The `tool_result` content block answering a `tool_use` block, sent back in a `user` message. */
export type AnthropicToolResult = {
  type: 'tool_result'
  tool_use_id: string
  content: string
  is_error?: true
}

export function toAnthropicTool(tool: PlainTool): AnthropicToolDefinition {
  return { name: tool.name, description: tool.description, input_schema: tool.inputSchema }
}

/** Run a `tool_use` block (`{ id, input }`; the caller routes on its `name`). */
export async function runAnthropicToolUse(tool: PlainTool, block: { readonly id: string; readonly input: unknown }, signal?: AbortSignal): Promise<AnthropicToolResult> {
  const { ok, text } = await run(tool, block.input, signal)
  const result = { type: 'tool_result', tool_use_id: block.id, content: text } as const
  return ok ? result : { ...result, is_error: true }
}

// --- OpenAI Chat Completions (`ChatCompletionFunctionTool`, `ChatCompletionMessageFunctionToolCall`, `ChatCompletionToolMessageParam`)

/**
 * A `tools` entry: `{ type: 'function', function: { name, description, parameters, strict: false } }`.
 * Not strict: strict mode requires every property, and the tool's fields depend on the operation.
 */
export type OpenAiChatTool = {
  type: 'function'
  function: { name: string; description: string; parameters: JsonSchemaRecord; strict: false }
}

/** The `role: 'tool'` message answering a tool call; OpenAI has no error flag, so an error is its text. */
export type OpenAiChatToolMessage = {
  role: 'tool'
  tool_call_id: string
  content: string
}

export function toOpenAiChatTool(tool: PlainTool): OpenAiChatTool {
  return { type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.inputSchema, strict: false } }
}

/** Run an assistant message's tool call (`{ id, function: { arguments } }`, arguments as JSON text). */
export async function runOpenAiChatToolCall(
  tool: PlainTool,
  call: { readonly id: string; readonly function: { readonly arguments: string } },
  signal?: AbortSignal,
): Promise<OpenAiChatToolMessage> {
  const parsed = parseArguments(call.function.arguments)
  const content = 'error' in parsed ? parsed.error : (await run(tool, parsed.input, signal)).text
  return { role: 'tool', tool_call_id: call.id, content }
}

// --- OpenAI Responses API (`FunctionTool`, `ResponseFunctionToolCall`, `ResponseInputItem.FunctionCallOutput`)

/** A `tools` entry: `{ type: 'function', name, description, parameters, strict: false }`. */
export type OpenAiResponsesTool = {
  type: 'function'
  name: string
  description: string
  parameters: JsonSchemaRecord
  strict: false
}

/** The `function_call_output` input item answering a `function_call` output item. */
export type OpenAiFunctionCallOutput = {
  type: 'function_call_output'
  call_id: string
  output: string
}

export function toOpenAiResponsesTool(tool: PlainTool): OpenAiResponsesTool {
  return { type: 'function', name: tool.name, description: tool.description, parameters: tool.inputSchema, strict: false }
}

/** Run a `function_call` item (`{ call_id, arguments }`, arguments as JSON text). */
export async function runOpenAiFunctionCall(
  tool: PlainTool,
  call: { readonly call_id: string; readonly arguments: string },
  signal?: AbortSignal,
): Promise<OpenAiFunctionCallOutput> {
  const parsed = parseArguments(call.arguments)
  const output = 'error' in parsed ? parsed.error : (await run(tool, parsed.input, signal)).text
  return { type: 'function_call_output', call_id: call.call_id, output }
}
