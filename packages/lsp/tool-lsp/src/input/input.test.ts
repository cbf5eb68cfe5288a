import { describe, expect, it } from 'vitest'
import { LspToolError } from '../errors.js'
import { parseLspToolInput, parseToolRequest } from './input.js'
import { lspToolInputJsonSchema } from './input-json-schema.js'

const valid = { operation: 'hover', filePath: 'src/x.ts', line: 3, character: 5 }
const allFields = 'operation, filePath, line, character, symbol, query, page, fileFilter, newName, newPath, action, only, text, apply, force, endLine, endCharacter, tabSize, insertSpaces, diff, depth'

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
  it('is one flat, closed draft 2020-12 object: one query\'s fields, or queries; none required', () => {
    expect(lspToolInputJsonSchema.$schema).toBe('https://json-schema.org/draft/2020-12/schema')
    expect(lspToolInputJsonSchema.type).toBe('object')
    expect(lspToolInputJsonSchema.required).toEqual([])
    expect(lspToolInputJsonSchema.additionalProperties).toBe(false)
    expect(Object.keys(lspToolInputJsonSchema.properties).join(', ')).toBe(`${allFields}, queries`)
    expect(lspToolInputJsonSchema.properties.queries).toEqual({
      type: 'array',
      minItems: 1,
      maxItems: 20,
      items: { type: 'object' },
      description:
        'Instead of one query: up to 20 queries, each an object of the fields above (operation required), ' +
        'answered in order under one header each; a query that fails shows its error, the others still answer.',
    })
    expect(lspToolInputJsonSchema.properties.operation).toEqual({
      type: 'string',
      enum: [
        'goToDefinition',
        'goToTypeDefinition',
        'findReferences',
        'goToImplementation',
        'hover',
        'signatureHelp',
        'incomingCalls',
        'outgoingCalls',
        'documentSymbol',
        'workspaceSymbol',
        'diagnostics',
        'completion',
        'rename',
        'codeActions',
        'format',
        'prepareCallHierarchy',
        'supertypes',
        'subtypes',
        'workspaceDiagnostics',
        'symbolSource',
        'replaceSymbol',
        'insertBefore',
        'insertAfter',
        'edit',
        'moveFile',
        'impact',
      ],
      description: 'What to look up; see the tool description for the fields each operation takes.',
    })
    expect(lspToolInputJsonSchema.properties.line).toEqual({
      type: 'integer',
      minimum: 1,
      description: '1-based line of the cursor. With symbol: a hint that picks the match on (or nearest to) this line.',
    })
    expect(lspToolInputJsonSchema.properties.page).toMatchObject({ type: 'integer', minimum: 1 })
    expect(lspToolInputJsonSchema.properties.symbol).toMatchObject({ type: 'string', minLength: 1 })
    expect(lspToolInputJsonSchema.properties.query).toMatchObject({ type: 'string' })
    // Nothing nested, no unions: one object of plain fields, and queries a list of plain objects.
    for (const property of Object.values(lspToolInputJsonSchema.properties).filter((property) => property.type !== 'array')) {
      expect(Object.keys(property).filter((key) => !['type', 'enum', 'minimum', 'minLength', 'description'].includes(key))).toEqual([])
    }
  })
})

describe('parseLspToolInput', () => {
  it('returns valid input unchanged', () => {
    expect(parseLspToolInput(valid)).toEqual(valid)
    expect(parseLspToolInput({ operation: 'findReferences', symbol: 'Cart.addItem', page: 2 })).toEqual({
      operation: 'findReferences',
      symbol: 'Cart.addItem',
      page: 2,
    })
  })

  it('names the field and what is expected', () => {
    expect(messageOf({ ...valid, line: 0 })).toBe('line must be an integer >= 1 (got 0)')
    expect(messageOf({ ...valid, character: 1.5 })).toBe('character must be an integer >= 1 (got 1.5)')
    expect(messageOf({ ...valid, line: '3' })).toBe('line must be an integer >= 1 (got "3")')
    expect(messageOf({ ...valid, filePath: '' })).toBe('filePath must be a non-empty string (got "")')
    expect(messageOf({ ...valid, page: 0 })).toBe('page must be an integer >= 1 (got 0)')
    expect(messageOf({ operation: 'findReferences', symbol: '' })).toBe('symbol must be a non-empty string (got "")')
    expect(messageOf({ ...valid, operation: 'applyEdit' })).toBe(
      'operation must be one of goToDefinition, goToTypeDefinition, findReferences, goToImplementation, hover, ' +
        'signatureHelp, incomingCalls, outgoingCalls, documentSymbol, workspaceSymbol, diagnostics, completion, rename, ' +
        'codeActions, format, prepareCallHierarchy, supertypes, subtypes, workspaceDiagnostics, symbolSource, replaceSymbol, insertBefore, insertAfter, edit, moveFile, impact (got "applyEdit")',
    )
  })

  it('says what a cursor operation needs, and which part is missing', () => {
    expect(messageOf({ operation: 'hover' })).toBe('hover needs filePath, line and character, or symbol (a name like Cart.addItem)')
    const { filePath: _, ...withoutPath } = valid
    expect(messageOf(withoutPath)).toBe('hover needs filePath, line and character, or symbol (a name like Cart.addItem); filePath is missing')
    expect(messageOf({ operation: 'incomingCalls', filePath: 'a.ts' })).toBe(
      'incomingCalls needs filePath, line and character, or symbol (a name like Cart.addItem); line and character are missing',
    )
  })

  it('takes symbol with an optional filePath and line hint, never with character', () => {
    expect(parseToolRequest({ operation: 'goToDefinition', symbol: 'Cart.addItem', filePath: 'src/cart.ts', line: 12 })).toEqual({
      shape: 'cursor',
      operation: 'goToDefinition',
      target: { kind: 'symbol', symbol: 'Cart.addItem', filePath: 'src/cart.ts', line: 12 },
      page: 1,
    })
    expect(messageOf({ operation: 'goToDefinition', symbol: 'Cart', line: 1, character: 2 })).toBe(
      'character does not go with symbol (symbol finds the position; line is an optional hint)',
    )
    expect(messageOf({ operation: 'goToDefinition', symbol: 'Cart', query: 'Cart' })).toBe('query is for workspaceSymbol only')
  })

  it('says what file and workspace operations need and do not take', () => {
    expect(messageOf({ operation: 'documentSymbol' })).toBe('documentSymbol needs filePath (the file to outline)')
    expect(messageOf({ operation: 'diagnostics', line: 3 })).toBe('diagnostics needs filePath (the file to check); diagnostics takes only filePath and page (remove line)')
    expect(messageOf({ operation: 'documentSymbol', filePath: 'a.ts', symbol: 'A', character: 1 })).toBe(
      'documentSymbol takes only filePath and page (remove character and symbol)',
    )
    expect(messageOf({ operation: 'workspaceSymbol', symbol: 'Cart' })).toBe(
      'workspaceSymbol needs query (a symbol name, or the start of one); workspaceSymbol takes query, and optionally filePath, fileFilter and page (remove symbol)',
    )
    expect(parseToolRequest({ operation: 'workspaceSymbol', query: 'Cart', filePath: 'src/x.ts', fileFilter: 'src' })).toEqual({
      shape: 'workspace',
      operation: 'workspaceSymbol',
      query: 'Cart',
      filePath: 'src/x.ts',
      page: 1,
      fileFilter: 'src',
    })
    expect(parseToolRequest({ operation: 'diagnostics', filePath: 'src/x.ts', page: 3 })).toEqual({
      shape: 'file',
      operation: 'diagnostics',
      filePath: 'src/x.ts',
      page: 3,
    })
  })

  it('refuses page and fileFilter where the answer is no list of files', () => {
    expect(messageOf({ ...valid, page: 2 })).toBe('hover takes no page (its answer is not a list)')
    expect(messageOf({ ...valid, operation: 'signatureHelp', fileFilter: 'src' })).toBe(
      'fileFilter does not apply to signatureHelp (only to goToDefinition, goToTypeDefinition, findReferences, ' +
        'goToImplementation, incomingCalls, outgoingCalls, workspaceSymbol, workspaceDiagnostics)',
    )
    expect(messageOf({ operation: 'documentSymbol', filePath: 'a.ts', fileFilter: 'src' })).toBe(
      'fileFilter does not apply to documentSymbol (only to goToDefinition, goToTypeDefinition, findReferences, ' +
        'goToImplementation, incomingCalls, outgoingCalls, workspaceSymbol, workspaceDiagnostics)',
    )
  })

  it('rejects unknown properties by name', () => {
    expect(messageOf({ ...valid, path: 'x.ts' })).toBe(`unknown property "path" (expected only ${allFields})`)
  })

  it('reports every schema problem on one line', () => {
    expect(messageOf({ operation: 'hover', line: -2, character: 0, extra: 1, more: 2 })).toBe(
      'line must be an integer >= 1 (got -2); character must be an integer >= 1 (got 0); ' +
        `unknown properties "extra" and "more" (expected only ${allFields})`,
    )
  })

  it('describes a non-object input, shortening long values', () => {
    expect(messageOf(null)).toBe('input must be an object with operation and the fields it takes (got null)')
    expect(messageOf('x'.repeat(50))).toBe(`input must be an object with operation and the fields it takes (got "${'x'.repeat(39)}…)`)
  })

  it('says what the symbol operations need and do not take', () => {
    expect(messageOf({ operation: 'replaceSymbol', symbol: 'Cart.addItem' })).toBe('replaceSymbol needs text (the code to write)')
    expect(messageOf({ operation: 'symbolSource', symbol: 'Cart.addItem', text: 'x' })).toBe('symbolSource takes no text (replaceSymbol, insertBefore, insertAfter, edit)')
    expect(messageOf({ operation: 'insertAfter', filePath: 'a.ts', line: 2, text: 'x' })).toBe(
      'insertAfter needs filePath, line and character, or symbol (a name like Cart.addItem); character is missing',
    )
    expect(messageOf({ operation: 'symbolSource', symbol: 'f', page: 2, newName: 'g' })).toBe('symbolSource takes no page (its answer is not a list); symbolSource takes no newName (rename)')
    expect(messageOf({ operation: 'rename', symbol: 'f', newName: 'g', text: 'x' })).toBe('rename takes no text (replaceSymbol, insertBefore, insertAfter, edit)')
  })

  it('takes impact with an optional diff (staged, REV..REV), depth and page, and nothing else', () => {
    expect(parseToolRequest({ operation: 'impact' })).toEqual({ shape: 'impact', operation: 'impact', spec: { kind: 'worktree' }, depth: 2, page: 1 })
    expect(parseToolRequest({ operation: 'impact', diff: 'staged', depth: 1, page: 2 })).toEqual({ shape: 'impact', operation: 'impact', spec: { kind: 'staged' }, depth: 1, page: 2 })
    expect(parseToolRequest({ operation: 'impact', diff: 'v1.2..HEAD~1' })).toEqual({ shape: 'impact', operation: 'impact', spec: { kind: 'range', from: 'v1.2', to: 'HEAD~1' }, depth: 2, page: 1 })
    expect(messageOf({ operation: 'impact', diff: 'main...HEAD' })).toBe('diff must be staged or REV..REV (got "main...HEAD"); leave it out for the working tree')
    expect(messageOf({ operation: 'impact', depth: 6 })).toBe('depth must be at most 5 (got 6)')
    expect(messageOf({ operation: 'impact', filePath: 'a.ts', apply: true })).toBe('impact takes only diff, depth and page (remove filePath and apply)')
    expect(messageOf({ operation: 'hover', filePath: 'a.ts', line: 1, character: 1, diff: 'staged' })).toBe('diff is for impact only')
  })

  it('says what moveFile needs and does not take, and takes no seam file operation', () => {
    expect(parseToolRequest({ operation: 'moveFile', filePath: 'src/util.ts', newPath: 'src/lib/util.ts' })).toEqual({
      shape: 'moveFile',
      operation: 'moveFile',
      filePath: 'src/util.ts',
      newPath: 'src/lib/util.ts',
      apply: false,
      force: false,
    })
    expect(messageOf({ operation: 'moveFile', filePath: 'a.ts', newPath: 'b.ts', force: true })).toBe('force goes with apply: true (it writes a move the check refused)')
    expect(messageOf({ operation: 'moveFile', filePath: 'src/util.ts' })).toBe('moveFile needs filePath (the file to move) and newPath (where it goes); newPath is missing')
    expect(messageOf({ operation: 'moveFile', filePath: 'a.ts', newPath: 'b.ts', line: 2, newName: 'x' })).toBe(
      'moveFile takes no newName (rename); moveFile takes filePath, newPath, apply and force (remove line)',
    )
    expect(messageOf({ operation: 'rename', symbol: 'f', newName: 'g', newPath: 'b.ts' })).toBe('rename takes no newPath (moveFile)')
    expect(messageOf({ operation: 'willRenameFiles', filePath: 'a.ts', newPath: 'b.ts' })).toMatch(/^operation must be one of .*, moveFile, impact \(got "willRenameFiles"\)$/)
  })
})
