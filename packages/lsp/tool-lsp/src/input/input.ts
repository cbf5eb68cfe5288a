import {
  lspRequestShapes,
  type LspCursorOperation,
  type LspFileOperation,
  type LspWorkspaceOperation,
} from '@agent-lsp/lsp'
import { LspToolError } from '../errors.js'
import { fields, lspToolInputSchema, type Field, type LspToolInput } from './input-schema.js'
import { listed, schemaProblems, textProblems } from './input-problems.js'
import { filteredOperations, impactOperation, isOwnOperation, isSymbolOperation, pagedOperations, type CursorTarget, type SymbolOperation, type ToolRequest } from './tool-request.js'
import { parseDiffSpec } from './diff-spec.js'
import { rangeEditRequest } from './range-request.js'

/** The fields each edit operation takes besides its target; no other operation takes them. */
const editFields: Record<'rename' | 'codeActions' | 'format' | 'moveFile' | 'edit' | Exclude<SymbolOperation, 'symbolSource'>, readonly Field[]> = {
  rename: ['newName', 'apply', 'force'],
  codeActions: ['action', 'only', 'apply', 'endLine', 'endCharacter'],
  format: ['apply', 'tabSize', 'insertSpaces', 'endLine'],
  replaceSymbol: ['text', 'apply'],
  insertBefore: ['text', 'apply'],
  insertAfter: ['text', 'apply'],
  edit: ['text', 'apply', 'endLine', 'endCharacter'],
  moveFile: ['newPath', 'apply', 'force'],
}

/** Levels of users `impact` follows when the input gives no depth. */
const DEFAULT_IMPACT_DEPTH = 2

/** Deepest `impact` goes: each level asks every symbol found at the one before. */
/** The deepest `impact` follows callers (`depth`); past it the answer grows past what a model reads. */
export const MAX_IMPACT_DEPTH = 5

/** Default formatting options when the input gives none. */
const DEFAULT_TAB_SIZE = 4

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

/** The fields given besides `operation`, in schema order. */
function given(input: LspToolInput): Field[] {
  return fields.filter((field) => field !== 'operation' && input[field] !== undefined)
}

function toRequest(input: LspToolInput): { request?: ToolRequest; problems: string[] } {
  const { operation } = input
  const problems: string[] = []
  const present = given(input)
  const page = input.page ?? 1
  if (operation === impactOperation) return impactRequest(input, present, page, problems)
  const impactOnly = (['diff', 'depth'] as const).filter((field) => input[field] !== undefined)
  if (impactOnly.length > 0) problems.push(`${listed(impactOnly)} ${impactOnly.length === 1 ? 'is' : 'are'} for impact only`)
  if (input.page !== undefined && (isOwnOperation(operation) || !pagedOperations.has(operation))) problems.push(`${operation} takes no page (its answer is not a list)`)
  if (input.fileFilter !== undefined && (isOwnOperation(operation) || !filteredOperations.has(operation))) {
    problems.push(`fileFilter does not apply to ${operation} (only to ${[...filteredOperations].join(', ')})`)
  }
  const own: readonly Field[] = operation in editFields ? editFields[operation as keyof typeof editFields] : []
  const foreign = (Object.keys(editFields) as (keyof typeof editFields)[])
    .flatMap((edit) => editFields[edit])
    .filter((field, index, all) => all.indexOf(field) === index && !own.includes(field) && input[field] !== undefined)
  if (foreign.length > 0) {
    const owners = foreign.map((field) => `${field} (${Object.entries(editFields).filter(([, fs]) => fs.includes(field)).map(([op]) => op).join(', ')})`)
    problems.push(`${operation} takes no ${listed(owners)}`)
  }
  if (operation === 'edit') return rangeEditRequest(input, present.filter((field) => field !== 'page' && field !== 'fileFilter' && !foreign.includes(field)), problems)
  if (operation === 'moveFile') return moveRequest(input, present.filter((field) => !foreign.includes(field)), problems)
  if (isSymbolOperation(operation)) return symbolRequest(operation, input, present.filter((field) => field !== 'page' && field !== 'fileFilter' && !foreign.includes(field)), problems)
  const shape = lspRequestShapes[operation]
  switch (shape) {
    case 'rename':
    case 'codeActions': {
      if (input.query !== undefined) problems.push('query is for workspaceSymbol only')
      if (shape === 'rename' && input.newName === undefined) problems.unshift('rename needs newName (the new name of the symbol)')
      if (shape === 'codeActions' && input.symbol !== undefined) problems.push('codeActions takes filePath, line and character, not symbol')
      let target: CursorTarget | undefined
      if (shape === 'rename') target = cursorTarget(operation, input, problems)
      else {
        const missing = (['filePath', 'line', 'character'] as const).filter((field) => input[field] === undefined)
        if (missing.length > 0) {
          const needs = `${operation} needs filePath, line and character`
          problems.unshift(missing.length === 3 ? needs : `${needs}; ${listed(missing)} ${missing.length === 1 ? 'is' : 'are'} missing`)
        } else {
          target = { kind: 'position', filePath: input.filePath!, line: input.line!, character: input.character! }
        }
      }
      if (target === undefined) return { problems }
      const apply = input.apply ?? false
      if (shape === 'rename') {
        if (input.force !== undefined && !apply) problems.push('force goes with apply: true (it writes a rename the check refused)')
        if (input.newName === undefined) return { problems }
        return { request: { shape, operation: 'rename', target, newName: input.newName, apply, force: input.force ?? false }, problems }
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
      const target = cursorTarget(operation, input, problems)
      if (target === undefined) return { problems }
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
    case 'workspaceDiagnostics': {
      const extra = present.filter((field) => !['filePath', 'page', 'fileFilter'].includes(field) && !foreign.includes(field))
      if (extra.length > 0) problems.push(`${operation} takes only filePath (its language server only), fileFilter and page (remove ${listed(extra)})`)
      return {
        request: {
          shape,
          operation: 'workspaceDiagnostics',
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

/** impact: optionally diff (staged, REV..REV), depth and page; nothing else. */
function impactRequest(input: LspToolInput, present: readonly Field[], page: number, problems: string[]): { request?: ToolRequest; problems: string[] } {
  const extra = present.filter((field) => !['diff', 'depth', 'page'].includes(field))
  if (extra.length > 0) problems.push(`impact takes only diff, depth and page (remove ${listed(extra)})`)
  if (input.depth !== undefined && input.depth > MAX_IMPACT_DEPTH) problems.push(`depth must be at most ${MAX_IMPACT_DEPTH} (got ${input.depth})`)
  const spec = parseDiffSpec(input.diff)
  return { request: { shape: 'impact', operation: impactOperation, spec, depth: input.depth ?? DEFAULT_IMPACT_DEPTH, page }, problems }
}

/** moveFile: filePath and newPath, and apply (with force). */
function moveRequest(input: LspToolInput, present: readonly Field[], problems: string[]): { request?: ToolRequest; problems: string[] } {
  const extra = present.filter((field) => !['filePath', 'newPath', 'apply', 'force'].includes(field))
  const missing = (['filePath', 'newPath'] as const).filter((field) => input[field] === undefined)
  if (missing.length > 0) problems.unshift(`moveFile needs filePath (the file to move) and newPath (where it goes); ${listed(missing)} ${missing.length === 1 ? 'is' : 'are'} missing`)
  if (extra.length > 0) problems.push(`moveFile takes filePath, newPath, apply and force (remove ${listed(extra)})`)
  if (input.force !== undefined && input.apply !== true) problems.push('force goes with apply: true (it writes a move the check refused)')
  if (input.filePath === undefined || input.newPath === undefined) return { problems }
  return { request: { shape: 'moveFile', operation: 'moveFile', filePath: input.filePath, newPath: input.newPath, apply: input.apply ?? false, force: input.force ?? false }, problems }
}

/** symbolSource, replaceSymbol, insertBefore, insertAfter: a cursor or symbol, text for the edits. */
function symbolRequest(operation: SymbolOperation, input: LspToolInput, present: readonly Field[], problems: string[]): { request?: ToolRequest; problems: string[] } {
  const target = cursorTarget(operation, input, problems)
  const extra = present.filter((field) => !['filePath', 'line', 'character', 'symbol', 'text', 'apply'].includes(field))
  if (extra.length > 0) problems.push(`${operation} takes a cursor or symbol${operation === 'symbolSource' ? '' : ', text and apply'} (remove ${listed(extra)})`)
  if (operation !== 'symbolSource' && input.text === undefined) problems.unshift(`${operation} needs text (the code to write)`)
  // An empty declaration, or an empty line above or below it, is never what was meant; edit deletes.
  if (operation !== 'symbolSource' && input.text === '') problems.push(`${operation} needs a non-empty text (the code to write); to delete code, edit its range with text ""`)
  if (target === undefined) return { problems }
  const text = input.text === undefined ? {} : { text: input.text }
  return { request: { shape: 'symbol', operation, target, ...text, apply: input.apply ?? false }, problems }
}

/** A cursor (filePath, line, character) or a symbol (with optional filePath and line hint); problems when neither is whole. */
function cursorTarget(operation: string, input: LspToolInput, problems: string[]): CursorTarget | undefined {
  if (input.symbol !== undefined) {
    if (input.character !== undefined) problems.push('character does not go with symbol (symbol finds the position; line is an optional hint)')
    return { kind: 'symbol', symbol: input.symbol, ...(input.filePath === undefined ? {} : { filePath: input.filePath }), ...(input.line === undefined ? {} : { line: input.line }) }
  }
  const missing = (['filePath', 'line', 'character'] as const).filter((field) => input[field] === undefined)
  if (missing.length === 0) return { kind: 'position', filePath: input.filePath!, line: input.line!, character: input.character! }
  const needs = `${operation} needs filePath, line and character, or symbol (a name like Cart.addItem)`
  problems.unshift(missing.length === 3 ? needs : `${needs}; ${listed(missing)} ${missing.length === 1 ? 'is' : 'are'} missing`)
  return undefined
}

function assertShape(shape: never): never {
  throw new Error(`unexpected request shape ${JSON.stringify(shape)}`)
}
