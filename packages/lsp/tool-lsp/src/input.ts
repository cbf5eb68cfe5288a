import { lspOperations } from '@agent-lsp/lsp'
import { z } from 'zod'
import { LspToolError } from './errors.js'

/**
 * The `lsp` tool's input, as a zod 4 schema: `{ operation, filePath, line, character }`, every
 * field required, no other property. `line` and `character` are 1-based; `character` counts
 * Unicode code points of the line (see the design doc, "The tool"). Its JSON Schema form is
 * {@link lspToolInputJsonSchema}; `execute()` validates with {@link parseLspToolInput}.
 */
export const lspToolInputSchema = z.strictObject({
  operation: z.enum(lspOperations).describe('What to look up; see the tool description.'),
  filePath: z.string().min(1).describe('The file holding the cursor: relative to the workspace root, or absolute.'),
  line: z.int().min(1).describe('1-based line of the cursor.'),
  character: z
    .int()
    .min(1)
    .describe(
      '1-based column of the cursor in Unicode code points of the line (an emoji or a CJK character counts 1); ' +
        'at most one past the last character.',
    ),
})

/** A valid input of the `lsp` tool (see {@link lspToolInputSchema}). */
export type LspToolInput = z.infer<typeof lspToolInputSchema>

type Field = keyof LspToolInput

const fields = Object.keys(lspToolInputSchema.shape) as Field[]

/** What each field must be, in the words of the error messages. */
const expected: Record<Field, string> = {
  operation: `one of ${lspOperations.join(', ')}`,
  filePath: 'a non-empty string',
  line: 'an integer >= 1',
  character: 'an integer >= 1',
}

/**
 * Validate untrusted input (a model's tool call).
 * @returns the input, typed.
 * @throws LspToolError `LSP_INVALID_INPUT`, one line naming every bad field, e.g.
 *   `line must be an integer >= 1 (got 0)`, `filePath is missing (expected a non-empty string)`,
 *   `unknown property "symbol" (expected only operation, filePath, line, character)`.
 */
export function parseLspToolInput(input: unknown): LspToolInput {
  const parsed = lspToolInputSchema.safeParse(input)
  if (parsed.success) return parsed.data
  // Messages are ours, built from the field and the value, so they do not drift with zod's wording.
  const problems = new Set<string>()
  for (const issue of parsed.error.issues) {
    const field = issue.path[0]
    if (issue.code === 'unrecognized_keys') {
      const keys = issue.keys.map((key) => JSON.stringify(key)).join(', ')
      problems.add(`unknown ${issue.keys.length === 1 ? 'property' : 'properties'} ${keys} (expected only ${fields.join(', ')})`)
    } else if (typeof field === 'string' && field in expected) {
      const value = (input as Record<string, unknown>)[field]
      const what = expected[field as Field]
      problems.add(value === undefined ? `${field} is missing (expected ${what})` : `${field} must be ${what} (got ${show(value)})`)
    } else {
      problems.add(`input must be an object with ${fields.join(', ')} (got ${show(input)})`)
    }
  }
  throw new LspToolError('LSP_INVALID_INPUT', [...problems].join('; '), { cause: parsed.error })
}

const maxShown = 40

/** A short, one-line rendering of a bad value for an error message. */
function show(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'bigint') return String(value)
  let text: string
  try {
    text = JSON.stringify(value) ?? typeof value
  } catch {
    text = typeof value
  }
  return text.length > maxShown ? `${text.slice(0, maxShown)}…` : text
}
