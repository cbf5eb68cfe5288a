// The published JSON Schema is generated from the zod schema; the committed file must not drift.
// To regenerate: AGENT_LSP_WRITE_SCHEMA=1 pnpm --filter agent-lsp exec vitest run src/config-schema.test.ts
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { configJsonSchema } from './config-schema.js'

const schemaFile = fileURLToPath(new URL('../agent-lsp.schema.json', import.meta.url))
const generated = `${JSON.stringify(configJsonSchema(), null, 2)}\n`

describe('agent-lsp.schema.json', () => {
  it('is what the zod schema generates', () => {
    if (process.env.AGENT_LSP_WRITE_SCHEMA === '1') writeFileSync(schemaFile, generated)
    expect(readFileSync(schemaFile, 'utf8')).toBe(generated)
  })

  it('describes servers with the documented fields and only those', () => {
    const schema = configJsonSchema() as { properties: { servers: { items: { properties: object; required: string[]; additionalProperties: boolean } } } }
    const server = schema.properties.servers.items
    expect(Object.keys(server.properties)).toEqual(['id', 'command', 'args', 'extensions', 'fileNames', 'rootMarkers', 'initializationOptions', 'settings', 'env', 'maxMemoryMB', 'enabled', 'disabledOperations', 'fallbacks'])
    expect(server.required).toEqual(['id'])
    expect(server.additionalProperties).toBe(false)
  })
})
