// The Vercel AI SDK takes the tool with a documented one-liner (no export: see adapters.ts), and
// round-trips a real call offline: generateText with a mock model that calls the tool, then reads
// the tool result the SDK sends back in its next prompt.
import { generateText, jsonSchema, stepCountIs, tool, type ToolModelMessage } from 'ai'
import { MockLanguageModelV3 } from 'ai/test'
import { describe, expect, it } from 'vitest'
import { badInput, referencesInput, referencesText, referencesTool } from './adapters.test-support.js'
import type { LspTool } from '../tool.js'

/** The one-liner of the adapters.ts docstring, as a harness writes it. */
const aiSdkTool = (lsp: LspTool) =>
  tool({ description: lsp.description, inputSchema: jsonSchema(lsp.inputSchema), execute: (input, { abortSignal }) => lsp.execute(input, abortSignal) })

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
}

/** A model that calls `lsp` with `input`, then answers in text. */
function callingModel(input: unknown): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doGenerate: [
      {
        content: [{ type: 'tool-call', toolCallId: 'call_1', toolName: 'lsp', input: JSON.stringify(input) }],
        finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
        usage,
        warnings: [],
      },
      { content: [{ type: 'text', text: 'Three.' }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] },
    ],
  })
}

describe('Vercel AI SDK', () => {
  it('offers the schema as is, runs the call and sends the exact text back as the tool result', async () => {
    const lsp = await referencesTool()
    const model = callingModel(referencesInput)
    const result = await generateText({ model, tools: { lsp: aiSdkTool(lsp) }, prompt: 'Who uses retryLimit?', stopWhen: stepCountIs(2) })

    expect(model.doGenerateCalls[0]?.tools).toEqual([{ type: 'function', name: 'lsp', description: lsp.description, inputSchema: lsp.inputSchema }])
    const toolMessage: ToolModelMessage = {
      role: 'tool',
      content: [{ type: 'tool-result', toolCallId: 'call_1', toolName: 'lsp', output: { type: 'text', value: referencesText } }],
    }
    expect(result.steps[0]?.toolResults).toMatchObject([{ toolCallId: 'call_1', toolName: 'lsp', input: referencesInput, output: referencesText }])
    expect(result.response.messages[1]).toEqual(toolMessage)
    // What the model reads on the next step.
    expect(model.doGenerateCalls[1]?.prompt.at(-1)).toEqual(toolMessage)
    expect(result.text).toBe('Three.')
  })

  it('sends a refused input back as the error text the SDK makes of the rejection', async () => {
    const lsp = await referencesTool()
    const model = callingModel(badInput)
    const result = await generateText({ model, tools: { lsp: aiSdkTool(lsp) }, prompt: 'Who uses retryLimit?', stopWhen: stepCountIs(2) })
    expect(result.steps[0]?.content.find((part) => part.type === 'tool-error')).toMatchObject({
      toolCallId: 'call_1',
      error: { code: 'LSP_INVALID_INPUT', message: 'line must be an integer >= 1 (got 0)' },
    })
    expect(model.doGenerateCalls[1]?.prompt.at(-1)).toEqual({
      role: 'tool',
      content: [{ type: 'tool-result', toolCallId: 'call_1', toolName: 'lsp', output: { type: 'error-text', value: 'line must be an integer >= 1 (got 0)' } }],
    })
  })
})
