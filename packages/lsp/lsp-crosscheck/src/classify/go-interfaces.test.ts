// Go interface methods the server does not relate to a method, with an in-memory provider whose
// goToImplementation answers are a table. Real servers: packages/cli/src/go-anonymous-interface.test.ts.
import { createLspService, LspError, lspProviderId, type LspLocation, type LspProviderQuery, type LspQueryResult } from '@agent-lsp/lsp'
import { describe, expect, it } from 'vitest'
import type { Verdict } from './classify.js'
import { interfaceCandidate, unrelatedInterfaces, type InterfaceVerdict } from './go-interfaces.js'

const root = '/w'
const uri = 'file:///w/a.go'
const lines = [
  'package a',
  'type Named interface{ Basic() int }', // 1: related by the server
  'func (b *B) Basic() int { return 0 }', // 2: the symbol
  'func (o O) Basic() int { return 1 }', // 3: another type's method: never asked
  'func f(v any) { _ = v.(interface{ Basic() int }).Basic() }', // 4: anonymous, unrelated
  '\tBasic() int', // 5: a multi-line interface's method
  'func Basic() int { return 2 }', // 6: a function
]
const at = (line: number, character: number): LspLocation => ({ uri, range: { start: { line, character }, end: { line, character: character + 5 } } })
const [named, symbol, other, anonymous, multiLine] = [at(1, 22), at(2, 12), at(3, 11), at(4, 34), at(5, 1)]

/** A service whose goToImplementation at `line` of a.go answers `table[line]` (an `LspError` is thrown), recording each line asked. */
function service(table: Record<number, readonly LspLocation[] | LspError>) {
  const asked: number[] = []
  const lsp = createLspService()
  lsp.registerProvider({
    id: lspProviderId('table'),
    extensionToLanguage: { '.go': 'go' },
    async query(request: LspProviderQuery): Promise<LspQueryResult> {
      if (request.operation !== 'goToImplementation') throw new Error(`not asked: ${request.operation}`)
      asked.push(request.position.line)
      const answer = table[request.position.line] ?? []
      if (answer instanceof LspError) throw answer
      return { kind: 'locations', locations: [...answer], resolvedWorkspaceRoot: root, completeness: { state: 'complete' } }
    },
  })
  const options = { lsp, workspaceRoot: root, symbol: [symbol], name: 'Basic', lines: () => lines, filePathOf: (each: string) => each.replace('file://', ''), deadline: { passed: false }, signal: new AbortController().signal }
  return { asked, options }
}
const elsewhere = (target: LspLocation): Verdict => ({ kind: 'elsewhere', targets: [target] })

describe('Go interface methods a method implements but the server does not relate to it', () => {
  it('an anonymous interface listing the method is found; a related one, another type’s method and a function are not', async () => {
    const { asked, options } = service({ 2: [named], 4: [symbol, other], 5: [other] })
    const places = [at(4, 49), anonymous, named, other, multiLine, at(6, 5)]
    const verdicts = [elsewhere(anonymous), elsewhere(anonymous), elsewhere(named), elsewhere(other), elsewhere(multiLine), elsewhere(at(6, 5))]
    expect(await unrelatedInterfaces(places, verdicts, options)).toEqual([
      { kind: 'interface', declaration: anonymous },
      { kind: 'interface', declaration: anonymous },
      undefined,
      undefined,
      undefined,
      undefined,
    ])
    // The symbol once, then each interface method the server does not relate, once.
    expect(asked).toEqual([2, 4, 5])
  })

  it('asks nothing when the symbol is not a method, or no place leads to an interface method', async () => {
    const notMethod = service({})
    expect(await unrelatedInterfaces([anonymous], [elsewhere(anonymous)], { ...notMethod.options, symbol: [at(6, 5)] })).toEqual([undefined])
    const noInterface = service({})
    expect(await unrelatedInterfaces([other], [elsewhere(other)], noInterface.options)).toEqual([undefined])
    expect([...notMethod.asked, ...noInterface.asked]).toEqual([])
  })

  it('a failed question is said, naming why', async () => {
    const { options } = service({ 4: new LspError('LSP_TIMEOUT', 'goToImplementation took over 30 s') })
    expect(await unrelatedInterfaces([anonymous], [elsewhere(anonymous)], options)).toEqual([
      { kind: 'failed', message: 'could not tell whether the server relates the interface method Basic to it: LSP_TIMEOUT: goToImplementation took over 30 s' },
    ])
  })

  it('each operation takes its own places: all for references, calls for callers, the interface method for implementations', () => {
    const found: InterfaceVerdict = { kind: 'interface', declaration: anonymous }
    const call = at(4, 49)
    const calls = (_: unknown, place: LspLocation): boolean => place === call
    const candidate = (location: LspLocation) => ({ location, reason: 'interface', message: null, declaration: anonymous })
    expect([interfaceCandidate(found, 'findReferences', anonymous, () => true), interfaceCandidate(found, 'findReferences', call, () => true)]).toEqual([candidate(anonymous), candidate(call)])
    expect([interfaceCandidate(found, 'incomingCalls', anonymous, () => true), interfaceCandidate(found, 'incomingCalls', call, calls)]).toEqual([undefined, candidate(call)])
    expect([interfaceCandidate(found, 'goToImplementation', anonymous, () => false), interfaceCandidate(found, 'goToImplementation', call, () => false)]).toEqual([candidate(anonymous), undefined])
    expect(interfaceCandidate({ kind: 'unchecked' }, 'findReferences', call, () => true)).toBe('unchecked')
  })
})
