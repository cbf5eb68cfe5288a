// The cross-check over a real service and ripgrep, with an in-memory provider whose answers are a
// table: what a server would say at each place. Real servers: packages/cli/src/cross-check.test.ts.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createLspService, lspProviderId, type LspLocation, type LspProviderQuery, type LspQueryResult } from '@agent-lsp/lsp'
import { afterEach, describe, expect, it } from 'vitest'
import { withCrossCheck } from './service.js'

const roots: string[] = []
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
})

const files = {
  'cart.py': 'class Cart:\n    def total(self):\n        return 1\n',
  'use.py': 'from cart import Cart\nCart().total()\n',
  'dyn.py': 'def f(x):\n    return x.total()  # total\n',
  'other.py': 'class Invoice:\n    def total(self):\n        return "total"\n',
  'missed.py': 'from cart import Cart\nc = Cart()\nc.total()\n',
}

function setup(): { root: string; uri: (file: string) => string; at: (file: string, line: number, character: number) => LspLocation } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'agent-lsp-xc-')))
  roots.push(root)
  for (const [path, text] of Object.entries(files)) writeFileSync(join(root, path), text)
  mkdirSync(join(root, 'node_modules'))
  const uri = (file: string): string => pathToFileURL(join(root, file)).href
  return { root, uri, at: (file, line, character) => ({ uri: uri(file), range: { start: { line, character }, end: { line, character: character + 5 } } }) }
}

describe('withCrossCheck', () => {
  it('adds the places that lead to the symbol, lists the unresolved, counts the rest, and says the answer is partial', async () => {
    const { root, uri, at } = setup()
    const declaration = at('cart.py', 1, 8)
    const asked: string[] = []
    const definitions = new Map<string, LspLocation[]>([
      [`${uri('use.py')}:1:7`, [declaration]],
      [`${uri('missed.py')}:2:2`, [declaration]],
      [`${uri('dyn.py')}:1:13`, []],
      [`${uri('other.py')}:1:8`, [at('other.py', 1, 8)]],
      [`${uri('cart.py')}:1:8`, [declaration]],
    ])
    const service = createLspService()
    service.registerProvider({
      id: lspProviderId('table'),
      extensionToLanguage: { '.py': 'python' },
      async query(request: LspProviderQuery): Promise<LspQueryResult> {
        const base = { resolvedWorkspaceRoot: root, completeness: { state: 'complete' as const } }
        if (request.operation === 'findReferences') return { kind: 'locations', locations: [declaration, at('use.py', 1, 7)], ...base }
        if (request.operation !== 'goToDefinition') throw new Error(`not asked: ${request.operation}`)
        const key = `${pathToFileURL(join(root, request.filePath.replace(`${root}/`, ''))).href}:${request.position.line}:${request.position.character}`
        asked.push(key.slice(uri('').length + 1))
        return { kind: 'locations', locations: definitions.get(key) ?? [], ...base }
      },
    })
    const result = await withCrossCheck(service).query({ operation: 'findReferences', filePath: 'cart.py', position: { line: 1, character: 8 }, workspaceRoot: root })
    expect(result.locations).toEqual([declaration, at('missed.py', 2, 2), at('use.py', 1, 7)])
    expect(result.crossCheck).toEqual({
      name: 'total',
      files: 5,
      added: [at('missed.py', 2, 2)],
      candidates: [{ location: at('dyn.py', 1, 13), reason: 'unresolved', message: null }],
      counts: { occurrences: 7, listed: 2, added: 1, elsewhere: 1, candidates: 1, commentsOrStrings: 2, generated: 0, keywords: 0, unchecked: 0 },
      truncated: false,
      unsearched: { count: 0, files: [] },
      // The string `"total"` is listed, the comment `# total` only counted.
      inStrings: { count: 1, locations: [at('other.py', 2, 16)] },
    })
    expect(result.completeness).toEqual({ state: 'partial', reason: 'unresolved', message: '1 place names total where the server could not resolve it (it may be this symbol)' })
    expect(asked.sort()).toEqual(['cart.py:1:8', 'dyn.py:1:13', 'missed.py:2:2', 'other.py:1:8'])
  })

  it('leaves the rest unchecked at its bound, and passes other operations through untouched', async () => {
    const { root, at } = setup()
    const service = createLspService()
    service.registerProvider({
      id: lspProviderId('table'),
      extensionToLanguage: { '.py': 'python' },
      async query(request: LspProviderQuery): Promise<LspQueryResult> {
        const base = { resolvedWorkspaceRoot: root, completeness: { state: 'complete' as const } }
        if (request.operation === 'hover') return { kind: 'hover', hover: null, ...base }
        return { kind: 'locations', locations: request.operation === 'findReferences' ? [at('cart.py', 1, 8)] : [at('cart.py', 1, 8)], ...base }
      },
    })
    const checked = withCrossCheck(service, { limits: { maxClassified: 1 } })
    const hover = await checked.query({ operation: 'hover', filePath: 'cart.py', position: { line: 1, character: 8 }, workspaceRoot: root })
    expect(hover).toEqual({ kind: 'hover', hover: null, resolvedWorkspaceRoot: root, completeness: { state: 'complete' } })
    const result = await checked.query({ operation: 'findReferences', filePath: 'cart.py', position: { line: 1, character: 8 }, workspaceRoot: root })
    expect(result.crossCheck?.counts).toEqual({ occurrences: 7, listed: 1, added: 1, elsewhere: 0, candidates: 0, commentsOrStrings: 2, generated: 0, keywords: 0, unchecked: 3 })
    expect(result.completeness).toEqual({
      state: 'partial',
      reason: 'unchecked',
      message: "3 of 7 occurrences of total were left unchecked at the cross-check's bound; they may hold places the server missed",
    })
    expect(result.crossCheck?.truncated).toBe(false)
    // Cut at the search's bound: the occurrences past it are not counted, and the answer says so.
    const searched = await withCrossCheck(service, { limits: { maxOccurrences: 2 } }).query({ operation: 'findReferences', filePath: 'cart.py', position: { line: 1, character: 8 }, workspaceRoot: root })
    expect([searched.crossCheck?.truncated, searched.crossCheck?.counts.occurrences]).toEqual([true, 2])
    expect(searched.completeness).toEqual({ state: 'partial', reason: 'unchecked', message: 'the search stopped at 2 occurrences of total; they may hold places the server missed' })
  })
  it('answers partial when its time runs out during the definition at the cursor, never with the cancelled request', async () => {
    // Seen under load: the 10 s bound passed while goToDefinition at the cursor was in flight, and
    // the query failed with "LSP_CANCELLED: textDocument/definition was cancelled".
    const { root, at } = setup()
    const service = createLspService()
    service.registerProvider({
      id: lspProviderId('slow'),
      extensionToLanguage: { '.py': 'python' },
      query(request: LspProviderQuery, signal?: AbortSignal): Promise<LspQueryResult> {
        const base = { resolvedWorkspaceRoot: root, completeness: { state: 'complete' as const } }
        if (request.operation === 'findReferences') return Promise.resolve({ kind: 'locations', locations: [at('cart.py', 1, 8)], ...base })
        return new Promise((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason), { once: true }))
      },
    })
    const checked = withCrossCheck(service, { limits: { timeoutMs: 50 } })
    const result = await checked.query({ operation: 'findReferences', filePath: 'cart.py', position: { line: 1, character: 8 }, workspaceRoot: root })
    expect(result).toEqual({
      kind: 'locations',
      locations: [at('cart.py', 1, 8)],
      resolvedWorkspaceRoot: root,
      completeness: { state: 'partial', reason: 'unchecked', message: 'the cross-check ran out of its 0.05 s before it could ask where the symbol is defined' },
    })
  })

  // pyright's first answer on a cold server: goToDefinition at the cursor waited for its analysis
  // of the open files (300 ms quiet, 5 s under load), though every occurrence was listed.
  // A lone \r ends a line for the servers (LSP), not for ripgrep: the search's places are moved to the servers' lines.
  // tsserver lists a file of a symlinked folder once, by the first path it met (`pkg/inner`); the
  // search, which follows no symlink, finds it at its real path (`pkg/real`): the same place.
  it.each([
    { end: '\n', folder: 'pkg' },
    { end: '\r', folder: 'pkg' },
    { end: '\r\n', folder: 'pkg' },
    { end: '\n', folder: 'pkg/inner' },
  ])('asks no definition when the answer lists every occurrence outside comments and strings (lines ending in $end, use.py in $folder)', async ({ end, folder }) => {
    const linked = folder === 'pkg/inner'
    const { root, place } = treeWorkspace({ 'pkg/cart.py': `def total():${end}    pass${end}# total${end}`, [`${linked ? 'pkg/real' : folder}/use.py`]: `from cart import total${end}total()${end}` })
    if (linked) symlinkSync('real', join(root, folder))
    const listed = [place('pkg/cart.py', 0, 4), place(`${folder}/use.py`, 0, 17), place(`${folder}/use.py`, 1, 0)]
    const { service, asked } = declarationService(root, '.py', listed[0]!, () => [listed[0]!], listed)
    const result = await withCrossCheck(service).query({ operation: 'findReferences', filePath: `${folder}/use.py`, position: { line: 1, character: 2 }, workspaceRoot: root })
    expect(asked).toEqual([])
    expect(result.locations).toEqual(listed)
    expect(result.crossCheck?.counts).toEqual({ occurrences: 4, listed: 3, added: 0, elsewhere: 0, candidates: 0, commentsOrStrings: 1, generated: 0, keywords: 0, unchecked: 0 })
    expect(result.completeness).toEqual({ state: 'complete' })
  })

  // rxjs's SchedulerLike: a goToDefinition at each of its 141 uses as a type took 2 s per warm
  // goToImplementation; the server's references list them in one request.
  it('takes the places the references list as this symbol, and asks only about the rest', async () => {
    const uses = Array.from({ length: 12 }, () => 'Shape\n').join('')
    const { root, place } = treeWorkspace({ 'pkg/shape.py': 'class Shape:\n    pass\n', 'pkg/square.py': 'class Square(Shape):\n    pass\n', 'pkg/use.py': uses, 'pkg/dyn.py': 'Shape\n' })
    const declaration = place('pkg/shape.py', 0, 6)
    const references = [declaration, place('pkg/square.py', 0, 13), ...Array.from({ length: 12 }, (_, line) => place('pkg/use.py', line, 0))]
    const asked: string[] = []
    const service = createLspService()
    service.registerProvider({
      id: lspProviderId('table'),
      extensionToLanguage: { '.py': 'python' },
      async query(request: LspProviderQuery): Promise<LspQueryResult> {
        const base = { resolvedWorkspaceRoot: root, completeness: { state: 'complete' as const } }
        if (request.operation === 'goToImplementation') return { kind: 'locations', locations: [place('pkg/square.py', 0, 6)], ...base }
        if (request.operation === 'findReferences') return { kind: 'locations', locations: references, ...base }
        const file = (request.filePath ?? '').replace(`${root}/`, '')
        asked.push(file)
        return { kind: 'locations', locations: file === 'pkg/shape.py' ? [declaration] : [], ...base }
      },
    })
    const result = await withCrossCheck(service).query({ operation: 'goToImplementation', filePath: 'pkg/shape.py', position: { line: 0, character: 6 }, workspaceRoot: root })
    expect(asked.sort()).toEqual(['pkg/dyn.py', 'pkg/shape.py'])
    expect(result.crossCheck?.candidates).toEqual([{ location: place('pkg/dyn.py', 0, 0), reason: 'unresolved', message: null }])
    expect(result.crossCheck?.counts).toEqual({ occurrences: 15, listed: 1, added: 0, elsewhere: 13, candidates: 1, commentsOrStrings: 0, generated: 0, keywords: 0, unchecked: 0 })
  })

  // On effect's sources a common name has thousands of occurrences and `dist/` sorts before
  // `src/`: the bound of checked places went to compiled copies, not to the declaration's package.
  it('asks about the places nearest the declaration first, and lists what it found in path order', async () => {
    const { root, place } = treeWorkspace({ 'dist/cart.py': 'total\n', 'dist/more.py': 'total\n', 'pkg/cart.py': 'def total():\n    pass\n', 'pkg/sub/use.py': 'total\n', 'pkg/use.py': 'total\n' })
    const declaration = place('pkg/cart.py', 0, 4)
    const { service, asked } = declarationService(root, '.py', declaration, (file) => (file === 'pkg/cart.py' ? [declaration] : []))
    const checked = withCrossCheck(service, { limits: { maxClassified: 2 } })
    const result = await checked.query({ operation: 'findReferences', filePath: 'pkg/cart.py', position: { line: 0, character: 4 }, workspaceRoot: root })
    expect(asked.filter((file) => file !== 'pkg/cart.py').sort()).toEqual(['pkg/sub/use.py', 'pkg/use.py']) // asked at once: their order is the server's
    expect(result.crossCheck?.candidates.map(({ location }) => location)).toEqual([place('pkg/sub/use.py', 0, 0), place('pkg/use.py', 0, 0)])
    expect(result.crossCheck?.counts).toEqual({ occurrences: 5, listed: 1, added: 0, elsewhere: 0, candidates: 2, commentsOrStrings: 0, generated: 0, keywords: 0, unchecked: 2 })
  })

  // effect's npm tarball ships `dist/*.js` beside `src/`, each ending with its source map comment:
  // asking about their ~170 uses of `Duration.toMillis` took 2-3 s per warm query (and was cut by the
  // time bound cold, so the first answer differed from the next).
  it('does not ask about generated files (a trailing source map comment), and counts them', async () => {
    const { root, place } = treeWorkspace({
      'src/cart.js': 'export function total() {}\n',
      'dist/cart.js': 'export function total() {}\ntotal()\n//# sourceMappingURL=cart.js.map\n',
      'dist/hand.js': 'total()\n',
    })
    const declaration = place('src/cart.js', 0, 16)
    const { service, asked } = declarationService(root, '.js', declaration, () => [declaration])
    const result = await withCrossCheck(service).query({ operation: 'findReferences', filePath: 'src/cart.js', position: { line: 0, character: 16 }, workspaceRoot: root })
    expect(asked.sort()).toEqual(['dist/hand.js', 'src/cart.js'])
    expect(result.crossCheck?.counts).toEqual({ occurrences: 4, listed: 1, added: 1, elsewhere: 0, candidates: 0, commentsOrStrings: 0, generated: 2, keywords: 0, unchecked: 0 })
    expect(result.completeness).toEqual({ state: 'complete' })
  })
})

/** A temporary workspace of `tree` (relative path → text), and a 5-character place in it. */
function treeWorkspace(tree: Record<string, string>): { root: string; place: (file: string, line: number, character: number) => LspLocation } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'agent-lsp-xc-')))
  roots.push(root)
  for (const [path, text] of Object.entries(tree)) {
    mkdirSync(join(root, path, '..'), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  const place = (file: string, line: number, character: number): LspLocation => ({ uri: pathToFileURL(join(root, file)).href, range: { start: { line, character }, end: { line, character: character + 5 } } })
  return { root, place }
}

/** A service whose references are `declaration` alone and whose definitions in a file are `definitions(file)`; `asked` lists the files asked, relative. */
/** A provider whose references are `references` (default: the declaration) and definitions `definitions(file)`; `asked` lists each file a definition was asked in. */
function declarationService(root: string, extension: string, declaration: LspLocation, definitions: (file: string) => LspLocation[], references: LspLocation[] = [declaration]) {
  const asked: string[] = []
  const service = createLspService()
  service.registerProvider({
    id: lspProviderId('table'),
    extensionToLanguage: { [extension]: 'language' },
    async query(request: LspProviderQuery): Promise<LspQueryResult> {
      const base = { resolvedWorkspaceRoot: root, completeness: { state: 'complete' as const } }
      if (request.operation === 'findReferences') return { kind: 'locations', locations: references, ...base }
      const file = (request.filePath ?? '').replace(`${root}/`, '')
      asked.push(file)
      return { kind: 'locations', locations: definitions(file), ...base }
    },
  })
  return { service, asked }
}
