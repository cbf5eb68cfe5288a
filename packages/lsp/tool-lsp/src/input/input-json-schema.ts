import { z } from 'zod'
import { lspToolInputSchema } from './input-schema.js'

/**
 * A JSON Schema (draft 2020-12) for an object input, as harnesses take it: MCP `inputSchema`,
 * the Vercel AI SDK's `jsonSchema()`, Anthropic `input_schema`, OpenAI function `parameters`.
 */
export interface JsonSchemaObject {
  readonly $schema: string
  readonly type: 'object'
  readonly properties: Readonly<Record<string, Readonly<Record<string, unknown>>>>
  // Mutable array type on purpose: harness types (MCP, JSONSchema7) declare `required?: string[]`.
  readonly required: string[]
  readonly additionalProperties: false
}

/**
 * {@link lspToolInputSchema} as JSON Schema draft 2020-12, generated with `z.toJSONSchema`.
 * `z.int()` adds `maximum: 9007199254740991`; it is dropped because it only costs a model tokens.
 */
export const lspToolInputJsonSchema = z.toJSONSchema(lspToolInputSchema, {
  override({ jsonSchema }) {
    if (jsonSchema.type === 'integer' && jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum
  },
  // The shape is pinned by input.test.ts; z.toJSONSchema's return type is the general JSONSchema.
}) as unknown as JsonSchemaObject
