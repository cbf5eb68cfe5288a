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
 * - `workspaceSymbol`: `query`, optional `filePath` (that file's language server only);
 * - `rename`: a cursor or `symbol`, and `newName`; `codeActions`: a cursor (`filePath`, `line`,
 *   `character`), optional `only` and `action`; `format`: `filePath`, optional `tabSize` and
 *   `insertSpaces`. These three preview a diff, and write it only with `apply: true`.
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
  newName: z.string().min(1).describe('rename only: the new name of the symbol.').optional(),
  // A number given as a JSON number is taken too; the schema says string (no unions for harnesses).
  action: z
    .preprocess((value) => (typeof value === 'number' ? String(value) : value), z.string().min(1))
    .describe('codeActions only: which listed action to preview or apply: its number in the list ("2") or its exact title.')
    .optional(),
  only: z
    .string()
    .min(1)
    .describe('codeActions only: list only this kind of action and its sub-kinds (quickfix, refactor, source.organizeImports).')
    .optional(),
  apply: z
    .boolean()
    .describe(
      'rename, format, and codeActions with action: true writes the edit (after the preview, nothing else changed); ' +
        'default false answers a diff preview and changes nothing.',
    )
    .optional(),
  endLine: z
    .int()
    .min(1)
    .describe('codeActions: with endCharacter, the end of the selected range (refactor.extract needs one); format: the last line of the range to format (from line).')
    .optional(),
  endCharacter: z.int().min(1).describe('codeActions: 1-based column (code points) where the selected range ends.').optional(),
  tabSize: z.int().min(1).describe('format only: spaces per indentation level (default 4).').optional(),
  insertSpaces: z.boolean().describe('format only: indent with spaces (default true) or tabs (false).').optional(),
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

/** A validated input, by what its operation takes. `page` defaults to 1, `apply` to `false`. */
export type ToolRequest =
  | { readonly shape: 'rename'; readonly operation: 'rename'; readonly target: CursorTarget; readonly newName: string; readonly apply: boolean }
  | {
      readonly shape: 'codeActions'
      readonly operation: 'codeActions'
      readonly target: Extract<CursorTarget, { kind: 'position' }>
      /** A kind to list only (with its sub-kinds). */
      readonly only?: string
      /** The chosen action: 1-based number or exact title. Absent: list them. */
      readonly action?: number | string
      /** The end of the selection (1-based line, code-point column); absent: the cursor alone. */
      readonly end?: { readonly line: number; readonly character: number }
      readonly apply: boolean
    }
  | {
      readonly shape: 'format'
      readonly operation: 'format'
      readonly filePath: string
      /** 1-based first and last line to format; absent: the whole file. */
      readonly lines?: { readonly start: number; readonly end: number }
      readonly tabSize: number
      readonly insertSpaces: boolean
      readonly apply: boolean
    }
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
  newName: 'a non-empty string',
  action: 'the number or title of a listed action',
  only: 'a non-empty code action kind',
  apply: 'a boolean',
  tabSize: 'an integer >= 1',
  insertSpaces: 'a boolean',
  endLine: 'an integer >= 1',
  endCharacter: 'an integer >= 1',
}

/** The fields each edit operation takes besides its target; no other operation takes them. */
const editFields: Record<'rename' | 'codeActions' | 'format', readonly Field[]> = {
  rename: ['newName', 'apply'],
  codeActions: ['action', 'only', 'apply', 'endLine', 'endCharacter'],
  format: ['apply', 'tabSize', 'insertSpaces', 'endLine'],
}

/** Default formatting options when the input gives none. */
const DEFAULT_TAB_SIZE = 4

/** The operations whose answer is a list, so `page` applies (the tool's input and the command's `--page`). */
export const pagedOperations: ReadonlySet<LspOperation> = new Set<LspOperation>([
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

/** The operations whose rows are in many files, so `fileFilter` applies (and the command's `--filter`). */
export const filteredOperations: ReadonlySet<LspOperation> = new Set<LspOperation>([
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
  if (input.page !== undefined && !pagedOperations.has(operation)) problems.push(`${operation} takes no page (its answer is not a list)`)
  if (input.fileFilter !== undefined && !filteredOperations.has(operation)) {
    problems.push(`fileFilter does not apply to ${operation} (only to ${[...filteredOperations].join(', ')})`)
  }
  const shape = lspRequestShapes[operation]
  const own = shape === 'rename' || shape === 'codeActions' || shape === 'format' ? editFields[shape] : []
  const foreign = (Object.keys(editFields) as (keyof typeof editFields)[])
    .flatMap((edit) => editFields[edit])
    .filter((field, index, all) => all.indexOf(field) === index && !own.includes(field) && input[field] !== undefined)
  if (foreign.length > 0) {
    const owners = foreign.map((field) => `${field} (${Object.entries(editFields).filter(([, fs]) => fs.includes(field)).map(([op]) => op).join(', ')})`)
    problems.push(`${operation} takes no ${listed(owners)}`)
  }
  switch (shape) {
    case 'rename':
    case 'codeActions': {
      if (input.query !== undefined) problems.push('query is for workspaceSymbol only')
      if (shape === 'rename' && input.newName === undefined) problems.unshift('rename needs newName (the new name of the symbol)')
      if (shape === 'codeActions' && input.symbol !== undefined) problems.push('codeActions takes filePath, line and character, not symbol')
      let target: CursorTarget | undefined
      if (input.symbol !== undefined && shape === 'rename') {
        if (input.character !== undefined) problems.push('character does not go with symbol (symbol finds the position; line is an optional hint)')
        target = {
          kind: 'symbol',
          symbol: input.symbol,
          ...(input.filePath === undefined ? {} : { filePath: input.filePath }),
          ...(input.line === undefined ? {} : { line: input.line }),
        }
      } else {
        const missing = (['filePath', 'line', 'character'] as const).filter((field) => input[field] === undefined)
        if (missing.length > 0) {
          const needs = `${operation} needs filePath, line and character${shape === 'rename' ? ', or symbol (a name like Cart.addItem)' : ''}`
          problems.unshift(missing.length === 3 ? needs : `${needs}; ${listed(missing)} ${missing.length === 1 ? 'is' : 'are'} missing`)
        } else {
          target = { kind: 'position', filePath: input.filePath!, line: input.line!, character: input.character! }
        }
      }
      if (target === undefined) return { problems }
      const apply = input.apply ?? false
      if (shape === 'rename') {
        if (input.newName === undefined) return { problems }
        return { request: { shape, operation: 'rename', target, newName: input.newName, apply }, problems }
      }
      if (apply && input.action === undefined) problems.push('apply needs action (the number or title of the action to apply; list them first)')
      if ((input.endLine === undefined) !== (input.endCharacter === undefined)) problems.push('endLine and endCharacter go together (the end of the selection)')
      const end = input.endLine !== undefined && input.endCharacter !== undefined ? { end: { line: input.endLine, character: input.endCharacter } } : {}
      return {
        request: {
          shape,
          operation: 'codeActions',
          target: target as Extract<CursorTarget, { kind: 'position' }>,
          ...(input.only === undefined ? {} : { only: input.only }),
          ...end,
          ...(input.action === undefined ? {} : { action: /^[1-9]\d*$/.test(input.action) ? Number(input.action) : input.action }),
          apply,
        },
        problems,
      }
    }
    case 'format': {
      const extra = present.filter((field) => field !== 'filePath' && field !== 'line' && !own.includes(field) && !foreign.includes(field))
      if (input.filePath === undefined) problems.unshift('format needs filePath (the file to format)')
      if (extra.length > 0) problems.push(`format takes filePath, and optionally line and endLine, tabSize, insertSpaces and apply (remove ${listed(extra)})`)
      if ((input.line === undefined) !== (input.endLine === undefined)) problems.push('format takes line and endLine together (the lines to format), or neither (the whole file)')
      else if (input.line !== undefined && input.endLine !== undefined && input.endLine < input.line) problems.push(`endLine must not be before line (got ${input.line} to ${input.endLine})`)
      if (input.filePath === undefined) return { problems }
      return {
        request: {
          shape,
          operation: 'format',
          filePath: input.filePath,
          ...(input.line !== undefined && input.endLine !== undefined ? { lines: { start: input.line, end: input.endLine } } : {}),
          tabSize: input.tabSize ?? DEFAULT_TAB_SIZE,
          insertSpaces: input.insertSpaces ?? true,
          apply: input.apply ?? false,
        },
        problems,
      }
    }
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
      const extra = present.filter((field) => field !== 'filePath' && field !== 'page' && field !== 'fileFilter' && !foreign.includes(field))
      if (input.filePath === undefined) {
        problems.unshift(`${operation} needs filePath (the file to ${operation === 'documentSymbol' ? 'outline' : 'check'})`)
      }
      if (extra.length > 0) problems.push(`${operation} takes only filePath and page (remove ${listed(extra)})`)
      if (input.filePath === undefined) return { problems }
      return { request: { shape, operation: operation as LspFileOperation, filePath: input.filePath, page }, problems }
    }
    case 'workspace': {
      const extra = present.filter((field) => !['query', 'filePath', 'page', 'fileFilter'].includes(field) && !foreign.includes(field))
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
