// The cross-check's search begun while the server answers (searchAhead): when it starts, which
// question it answers, and that a search of another word is never handed out.
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createLspService, lspProviderId, type LspLocation, type LspProviderQuery, type LspQueryResult } from '@agent-lsp/lsp'
import { afterEach, describe, expect, it, vi } from 'vitest'

/** Every `searchWord` call, in order, beside the provider's answers (see `events`). */
const events: string[] = []
vi.mock('./search.js', async (original) => {
  const real = await original<typeof import('./search.js')>()
  return { ...real, searchWord: (name: string, ...rest: Parameters<typeof real.searchWord> extends [string, ...infer R] ? R : never) => (events.push(`search ${name}`), real.searchWord(name, ...rest)) }
})
const { withCrossCheck } = await import('../service.js')
const { searchAhead } = await import('./ahead.js')
const { searchWord } = await import('./search.js')

const roots: string[] = []
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
  events.length = 0
})

function tree(): { root: string; at: (file: string, line: number, character: number, length?: number) => LspLocation } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'agent-lsp-ahead-')))
  roots.push(root)
  writeFileSync(join(root, 'cart.py'), 'class Cart:\n    def total(self):\n        return 1\n')
  writeFileSync(join(root, 'use.py'), 'from cart import Cart\nCart().total()\n')
  return { root, at: (file, line, character, length = 5) => ({ uri: pathToFileURL(join(root, file)).href, range: { start: { line, character }, end: { line, character: character + length } } }) }
}

/** A service whose findReferences answers `locations` after `turns` turns of the event loop (then `meanwhile` runs), logged as `answered`. */
function slowService(root: string, locations: readonly LspLocation[], turns: number, meanwhile = (): void => {}) {
  const service = createLspService()
  service.registerProvider({
    id: lspProviderId('slow'),
    extensionToLanguage: { '.py': 'python' },
    async query(request: LspProviderQuery): Promise<LspQueryResult> {
      const base = { resolvedWorkspaceRoot: root, completeness: { state: 'complete' as const } }
      if (request.operation !== 'findReferences') return { kind: 'locations', locations: [], ...base }
      for (let turn = 0; turn < turns; turn++) await new Promise((resolve) => setImmediate(resolve))
      meanwhile()
      events.push('answered')
      return { kind: 'locations', locations: [...locations], ...base }
    },
  })
  return service
}

describe('the cross-check searches while the server answers', () => {
  it('for the word at the cursor, once, and the answer is the one a search after it gives', async () => {
    const { root, at } = tree()
    const references = [at('cart.py', 1, 8), at('use.py', 1, 7)]
    const result = await withCrossCheck(slowService(root, references, 10)).query({ operation: 'findReferences', filePath: 'cart.py', position: { line: 1, character: 10 }, workspaceRoot: root })
    expect(events).toEqual(['search total', 'answered'])
    expect(result.locations).toEqual(references)
    expect(result.crossCheck?.counts).toEqual({ occurrences: 2, listed: 2, added: 0, elsewhere: 0, candidates: 0, commentsOrStrings: 0, generated: 0, keywords: 0, unchecked: 0 })
  })

  it('and searches again, after the answer, when the answer names another word (the file changed meanwhile)', async () => {
    const { root, at } = tree()
    // Renamed on disk while the server computed: its answer is about `amount`.
    const renamed = (): void => writeFileSync(join(root, 'cart.py'), 'class Cart:\n    def amount(self):\n        return 1\n')
    const service = slowService(root, [at('cart.py', 1, 8, 6)], 10, renamed)
    const result = await withCrossCheck(service).query({ operation: 'findReferences', filePath: 'cart.py', position: { line: 1, character: 10 }, workspaceRoot: root })
    expect(events).toEqual(['search total', 'answered', 'search amount'])
    expect(result.crossCheck?.name).toBe('amount')
    expect(result.crossCheck?.counts.occurrences).toBe(1)
  })
})

describe('searchAhead', () => {
  it('hands its result out for its own question only', async () => {
    const { root } = tree()
    const request = { operation: 'findReferences' as const, filePath: 'cart.py', position: { line: 1, character: 10 }, workspaceRoot: root }
    const ahead = searchAhead(request, ['.py'], 100, undefined)
    const question = { name: 'total', root, endings: ['.py'], limit: 100 }
    expect(await ahead.resultFor(question)).toEqual(await searchWord('total', root, ['.py'], 100, undefined))
    expect(await ahead.resultFor({ ...question, name: 'Cart' })).toBeUndefined()
    expect(await ahead.resultFor({ ...question, root: `${root}/x` })).toBeUndefined()
    expect(await ahead.resultFor({ ...question, endings: ['.py', '.pyi'] })).toBeUndefined()
    expect(await ahead.resultFor({ ...question, limit: 5 })).toBeUndefined()
  })

  it('begins no search at a cursor on no identifier, nor once cancelled', async () => {
    const { root } = tree()
    const blank = searchAhead({ operation: 'findReferences', filePath: 'cart.py', position: { line: 2, character: 2 }, workspaceRoot: root }, ['.py'], 100, undefined)
    const cancelled = searchAhead({ operation: 'findReferences', filePath: 'cart.py', position: { line: 1, character: 10 }, workspaceRoot: root }, ['.py'], 100, undefined)
    cancelled.cancel()
    expect(await blank.resultFor({ name: 'total', root, endings: ['.py'], limit: 100 })).toBeUndefined()
    expect(await cancelled.resultFor({ name: 'total', root, endings: ['.py'], limit: 100 })).toBeUndefined()
    expect(events).toEqual([])
  })
})
