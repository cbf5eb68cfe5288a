// Each mapping round-trips a real call through its SDK, offline: the SDK's client sends the tool
// definition, gets the model's tool call back (a scripted `fetch`), the adapter runs it, and the
// client sends the result; the SDK types every value on the way.
import Anthropic from '@anthropic-ai/sdk'
import OpenAI from 'openai'
import type { ChatCompletionFunctionTool, ChatCompletionMessageParam, ChatCompletionToolMessageParam } from 'openai/resources/chat/completions'
import type { FunctionTool, ResponseInputItem } from 'openai/resources/responses/responses'
import { describe, expect, it } from 'vitest'
import {
  callMcpTool,
  runAnthropicToolUse,
  runOpenAiChatToolCall,
  runOpenAiFunctionCall,
  toAnthropicTool,
  toMcpTool,
  toOpenAiChatTool,
  toOpenAiResponsesTool,
  toolErrorText,
} from './adapters.js'
import { badInput, badInputText, referencesInput, referencesText, referencesTool, scriptedFetch } from './adapters.test-support.js'
import { LspToolError } from '../errors.js'
import { lspToolInputJsonSchema } from '../input/input-json-schema.js'

describe('MCP', () => {
  // Typed with the SDK's own types where the server uses them (packages/cli/src/mcp-server.ts).
  it('lists the tool as is and answers a call with one text block, or isError with the code', async () => {
    const tool = await referencesTool()
    expect(toMcpTool(tool)).toEqual({ name: 'lsp', description: tool.description, inputSchema: lspToolInputJsonSchema })
    expect(await callMcpTool(tool, referencesInput)).toEqual({ content: [{ type: 'text', text: referencesText }] })
    expect(await callMcpTool(tool, badInput)).toEqual({ content: [{ type: 'text', text: badInputText }], isError: true })
  })

  it('gives the execute the signal, and reports the cancellation by its code', async () => {
    const tool = await referencesTool()
    const controller = new AbortController()
    controller.abort()
    expect(await callMcpTool(tool, referencesInput, controller.signal)).toEqual({
      content: [{ type: 'text', text: 'LSP_CANCELLED: findReferences was cancelled' }],
      isError: true,
    })
  })
})

describe('toolErrorText', () => {
  it('is the code and the one-line message; anything else is internal', () => {
    expect(toolErrorText(new LspToolError('LSP_TIMEOUT', 'hover timed out\n    at f (a.js:1:2)'))).toBe('LSP_TIMEOUT: hover timed out')
    expect(toolErrorText(new TypeError('x is\nundefined'))).toBe('LSP_INTERNAL: internal error: x is undefined')
  })
})

describe('Anthropic Messages API', () => {
  const usage = { input_tokens: 1, output_tokens: 1 }
  const reply = (content: unknown[], stop_reason: string) => ({ id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-test', content, stop_reason, stop_sequence: null, usage })

  it('sends the definition, runs the tool_use block and sends back its tool_result', async () => {
    const tool = await referencesTool()
    const toolUse = { type: 'tool_use', id: 'toolu_01', name: 'lsp', input: referencesInput, caller: { type: 'direct' } }
    const { fetch, bodies } = scriptedFetch([reply([toolUse], 'tool_use'), reply([{ type: 'text', text: 'Three.', citations: null }], 'end_turn')])
    const client = new Anthropic({ apiKey: 'test', fetch, maxRetries: 0 })
    const tools: Anthropic.Tool[] = [toAnthropicTool(tool)]
    const question: Anthropic.MessageParam = { role: 'user', content: 'Who uses retryLimit?' }

    const first = await client.messages.create({ model: 'claude-test', max_tokens: 1024, tools, messages: [question] })
    const block = first.content.find((part): part is Anthropic.ToolUseBlock => part.type === 'tool_use')
    if (!block) throw new Error('no tool_use block')
    const result: Anthropic.ToolResultBlockParam = await runAnthropicToolUse(tool, block)
    expect(result).toEqual({ type: 'tool_result', tool_use_id: 'toolu_01', content: referencesText })
    const answer: Anthropic.MessageParam = { role: 'user', content: [result] }
    await client.messages.create({ model: 'claude-test', max_tokens: 1024, tools, messages: [question, { role: 'assistant', content: first.content }, answer] })

    expect(bodies).toMatchObject([
      { tools: [{ name: 'lsp', description: tool.description, input_schema: lspToolInputJsonSchema }] },
      { messages: [question, { role: 'assistant', content: [toolUse] }, { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01', content: referencesText }] }] },
    ])
  })

  it('marks a refused input is_error', async () => {
    const tool = await referencesTool()
    const block: Anthropic.ToolUseBlock = { type: 'tool_use', id: 'toolu_02', name: 'lsp', input: badInput, caller: { type: 'direct' } }
    const result: Anthropic.ToolResultBlockParam = await runAnthropicToolUse(tool, block)
    expect(result).toEqual({ type: 'tool_result', tool_use_id: 'toolu_02', content: badInputText, is_error: true })
  })
})

describe('OpenAI Chat Completions', () => {
  const reply = (message: unknown, finish_reason: string) => ({
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 0,
    model: 'gpt-test',
    choices: [{ index: 0, finish_reason, logprobs: null, message }],
  })

  it('sends the function tool, runs the tool call (JSON arguments) and sends back the tool message', async () => {
    const tool = await referencesTool()
    const toolCall = { id: 'call_1', type: 'function', function: { name: 'lsp', arguments: JSON.stringify(referencesInput) } }
    const { fetch, bodies } = scriptedFetch([
      reply({ role: 'assistant', content: null, refusal: null, tool_calls: [toolCall] }, 'tool_calls'),
      reply({ role: 'assistant', content: 'Three.', refusal: null }, 'stop'),
    ])
    const client = new OpenAI({ apiKey: 'test', fetch, maxRetries: 0 })
    const tools: ChatCompletionFunctionTool[] = [toOpenAiChatTool(tool)]
    const messages: ChatCompletionMessageParam[] = [{ role: 'user', content: 'Who uses retryLimit?' }]

    const first = await client.chat.completions.create({ model: 'gpt-test', tools, messages })
    const assistant = first.choices[0]!.message
    const call = assistant.tool_calls?.[0]
    if (call?.type !== 'function') throw new Error('no function tool call')
    const result: ChatCompletionToolMessageParam = await runOpenAiChatToolCall(tool, call)
    expect(result).toEqual({ role: 'tool', tool_call_id: 'call_1', content: referencesText })
    await client.chat.completions.create({ model: 'gpt-test', tools, messages: [...messages, assistant, result] })

    expect(bodies).toMatchObject([
      { tools: [{ type: 'function', function: { name: 'lsp', description: tool.description, parameters: lspToolInputJsonSchema, strict: false } }] },
      { messages: [...messages, { role: 'assistant', tool_calls: [toolCall] }, { role: 'tool', tool_call_id: 'call_1', content: referencesText }] },
    ])
  })

  it('answers a refused input, or arguments that are not JSON, with the error text', async () => {
    const tool = await referencesTool()
    const call = (id: string, args: string) => ({ id, type: 'function', function: { name: 'lsp', arguments: args } }) as const
    const refused: ChatCompletionToolMessageParam = await runOpenAiChatToolCall(tool, call('call_2', JSON.stringify(badInput)))
    expect(refused).toEqual({ role: 'tool', tool_call_id: 'call_2', content: badInputText })
    const broken: ChatCompletionToolMessageParam = await runOpenAiChatToolCall(tool, call('call_3', '{"operation":'))
    expect(broken).toEqual({ role: 'tool', tool_call_id: 'call_3', content: 'LSP_INVALID_INPUT: arguments are not valid JSON (Unexpected end of JSON input)' })
  })
})

describe('OpenAI Responses API', () => {
  it('sends the function tool, runs the function_call item and sends back its function_call_output', async () => {
    const tool = await referencesTool()
    const functionCall = { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'lsp', arguments: JSON.stringify(referencesInput), status: 'completed' }
    const reply = (output: unknown[]) => ({ id: 'resp_1', object: 'response', created_at: 0, status: 'completed', model: 'gpt-test', output })
    const { fetch, bodies } = scriptedFetch([reply([functionCall]), reply([])])
    const client = new OpenAI({ apiKey: 'test', fetch, maxRetries: 0 })
    const tools: FunctionTool[] = [toOpenAiResponsesTool(tool)]

    const first = await client.responses.create({ model: 'gpt-test', tools, input: 'Who uses retryLimit?' })
    const call = first.output.find((item) => item.type === 'function_call')
    if (!call) throw new Error('no function_call item')
    const output: ResponseInputItem.FunctionCallOutput = await runOpenAiFunctionCall(tool, call)
    expect(output).toEqual({ type: 'function_call_output', call_id: 'call_1', output: referencesText })
    await client.responses.create({ model: 'gpt-test', tools, input: [...first.output, output] })

    expect(bodies).toMatchObject([
      { tools: [{ type: 'function', name: 'lsp', description: tool.description, parameters: lspToolInputJsonSchema, strict: false }] },
      { input: [functionCall, { type: 'function_call_output', call_id: 'call_1', output: referencesText }] },
    ])
  })
})
