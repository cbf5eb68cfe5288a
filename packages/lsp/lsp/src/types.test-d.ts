import { describe, expectTypeOf, it } from 'vitest'
import type {
  LspCallHierarchyItemsResult,
  LspCallsResult,
  LspCodeActionsResult,
  LspCompletionResult,
  LspHoverResult,
  LspLocationsResult,
  LspOperation,
  LspQueryRequest,
  LspQueryResult,
  LspResultFor,
  LspService,
  LspSymbolsResult,
  LspTypeHierarchyResult,
  LspWorkspaceDiagnosticsResult,
  LspWorkspaceEditResult,
} from './index.js'
import { lspResultKinds } from './index.js'

function assertNever(value: never): never {
  throw new Error(`unhandled ${String(value)}`)
}

describe('closed unions', () => {
  it('LspOperation is exactly the twenty-two operations', () => {
    expectTypeOf<LspOperation>().toEqualTypeOf<
      | 'goToDefinition'
      | 'goToTypeDefinition'
      | 'findReferences'
      | 'goToImplementation'
      | 'hover'
      | 'signatureHelp'
      | 'incomingCalls'
      | 'outgoingCalls'
      | 'documentSymbol'
      | 'diagnostics'
      | 'workspaceSymbol'
      | 'completion'
      | 'rename'
      | 'codeActions'
      | 'format'
      | 'prepareCallHierarchy'
      | 'supertypes'
      | 'subtypes'
      | 'workspaceDiagnostics'
      | 'willRenameFiles'
      | 'didRenameFiles'
      | 'overlayDiagnostics'
    >()
    // @ts-expect-error an operation outside the union is not an LspOperation
    const apply: LspOperation = 'applyEdit'
    void apply
  })

  it('LspQueryResult is exhausted by a switch on kind', () => {
    const render = (result: LspQueryResult): string => {
      switch (result.kind) {
        case 'locations':
          return String(result.locations.length)
        case 'hover':
          return result.hover?.contents ?? ''
        case 'symbols':
          return result.symbols.map((symbol) => symbol.name).join()
        case 'calls':
          return result.direction
        case 'signatureHelp':
          return String(result.signatureHelp?.activeSignature)
        case 'diagnostics':
          return result.uri
        case 'workspaceEdit':
          return String(result.edit?.changes.length)
        case 'codeActions':
          return result.actions.map((action) => action.title).join()
        case 'completion':
          return String(result.completion?.items.length)
        case 'callHierarchyItems':
          return result.items.map((item) => item.name).join()
        case 'typeHierarchy':
          return result.direction
        case 'workspaceDiagnostics':
          return result.checks.join()
        case 'overlayDiagnostics':
          return String(result.files.length)
        default:
          return assertNever(result)
      }
    }
    void render
    const incomplete = (result: LspQueryResult): string => {
      switch (result.kind) {
        case 'locations':
          return ''
        default:
          // @ts-expect-error the hover arm is unhandled, so result is not never
          return assertNever(result)
      }
    }
    void incomplete
  })

  it('each operation maps to one result type', () => {
    expectTypeOf<LspResultFor<'findReferences'>>().toEqualTypeOf<LspLocationsResult>()
    expectTypeOf<LspResultFor<'hover'>>().toEqualTypeOf<LspHoverResult>()
    expectTypeOf(lspResultKinds).toEqualTypeOf<{
      readonly goToDefinition: 'locations'
      readonly goToTypeDefinition: 'locations'
      readonly findReferences: 'locations'
      readonly goToImplementation: 'locations'
      readonly hover: 'hover'
      readonly signatureHelp: 'signatureHelp'
      readonly incomingCalls: 'calls'
      readonly outgoingCalls: 'calls'
      readonly documentSymbol: 'symbols'
      readonly workspaceSymbol: 'symbols'
      readonly diagnostics: 'diagnostics'
      readonly completion: 'completion'
      readonly rename: 'workspaceEdit'
      readonly codeActions: 'codeActions'
      readonly format: 'workspaceEdit'
      readonly prepareCallHierarchy: 'callHierarchyItems'
      readonly supertypes: 'typeHierarchy'
      readonly subtypes: 'typeHierarchy'
      readonly workspaceDiagnostics: 'workspaceDiagnostics'
      readonly willRenameFiles: 'workspaceEdit'
      readonly didRenameFiles: 'workspaceEdit'
      readonly overlayDiagnostics: 'overlayDiagnostics'
    }>()
    expectTypeOf<LspResultFor<'willRenameFiles'>>().toEqualTypeOf<LspWorkspaceEditResult>()
    expectTypeOf<LspResultFor<'rename'>>().toEqualTypeOf<LspWorkspaceEditResult>()
    expectTypeOf<LspResultFor<'format'>>().toEqualTypeOf<LspWorkspaceEditResult>()
    expectTypeOf<LspResultFor<'codeActions'>>().toEqualTypeOf<LspCodeActionsResult>()
    expectTypeOf<LspResultFor<'completion'>>().toEqualTypeOf<LspCompletionResult>()
    expectTypeOf<LspResultFor<'incomingCalls'>>().toEqualTypeOf<LspCallsResult>()
    expectTypeOf<LspResultFor<'workspaceSymbol'>>().toEqualTypeOf<LspSymbolsResult>()
    expectTypeOf<LspResultFor<'prepareCallHierarchy'>>().toEqualTypeOf<LspCallHierarchyItemsResult>()
    expectTypeOf<LspResultFor<'subtypes'>>().toEqualTypeOf<LspTypeHierarchyResult>()
    expectTypeOf<LspResultFor<'workspaceDiagnostics'>>().toEqualTypeOf<LspWorkspaceDiagnosticsResult>()
    type HoverQuery = ReturnType<LspService['query']> extends Promise<infer R> ? R : never
    expectTypeOf<HoverQuery>().toEqualTypeOf<LspQueryResult>()
  })

  it('query narrows its result by the request operation', () => {
    const lsp = {} as LspService
    const hover = () => lsp.query({ operation: 'hover', filePath: 'a.ts', position: { line: 0, character: 0 }, workspaceRoot: '/' })
    expectTypeOf(hover).returns.resolves.toEqualTypeOf<LspHoverResult>()
  })

  it('requests carry exactly what their operation needs', () => {
    const cursor: LspQueryRequest = { operation: 'incomingCalls', filePath: 'a.ts', position: { line: 0, character: 0 }, workspaceRoot: '/' }
    const file: LspQueryRequest = { operation: 'documentSymbol', filePath: 'a.ts', workspaceRoot: '/' }
    const search: LspQueryRequest = { operation: 'workspaceSymbol', query: 'Cart', filePath: null, workspaceRoot: '/' }
    // @ts-expect-error a cursor operation needs a position
    const noPosition: LspQueryRequest = { operation: 'hover', filePath: 'a.ts', workspaceRoot: '/' }
    // @ts-expect-error a file operation takes no query
    const fileWithQuery: LspQueryRequest = { operation: 'diagnostics', filePath: 'a.ts', query: 'x', workspaceRoot: '/' }
    const rename: LspQueryRequest = { operation: 'rename', filePath: 'a.ts', position: { line: 0, character: 0 }, newName: 'b', workspaceRoot: '/' }
    const actions: LspQueryRequest = {
      operation: 'codeActions',
      filePath: 'a.ts',
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      diagnostics: null,
      only: ['source.organizeImports'],
      workspaceRoot: '/',
    }
    const format: LspQueryRequest = { operation: 'format', filePath: 'a.ts', range: null, options: { tabSize: 2, insertSpaces: true }, workspaceRoot: '/' }
    // @ts-expect-error rename needs the new name
    const unnamed: LspQueryRequest = { operation: 'rename', filePath: 'a.ts', position: { line: 0, character: 0 }, workspaceRoot: '/' }
    // @ts-expect-error format's options are the caller's, never defaulted
    const noOptions: LspQueryRequest = { operation: 'format', filePath: 'a.ts', range: null, workspaceRoot: '/' }
    const project: LspQueryRequest = { operation: 'workspaceDiagnostics', filePath: null, workspaceRoot: '/' }
    // @ts-expect-error workspace diagnostics take no query
    const projectWithQuery: LspQueryRequest = { operation: 'workspaceDiagnostics', filePath: null, query: '', workspaceRoot: '/' }
    const moved: LspQueryRequest = { operation: 'willRenameFiles', filePath: 'src/util.ts', newPath: 'src/lib/util.ts', workspaceRoot: '/' }
    // @ts-expect-error a file rename needs where the file goes
    const nowhere: LspQueryRequest = { operation: 'didRenameFiles', filePath: 'src/util.ts', workspaceRoot: '/' }
    void [cursor, file, search, noPosition, fileWithQuery, rename, actions, format, unnamed, noOptions, project, projectWithQuery, moved, nowhere]
  })
})
