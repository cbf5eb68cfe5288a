import { describe, expectTypeOf, it } from 'vitest'
import type { LspHoverResult, LspLocationsResult, LspOperation, LspQueryResult, LspResultFor, LspService } from './index.js'
import { lspResultKinds } from './index.js'

function assertNever(value: never): never {
  throw new Error(`unhandled ${String(value)}`)
}

describe('closed unions', () => {
  it('LspOperation is exactly the four seed operations', () => {
    expectTypeOf<LspOperation>().toEqualTypeOf<'goToDefinition' | 'findReferences' | 'goToImplementation' | 'hover'>()
    // @ts-expect-error an operation outside the union is not an LspOperation
    const rename: LspOperation = 'rename'
    void rename
  })

  it('LspQueryResult is exhausted by a switch on kind', () => {
    const render = (result: LspQueryResult): string => {
      switch (result.kind) {
        case 'locations':
          return String(result.locations.length)
        case 'hover':
          return result.hover?.contents ?? ''
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
      readonly findReferences: 'locations'
      readonly goToImplementation: 'locations'
      readonly hover: 'hover'
    }>()
    type HoverQuery = ReturnType<LspService['query']> extends Promise<infer R> ? R : never
    expectTypeOf<HoverQuery>().toEqualTypeOf<LspQueryResult>()
  })

  it('query narrows its result by the request operation', () => {
    const lsp = {} as LspService
    const hover = () => lsp.query({ operation: 'hover', filePath: 'a.ts', position: { line: 0, character: 0 }, workspaceRoot: '/' })
    expectTypeOf(hover).returns.resolves.toEqualTypeOf<LspHoverResult>()
  })
})
