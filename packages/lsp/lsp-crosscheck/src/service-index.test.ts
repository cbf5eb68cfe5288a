// Where the cross-check asks: an empty partial goToDefinition is not "unresolved" (the server or
// index had not settled there), and an answer from an index is cross-checked by the index alone,
// never by a live server that may still be starting.
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createLspService, lspProviderId, type LspCompleteness, type LspLocation, type LspProviderQuery, type LspProvenance, type LspQueryResult } from '@agent-lsp/lsp'
import { afterEach, describe, expect, it } from 'vitest'
import { withCrossCheck } from './service.js'

const roots: string[] = []
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
})

const files = {
  'cart.py': 'class Cart:\n    def total(self):\n        return 1\n',
  'use.py': 'from cart import Cart\nCart().total()\n',
  'new.py': 'from cart import Cart\nc = Cart()\nc.total()\n',
}

function setup(): { root: string; at: (file: string, line: number, character: number) => LspLocation } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'agent-lsp-xci-')))
  roots.push(root)
  for (const [path, text] of Object.entries(files)) writeFileSync(join(root, path), text)
  return { root, at: (file, line, character) => ({ uri: pathToFileURL(join(root, file)).href, range: { start: { line, character }, end: { line, character: character + 5 } } }) }
}

/**
 * A table service: findReferences lists the declaration and use.py's call (with `provenance`);
 * goToDefinition leads to the declaration, except in new.py, where it answers `newPy`. Each
 * goToDefinition is recorded in `asked` as `<name>:file:line` (zero-based).
 */
function tableService(name: string, root: string, at: ReturnType<typeof setup>['at'], asked: string[], newPy: { locations: LspLocation[]; completeness: LspCompleteness }, provenance?: LspProvenance) {
  const declaration = at('cart.py', 1, 8)
  const service = createLspService()
  service.registerProvider({
    id: lspProviderId(name),
    extensionToLanguage: { '.py': 'python' },
    async query(request: LspProviderQuery): Promise<LspQueryResult> {
      const base = { resolvedWorkspaceRoot: root, completeness: { state: 'complete' as const } }
      if (request.operation === 'findReferences') return { kind: 'locations', locations: [declaration, at('use.py', 1, 7)], ...base, ...(provenance ? { provenance } : {}) }
      if (request.operation !== 'goToDefinition') throw new Error(`not asked: ${request.operation}`)
      const file = basename(request.filePath)
      asked.push(`${name}:${file}:${request.position.line}`)
      return file === 'new.py' ? { kind: 'locations', ...base, ...newPy } : { kind: 'locations', locations: [declaration], ...base }
    },
  })
  return service
}

const request = (root: string) => ({ operation: 'findReferences', filePath: 'cart.py', position: { line: 1, character: 8 }, workspaceRoot: root }) as const

describe('the cross-check asks where it can be answered', () => {
  it('leaves an occurrence whose goToDefinition is empty and partial unchecked, naming its file, not a candidate', async () => {
    const { root, at } = setup()
    const loading = { locations: [], completeness: { state: 'partial' as const, reason: 'indexing' as const, message: 'pyright is still analyzing' } }
    const result = await withCrossCheck(tableService('live', root, at, [], loading)).query(request(root))
    expect(result.crossCheck?.candidates).toEqual([])
    expect(result.crossCheck?.counts).toEqual({ occurrences: 3, listed: 2, added: 0, elsewhere: 0, candidates: 0, commentsOrStrings: 0, generated: 0, keywords: 0, unchecked: 1 })
    expect(result.completeness).toEqual({
      state: 'partial',
      reason: 'unchecked',
      message: '1 of 3 occurrences of total were left unchecked where goToDefinition answered partial (new.py); they may hold places the server missed',
    })
  })

  it('cross-checks an answer from an index with the index alone; a live answer with the live server', async () => {
    const { root, at } = setup()
    const provenance: LspProvenance = { source: 'index', index: join(root, '.agent-lsp/index.scip'), builtAt: '2026-12-02T09:00:00.000Z', revision: 'sha256:00', staleUris: [] }
    const notIndexed = { locations: [], completeness: { state: 'partial' as const, reason: 'unconfigured' as const, message: 'new.py is not in the index' } }
    const asked: string[] = []
    const index = tableService('index', root, at, asked, notIndexed)
    const fromIndex = await withCrossCheck(tableService('live', root, at, asked, { locations: [at('cart.py', 1, 8)], completeness: { state: 'complete' } }, provenance), { index }).query(request(root))
    expect(asked).toEqual(['index:cart.py:1', 'index:new.py:2'])
    expect(fromIndex.completeness).toMatchObject({ reason: 'unchecked', message: '1 of 3 occurrences of total were left unchecked where goToDefinition answered partial (new.py); they may hold places the server missed' })
    asked.length = 0
    const live = await withCrossCheck(tableService('live', root, at, asked, { locations: [at('cart.py', 1, 8)], completeness: { state: 'complete' } }), { index }).query(request(root))
    expect([asked, live.locations.length, live.completeness]).toEqual([['live:cart.py:1', 'live:new.py:2'], 3, { state: 'complete' }])
  })
})
