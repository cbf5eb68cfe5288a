import { describe, expect, it } from 'vitest'
import { LspToolError } from './errors.js'
import { parseLspToolInput } from './input.js'
import { lspToolInputJsonSchema } from './input-json-schema.js'

const valid = { operation: 'hover', filePath: 'src/x.ts', line: 3, character: 5 }

function messageOf(input: unknown): string {
  try {
    parseLspToolInput(input)
  } catch (error) {
    expect(LspToolError.isInstance(error) && error.code).toBe('LSP_INVALID_INPUT')
    return (error as LspToolError).message
  }
  throw new Error('expected LSP_INVALID_INPUT')
}

describe('lspToolInputJsonSchema', () => {
  it('is a closed draft 2020-12 object schema with 1-based integer cursor fields', () => {
    expect(lspToolInputJsonSchema).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        operation: {
          type: 'string',
          enum: ['goToDefinition', 'findReferences', 'goToImplementation', 'hover'],
          description: 'What to look up; see the tool description.',
        },
        filePath: {
          type: 'string',
          minLength: 1,
          description: 'The file holding the cursor: relative to the workspace root, or absolute.',
        },
        line: { type: 'integer', minimum: 1, description: '1-based line of the cursor.' },
        character: {
          type: 'integer',
          minimum: 1,
          description:
            '1-based column of the cursor in Unicode code points of the line (an emoji or a CJK character counts 1); ' +
            'at most one past the last character.',
        },
      },
      required: ['operation', 'filePath', 'line', 'character'],
      additionalProperties: false,
    })
  })
})

describe('parseLspToolInput', () => {
  it('returns valid input unchanged', () => {
    expect(parseLspToolInput(valid)).toEqual(valid)
  })

  it('names the field and what is expected', () => {
    expect(messageOf({ ...valid, line: 0 })).toBe('line must be an integer >= 1 (got 0)')
    expect(messageOf({ ...valid, character: 1.5 })).toBe('character must be an integer >= 1 (got 1.5)')
    expect(messageOf({ ...valid, line: '3' })).toBe('line must be an integer >= 1 (got "3")')
    expect(messageOf({ ...valid, filePath: '' })).toBe('filePath must be a non-empty string (got "")')
    expect(messageOf({ ...valid, operation: 'rename' })).toBe(
      'operation must be one of goToDefinition, findReferences, goToImplementation, hover (got "rename")',
    )
  })

  it('says which field is missing', () => {
    const { filePath: _, ...withoutPath } = valid
    expect(messageOf(withoutPath)).toBe('filePath is missing (expected a non-empty string)')
  })

  it('rejects unknown properties by name', () => {
    expect(messageOf({ ...valid, symbol: 'Shape' })).toBe(
      'unknown property "symbol" (expected only operation, filePath, line, character)',
    )
  })

  it('reports every problem on one line', () => {
    expect(messageOf({ operation: 'hover', line: -2, character: 0, extra: 1, more: 2 })).toBe(
      'filePath is missing (expected a non-empty string); line must be an integer >= 1 (got -2); ' +
        'character must be an integer >= 1 (got 0); unknown properties "extra", "more" (expected only operation, filePath, line, character)',
    )
  })

  it('describes a non-object input, shortening long values', () => {
    expect(messageOf(null)).toBe('input must be an object with operation, filePath, line, character (got null)')
    expect(messageOf('x'.repeat(50))).toBe(
      `input must be an object with operation, filePath, line, character (got "${'x'.repeat(39)}…)`,
    )
  })
})
