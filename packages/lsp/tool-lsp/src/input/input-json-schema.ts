import * as z from 'zod'
import { lspToolCallSchema } from './call-schema.js'

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
 * The tool's input as JSON Schema draft 2020-12: {@link lspToolCallSchema} (one query's fields,
 * or `queries`), generated with `z.toJSONSchema`. `z.int()` adds `maximum: 9007199254740991`,
 * and a list item `properties: {}, additionalProperties: {}`; both are dropped because they only
 * cost a model tokens.
 */
const generated = z.toJSONSchema(lspToolCallSchema, {
  override({ jsonSchema }) {
    if (jsonSchema.type === 'integer' && jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum
    if (jsonSchema.type === 'object' && jsonSchema.properties !== undefined && Object.keys(jsonSchema.properties).length === 0) {
      delete jsonSchema.properties
      delete jsonSchema.additionalProperties
    }
  },
  // The shape is pinned by input.test.ts; z.toJSONSchema's return type is the general JSONSchema.
}) as unknown as Omit<JsonSchemaObject, 'required'> & { required?: string[] }

// No field is required (a call has operation, or queries); harnesses' types want the list all the same.
export const lspToolInputJsonSchema: JsonSchemaObject = { ...generated, required: generated.required ?? [] }
