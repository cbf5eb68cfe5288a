// The other declarations of a symbol (overload signatures) when the provider cannot say what they
// are: an in-memory provider whose answers are a table. Real servers: packages/cli/src/cross-check-overloads.test.ts.
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createLspService, LspError, lspProviderId, type LspLocation, type LspProviderQuery, type LspQueryResult } from '@agent-lsp/lsp'
import { afterEach, describe, expect, it } from 'vitest'
import { withCrossCheck } from './service.js'

const roots: string[] = []
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
})

const files = {
  'a.ts': 'export function over(x: string): string;\nexport function over(x: number): number;\nexport function over(x: any): any { return x }\n',
  'b.ts': "import { over } from './a'\nover(3)\n",
}

/** A provider on `files` answering goToDefinition as tsserver does, and `documentSymbol` with `symbols`. */
function workspace(symbols: () => LspQueryResult) {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'agent-lsp-xc-')))
  roots.push(root)
  for (const [path, text] of Object.entries(files)) writeFileSync(join(root, path), text)
  const at = (file: string, line: number, character: number): LspLocation => ({ uri: pathToFileURL(join(root, file)).href, range: { start: { line, character }, end: { line, character: character + 4 } } })
  const implementation = at('a.ts', 2, 16)
  const definitions: Record<string, LspLocation[]> = { 'a.ts:2:16': [implementation], 'b.ts:1:0': [at('a.ts', 1, 16)], 'b.ts:0:9': [at('a.ts', 1, 16)], 'a.ts:0:16': [implementation], 'a.ts:1:16': [implementation] }
  const service = createLspService()
  service.registerProvider({
    id: lspProviderId('table'),
    extensionToLanguage: { '.ts': 'typescript' },
    async query(request: LspProviderQuery): Promise<LspQueryResult> {
      const base = { resolvedWorkspaceRoot: root, completeness: { state: 'complete' as const } }
      if (request.operation === 'documentSymbol') return symbols()
      const file = (request.filePath ?? '').replace(`${root}/`, '')
      if (request.operation === 'findReferences') return { kind: 'locations', locations: [at('a.ts', 0, 16), at('a.ts', 1, 16), implementation], ...base }
      if (request.operation !== 'goToDefinition') throw new Error(`not asked: ${request.operation}`)
      return { kind: 'locations', locations: definitions[`${file}:${request.position.line}:${request.position.character}`] ?? [], ...base }
    },
  })
  const references = () => withCrossCheck(service).query({ operation: 'findReferences', filePath: 'a.ts', position: { line: 2, character: 16 }, workspaceRoot: root })
  return { root, at, references }
}

describe('cross-check: the other declarations of the symbol', () => {
  it('a place leading to an overload signature is the symbol when the signature leads to it', async () => {
    const { root, at, references } = workspace(() => {
      const line = (n: number, end: number) => ({ start: { line: n, character: 0 }, end: { line: n, character: end } })
      const symbol = (n: number, end: number, selection = line(n, end)) => ({ name: 'over', kind: 'Function' as const, uri: at('a.ts', 0, 0).uri, range: line(n, end), selectionRange: selection, children: [] })
      const name = { start: { line: 0, character: 16 }, end: { line: 0, character: 20 } }
      return { kind: 'symbols', symbols: [symbol(0, 40, name), symbol(1, 40), symbol(2, 46)], resolvedWorkspaceRoot: root, completeness: { state: 'complete' } }
    })
    const result = await references()
    expect(result.crossCheck?.added).toEqual([at('b.ts', 0, 9), at('b.ts', 1, 0)])
    expect(result.completeness).toEqual({ state: 'complete' })
  })

  it('when documentSymbol fails, that place is not decided: a candidate naming why, and the answer is partial', async () => {
    const { at, references } = workspace(() => {
      throw new LspError('LSP_TIMEOUT', 'documentSymbol took over 30 s')
    })
    const result = await references()
    expect(result.crossCheck?.candidates).toEqual([
      { location: at('b.ts', 0, 9), reason: 'failed', message: 'could not tell whether it leads to another declaration of over: LSP_TIMEOUT: documentSymbol took over 30 s' },
      { location: at('b.ts', 1, 0), reason: 'failed', message: 'could not tell whether it leads to another declaration of over: LSP_TIMEOUT: documentSymbol took over 30 s' },
    ])
    expect(result.completeness).toEqual({ state: 'partial', reason: 'unresolved', message: '2 places name over where the server could not resolve it (they may be this symbol)' })
  })
})
