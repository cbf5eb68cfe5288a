import {
  lspOperations,
  lspRequestShapes,
  type LspCursorOperation,
  type LspFileOperation,
  type LspOperation,
  type LspWorkspaceOperation,
} from '@agent-lsp/lsp'
import { z } from 'zod'
import { LspToolError } from './errors.js'

/**
 * The `lsp` tool's input, as a zod 4 schema: one flat object (models fill flat objects best),
 * `operation` required, every other field optional, no other property. Which fields each
 * operation takes is checked by {@link parseToolRequest} (see the tool description):
 * - cursor operations: `filePath`, `line`, `character`; or `symbol` (with optional `filePath` to
 *   resolve it in that file, and optional `line` to pick among matches);
 * - `documentSymbol`, `diagnostics`: `filePath`;
 * - `workspaceSymbol`: `query`, optional `filePath` (that file's language server only).
 * `page` and `fileFilter` shape list answers. `line` and `character` are 1-based; `character`
 * counts Unicode code points of the line (see the design doc, "The tool"). Its JSON Schema form is
 * {@link lspToolInputJsonSchema}; `execute()` validates with {@link parseLspToolInput}.
 */
export const lspToolInputSchema = z.strictObject({
  operation: z.enum(lspOperations).describe('What to look up; see the tool description for the fields each operation takes.'),
  filePath: z
    .string()
    .min(1)
    .describe(
      'The file of the cursor, the file to outline or check (documentSymbol, diagnostics), or the file whose symbols ' +
        'resolve symbol. Relative to the workspace root, or absolute.',
    )
    .optional(),
  line: z
    .int()
    .min(1)
    .describe('1-based line of the cursor. With symbol: a hint that picks the match on (or nearest to) this line.')
    .optional(),
  character: z
    .int()
    .min(1)
    .describe(
      '1-based column of the cursor in Unicode code points of the line (an emoji or a CJK character counts 1); ' +
        'at most one past the last character. Not used with symbol.',
    )
    .optional(),
  symbol: z
    .string()
    .min(1)
    .describe(
      'Instead of line and character, for cursor operations: a symbol name or name path (addItem, Cart.addItem, ' +
        'Outer.Inner.method), looked up in filePath when given, else in the whole workspace.',
    )
    .optional(),
  query: z.string().describe('workspaceSymbol only: the name, or the start of it, to search for.').optional(),
  page: z.int().min(1).describe('1-based page of a long list answer (default 1); the answer says how many pages there are.').optional(),
  fileFilter: z
    .string()
    .min(1)
    .describe(
      'Keep only rows in this file or under this folder (relative to the workspace root): for the location ' +
        'operations, incomingCalls, outgoingCalls and workspaceSymbol.',
    )
    .optional(),
})

/** A valid input of the `lsp` tool (see {@link lspToolInputSchema}). */
export type LspToolInput = z.infer<typeof lspToolInputSchema>

/** Where a cursor operation runs: at a position, or at a symbol found by name. */
export type CursorTarget =
  | { readonly kind: 'position'; readonly filePath: string; readonly line: number; readonly character: number }
  | {
      readonly kind: 'symbol'
      readonly symbol: string
      /** Resolve within this file's document symbols; absent: the workspace's symbols. */
      readonly filePath?: string
      /** 1-based line hint. */
      readonly line?: number
    }

/** A validated input, by what its operation takes. `page` defaults to 1. */
export type ToolRequest =
  | {
      readonly shape: 'cursor'
      readonly operation: LspCursorOperation
      readonly target: CursorTarget
      readonly page: number
      readonly fileFilter?: string
    }
  | { readonly shape: 'file'; readonly operation: LspFileOperation; readonly filePath: string; readonly page: number }
  | {
      readonly shape: 'workspace'
      readonly operation: LspWorkspaceOperation
      readonly query: string
      readonly filePath?: string
      readonly page: number
      readonly fileFilter?: string
    }

type Field = keyof LspToolInput

const fields = Object.keys(lspToolInputSchema.shape) as Field[]

/** What each field must be, in the words of the error messages. */
const expected: Record<Field, string> = {
  operation: `one of ${lspOperations.join(', ')}`,
  filePath: 'a non-empty string',
  line: 'an integer >= 1',
  character: 'an integer >= 1',
  symbol: 'a non-empty string',
  query: 'a string',
  page: 'an integer >= 1',
  fileFilter: 'a non-empty string',
}

/** The operations whose answer is a list, so `page` applies. */
const paged: ReadonlySet<LspOperation> = new Set<LspOperation>([
  'goToDefinition',
  'goToTypeDefinition',
  'findReferences',
  'goToImplementation',
  'incomingCalls',
  'outgoingCalls',
  'documentSymbol',
  'workspaceSymbol',
  'diagnostics',
])

/** The operations whose rows are in many files, so `fileFilter` applies. */
const filtered: ReadonlySet<LspOperation> = new Set<LspOperation>([
  'goToDefinition',
  'goToTypeDefinition',
  'findReferences',
  'goToImplementation',
  'incomingCalls',
  'outgoingCalls',
  'workspaceSymbol',
])

/**
 * Validate untrusted input (a model's tool call): the schema, then the fields the operation takes.
 * @returns the input, typed.
 * @throws LspToolError `LSP_INVALID_INPUT`, one line naming every bad field, e.g.
 *   `line must be an integer >= 1 (got 0)`, `documentSymbol needs filePath (the file to outline)`,
 *   `unknown property "path" (expected only operation, filePath, …)`; strings longer than
 *   {@link MAX_PATH_LENGTH} (paths) or {@link MAX_NAME_LENGTH} (`symbol`, `query`), holding a NUL
 *   or an unpaired surrogate, a blank `query`, a `symbol` with an empty segment (`Cart..addItem`).
 */
export function parseLspToolInput(input: unknown): LspToolInput {
  parseToolRequest(input)
  return lspToolInputSchema.parse(input)
}

/**
 * Validate untrusted input (see {@link parseLspToolInput}) and sort it by what its operation takes.
 * @throws LspToolError `LSP_INVALID_INPUT`.
 */
export function parseToolRequest(input: unknown): ToolRequest {
  const parsed = lspToolInputSchema.safeParse(input)
  if (!parsed.success) {
    throw new LspToolError('LSP_INVALID_INPUT', schemaProblems(input, parsed.error.issues).join('; '), { cause: parsed.error })
  }
  const value = parsed.data
  const textual = textProblems(value)
  if (textual.length > 0) throw new LspToolError('LSP_INVALID_INPUT', textual.join('; '))
  const { request, problems } = toRequest(value)
  if (problems.length > 0 || request === undefined) throw new LspToolError('LSP_INVALID_INPUT', problems.join('; '))
  return request
}

// Messages are ours, built from the field and the value, so they do not drift with zod's wording.
function schemaProblems(input: unknown, issues: readonly z.core.$ZodIssue[]): string[] {
  const problems = new Set<string>()
  for (const issue of issues) {
    const field = issue.path[0]
    if (issue.code === 'unrecognized_keys') {
      const { keys } = issue
      const named = keys.slice(0, MAX_KEYS_SHOWN).map(show).join(', ')
      const more = keys.length > MAX_KEYS_SHOWN ? ` and ${keys.length - MAX_KEYS_SHOWN} more` : ''
      problems.add(`unknown ${keys.length === 1 ? 'property' : 'properties'} ${named}${more} (expected only ${fields.join(', ')})`)
    } else if (typeof field === 'string' && field in expected) {
      const value = (input as Record<string, unknown>)[field]
      const what = expected[field as Field]
      if (value === undefined) problems.add(`${field} is missing (expected ${what})`)
      // z.int() refuses integers past 2^53 as too big: ">= 1" would not say what is wrong with them.
      else if (issue.code === 'too_big' && typeof value === 'number') problems.add(`${field} must be at most ${issue.maximum} (got ${show(value)})`)
      else problems.add(`${field} must be ${what} (got ${show(value)})${field === 'operation' ? operationHint(value) : ''}`)
    } else {
      problems.add(`input must be an object with operation and the fields it takes (got ${show(input)})`)
    }
  }
  return [...problems]
}

/** `; did you mean findReferences?` for an operation named in the wrong case, else nothing. */
function operationHint(value: unknown): string {
  if (typeof value !== 'string') return ''
  const match = lspOperations.find((operation) => operation.toLowerCase() === value.toLowerCase())
  return match === undefined ? '' : `; did you mean ${match}?`
}

/** Longest `filePath` or `fileFilter`, in UTF-16 code units: Linux's PATH_MAX (4096 bytes). */
export const MAX_PATH_LENGTH = 4096

/**
 * Longest `symbol` or `query`, in UTF-16 code units. A workspace symbol search costs the server
 * time in proportion to the query's length times the symbols it holds (tsserver: 1.5 s for 1000
 * characters over 300,000 symbols, and a 1 MB query kept it busy past every later query's deadline),
 * while no real name path comes near this.
 */
export const MAX_NAME_LENGTH = 1000

const stringFields = ['filePath', 'symbol', 'query', 'fileFilter'] as const

// A character no file name or symbol holds: NUL (no path may contain it; `fs` throws on it).
const nul = /\0/
// An unpaired UTF-16 surrogate: not text, and a path holding one names another file once encoded
// as UTF-8 (Node writes U+FFFD for it).
const loneSurrogate = /\p{Cs}/u
// `.`, `#` or `::` next to another separator or at either end, once a trailing `()` is dropped:
// an empty segment. `#` may start a segment (a private name: `#count`, `Cart.#count`).
const emptySegment = /^(?:\.|::)|(?:\.|::)(?:\.|::|$)|#(?:\.|::|#|$)/

/**
 * What is wrong with the strings of a schema-valid input, each problem in words: too long, holding
 * a NUL or an unpaired surrogate, a `query` of nothing but spaces, a `symbol` with no name in it
 * (`..`, `()`) or with an empty segment (`Cart..addItem`, `Cart.`).
 */
function textProblems(input: LspToolInput): string[] {
  const problems: string[] = []
  for (const field of stringFields) {
    const value = input[field]
    if (value === undefined) continue
    const max = field === 'filePath' || field === 'fileFilter' ? MAX_PATH_LENGTH : MAX_NAME_LENGTH
    if (value.length > max) {
      problems.push(`${field} must be at most ${max} characters long (got ${value.length})`)
    } else if (nul.test(value)) {
      problems.push(`${field} must not contain a NUL character (got ${show(value)})`)
    } else if (loneSurrogate.test(value)) {
      problems.push(`${field} holds an unpaired UTF-16 surrogate, which is not text (got ${show(value)})`)
    } else if (field === 'query' && value.trim() === '') {
      problems.push(`query must be a symbol name, or the start of one (got ${show(value)})`)
    } else if (field === 'symbol') {
      const name = value.replace(/\s+/g, '').replace(/\(\)$/, '')
      if (name.replace(/::|[.#]/g, '') === '') {
        problems.push(`symbol must be a name or name path like Cart.addItem (got ${show(value)})`)
      } else if (emptySegment.test(name)) {
        problems.push(`symbol ${show(value)} has an empty segment; join names with single dots, like Cart.addItem`)
      }
    }
  }
  return problems
}

/** The fields given besides `operation`, in schema order. */
function given(input: LspToolInput): Field[] {
  return fields.filter((field) => field !== 'operation' && input[field] !== undefined)
}

function toRequest(input: LspToolInput): { request?: ToolRequest; problems: string[] } {
  const { operation } = input
  const problems: string[] = []
  const present = given(input)
  const page = input.page ?? 1
  if (input.page !== undefined && !paged.has(operation)) problems.push(`${operation} takes no page (its answer is not a list)`)
  if (input.fileFilter !== undefined && !filtered.has(operation)) {
    problems.push(`fileFilter does not apply to ${operation} (only to ${[...filtered].join(', ')})`)
  }
  const shape = lspRequestShapes[operation]
  switch (shape) {
    case 'cursor': {
      const cursorOperation = operation as LspCursorOperation
      if (input.query !== undefined) problems.push('query is for workspaceSymbol only')
      const fileFilter = input.fileFilter === undefined ? {} : { fileFilter: input.fileFilter }
      if (input.symbol !== undefined) {
        if (input.character !== undefined) {
          problems.push('character does not go with symbol (symbol finds the position; line is an optional hint)')
        }
        const target: CursorTarget = {
          kind: 'symbol',
          symbol: input.symbol,
          ...(input.filePath === undefined ? {} : { filePath: input.filePath }),
          ...(input.line === undefined ? {} : { line: input.line }),
        }
        return { request: { shape, operation: cursorOperation, target, page, ...fileFilter }, problems }
      }
      const missing = (['filePath', 'line', 'character'] as const).filter((field) => input[field] === undefined)
      if (missing.length > 0) {
        const needs = `${operation} needs filePath, line and character, or symbol (a name like Cart.addItem)`
        problems.unshift(missing.length === 3 ? needs : `${needs}; ${listed(missing)} ${missing.length === 1 ? 'is' : 'are'} missing`)
        return { problems }
      }
      const target: CursorTarget = { kind: 'position', filePath: input.filePath!, line: input.line!, character: input.character! }
      return { request: { shape, operation: cursorOperation, target, page, ...fileFilter }, problems }
    }
    case 'file': {
      const extra = present.filter((field) => field !== 'filePath' && field !== 'page' && field !== 'fileFilter')
      if (input.filePath === undefined) {
        problems.unshift(`${operation} needs filePath (the file to ${operation === 'documentSymbol' ? 'outline' : 'check'})`)
      }
      if (extra.length > 0) problems.push(`${operation} takes only filePath and page (remove ${listed(extra)})`)
      if (input.filePath === undefined) return { problems }
      return { request: { shape, operation: operation as LspFileOperation, filePath: input.filePath, page }, problems }
    }
    case 'workspace': {
      const extra = present.filter((field) => !['query', 'filePath', 'page', 'fileFilter'].includes(field))
      if (input.query === undefined) problems.unshift(`${operation} needs query (a symbol name, or the start of one)`)
      if (extra.length > 0) {
        problems.push(`${operation} takes query, and optionally filePath, fileFilter and page (remove ${listed(extra)})`)
      }
      if (input.query === undefined) return { problems }
      return {
        request: {
          shape,
          operation: operation as LspWorkspaceOperation,
          query: input.query,
          ...(input.filePath === undefined ? {} : { filePath: input.filePath }),
          page,
          ...(input.fileFilter === undefined ? {} : { fileFilter: input.fileFilter }),
        },
        problems,
      }
    }
    default:
      return assertShape(shape)
  }
}

function assertShape(shape: never): never {
  throw new Error(`unexpected request shape ${JSON.stringify(shape)}`)
}

/** `a`, `a and b`, `a, b and c`. */
function listed(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}

const maxShown = 40

/** Unknown properties named in a message; the rest are counted. */
const MAX_KEYS_SHOWN = 5

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
