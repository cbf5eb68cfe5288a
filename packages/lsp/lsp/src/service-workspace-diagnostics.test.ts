import { describe, expect, it } from 'vitest'
import { createLspService, LspError, lspProviderId, type LspDiagnostic, type LspProvider, type LspProviderQuery, type LspQueryResult } from './index.js'

const root = '/work/app'
const complete = { state: 'complete' } as const

const error = (message: string): LspDiagnostic => ({
  range: { start: { line: 1, character: 2 }, end: { line: 1, character: 5 } },
  severity: 'Error',
  source: 'tsc',
  message,
  relatedInformation: [],
})

function provider(id: string, extension: string, answer: () => LspQueryResult): { provider: LspProvider; seen: LspProviderQuery[] } {
  const seen: LspProviderQuery[] = []
  return {
    seen,
    provider: {
      id: lspProviderId(id),
      extensionToLanguage: { [extension]: id },
      async query(request) {
        seen.push(request)
        return answer()
      },
    },
  }
}

const diagnosticsOf = (check: string, ...files: [string, string][]) => (): LspQueryResult => ({
  kind: 'workspaceDiagnostics',
  files: files.map(([uri, message]) => ({ uri, diagnostics: [error(message)] })),
  checks: [check],
  resolvedWorkspaceRoot: root,
  completeness: complete,
})

describe('workspaceDiagnostics', () => {
  it('asks the file\'s provider with a file; without one, every provider, files merged by URI and checks in order', async () => {
    const lsp = createLspService()
    const ts = provider('ts', '.ts', diagnosticsOf('tsc --noEmit -p tsconfig.json', ['file:///work/app/z.ts', 'z'], ['file:///work/app/b.ts', 'b']))
    const py = provider('py', '.py', diagnosticsOf('pyright --outputjson', ['file:///work/app/c.py', 'c']))
    const json: LspProvider = {
      id: lspProviderId('json'),
      extensionToLanguage: { '.json': 'json' },
      query: async () => {
        throw new LspError('LSP_UNSUPPORTED_OPERATION', 'language server "json" does not support workspaceDiagnostics')
      },
    }
    for (const each of [ts.provider, py.provider, json]) lsp.registerProvider(each)
    const one = await lsp.query({ operation: 'workspaceDiagnostics', filePath: 'a.py', workspaceRoot: root })
    expect(one.checks).toEqual(['pyright --outputjson'])
    expect(py.seen.map((query) => query.languageId)).toEqual(['py'])
    const merged = await lsp.query({ operation: 'workspaceDiagnostics', filePath: null, workspaceRoot: root })
    expect(merged.files.map((file) => [file.uri, file.diagnostics[0]!.message])).toEqual([
      ['file:///work/app/b.ts', 'b'],
      ['file:///work/app/c.py', 'c'],
      ['file:///work/app/z.ts', 'z'],
    ])
    expect(merged.checks).toEqual(['tsc --noEmit -p tsconfig.json', 'pyright --outputjson'])
    expect(merged.completeness).toEqual(complete)
    expect(ts.seen.map((query) => query.languageId)).toEqual([null])
  })

  it('refuses a query or an empty file, as other requests', async () => {
    const lsp = createLspService()
    lsp.registerProvider(provider('ts', '.ts', diagnosticsOf('tsc')).provider)
    const codeOf = (request: unknown) => lsp.query(request as never).then(() => undefined, (e: unknown) => (LspError.isInstance(e) ? e.code : e))
    expect(await codeOf({ operation: 'workspaceDiagnostics', filePath: '', workspaceRoot: root })).toBe('LSP_INVALID_REQUEST')
    expect(await codeOf({ operation: 'workspaceDiagnostics', workspaceRoot: root })).toBe('LSP_INVALID_REQUEST')
  })
})
