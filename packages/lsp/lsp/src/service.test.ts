import { describe, expect, it } from 'vitest'
import {
  createLspService,
  LspError,
  type LspProvider,
  lspProviderId,
  providerOf,
  type LspProviderQuery,
  type LspQueryResult,
  type LspSymbolsResult,
} from './index.js'

const root = '/work/app'
const complete = { state: 'complete' } as const

function provider(id: string, extensionToLanguage: Record<string, string>, answer?: (q: LspProviderQuery) => LspQueryResult) {
  const seen: LspProviderQuery[] = []
  const value: LspProvider = {
    id: lspProviderId(id),
    extensionToLanguage,
    async query(request) {
      seen.push(request)
      return answer?.(request) ?? { kind: 'locations', locations: [], resolvedWorkspaceRoot: root, completeness: complete }
    },
  }
  return { provider: value, seen }
}

const definition = (filePath: string) =>
  ({ operation: 'goToDefinition', filePath, position: { line: 0, character: 0 }, workspaceRoot: root }) as const

async function codeOf(promise: Promise<unknown> | (() => unknown)): Promise<string> {
  try {
    await (typeof promise === 'function' ? promise() : promise)
  } catch (error) {
    expect(LspError.isInstance(error)).toBe(true)
    return (error as LspError).code
  }
  throw new Error('expected an LspError')
}

describe('registerProvider', () => {
  it('selects by extension, per query, whatever the registration order', async () => {
    for (const order of [0, 1]) {
      const lsp = createLspService()
      const ts = provider('ts', { '.ts': 'typescript', '.tsx': 'typescriptreact' })
      const py = provider('py', { '.py': 'python' })
      for (const p of order === 0 ? [ts, py] : [py, ts]) lsp.registerProvider(p.provider)
      await lsp.query(definition('src/A.TSX'))
      await lsp.query(definition('/abs/m.py'))
      expect(ts.seen.map((q) => [q.filePath, q.languageId])).toEqual([['src/A.TSX', 'typescriptreact']])
      expect(py.seen.map((q) => [q.filePath, q.languageId])).toEqual([['/abs/m.py', 'python']])
    }
  })

  it('publishes nothing when any extension conflicts, and the disposer releases everything', async () => {
    const lsp = createLspService()
    const first = provider('first', { '.ts': 'typescript' })
    const release = lsp.registerProvider(first.provider)
    const clash = provider('second', { '.js': 'javascript', '.ts': 'typescript' })
    expect(await codeOf(() => lsp.registerProvider(clash.provider))).toBe('LSP_CONFLICT')
    expect(await codeOf(lsp.query(definition('a.js')))).toBe('LSP_UNAVAILABLE')
    expect(lsp.providers()).toEqual([{ id: 'first', extensions: ['.ts'], fileNames: [] }])
    expect(await codeOf(() => lsp.registerProvider(provider('first', { '.go': 'go' }).provider))).toBe('LSP_CONFLICT')

    release()
    release()
    expect(lsp.providers()).toEqual([])
    expect(await codeOf(lsp.query(definition('a.ts')))).toBe('LSP_UNAVAILABLE')
    lsp.registerProvider(clash.provider)
    await lsp.query(definition('a.ts'))
    expect(clash.seen).toHaveLength(1)
  })

  it('rejects invalid providers with LSP_INVALID_PROVIDER and publishes nothing', async () => {
    const lsp = createLspService()
    const cases: Record<string, string>[] = [{}, { ts: 'typescript' }, { '.TS': 'typescript' }, { '.ts': '' }, { '.d.ts': 'typescript' }]
    for (const map of cases) {
      expect(await codeOf(() => lsp.registerProvider(provider('p', map).provider))).toBe('LSP_INVALID_PROVIDER')
    }
    expect(await codeOf(() => lsp.registerProvider(provider(' p', { '.ts': 'typescript' }).provider))).toBe('LSP_INVALID_PROVIDER')
    expect(await codeOf(() => lsp.registerProvider(provider('', { '.ts': 'typescript' }).provider))).toBe('LSP_INVALID_PROVIDER')
    expect(lsp.providers()).toEqual([])
  })

  it('selects by file name first, then extension, then a Stem.* file name, case-insensitively', async () => {
    const lsp = createLspService()
    const docker = provider('docker', { '.dockerfile': 'dockerfile' })
    const named: LspProvider = { ...docker.provider, fileNameToLanguage: { Dockerfile: 'dockerfile', 'Dockerfile.*': 'dockerfile', 'CMakeLists.txt': 'cmake' } }
    const json = provider('json', { '.json': 'json', '.txt': 'plaintext' })
    lsp.registerProvider(named)
    lsp.registerProvider(json.provider)
    for (const path of ['/w/Dockerfile', 'sub\\dockerfile', '/w/Dockerfile.prod', '/w/x.dockerfile', '/w/CMakeLists.txt', '/w/Dockerfile.json', '/w/notes.txt']) {
      await lsp.query(definition(path))
    }
    expect(docker.seen.map((q) => [q.filePath, q.languageId])).toEqual([
      ['/w/Dockerfile', 'dockerfile'],
      ['sub\\dockerfile', 'dockerfile'],
      ['/w/Dockerfile.prod', 'dockerfile'],
      ['/w/x.dockerfile', 'dockerfile'],
      ['/w/CMakeLists.txt', 'cmake'],
    ])
    expect(json.seen.map((q) => q.filePath)).toEqual(['/w/Dockerfile.json', '/w/notes.txt'])
    // providerOf tells a consumer the same owner from providers() alone.
    const owners = ['/w/Dockerfile.prod', '/w/CMakeLists.txt', '/w/Dockerfile.json', '/w/a.md'].map((path) => providerOf(lsp.providers(), path)?.id)
    expect(owners).toEqual(['docker', 'docker', 'json', undefined])
    expect(lsp.providers()).toEqual([
      { id: 'docker', extensions: ['.dockerfile'], fileNames: ['CMakeLists.txt', 'Dockerfile', 'Dockerfile.*'] },
      { id: 'json', extensions: ['.json', '.txt'], fileNames: [] },
    ])
    await expect(lsp.query(definition('/w/Dockerfile.'))).rejects.toThrow('no language server configured for .')
    await expect(lsp.query(definition('/w/Dockerfile.'))).rejects.toThrow('no language server configured for .')
  })

  it('refuses a file name another provider holds, or one that is not a single segment, and publishes nothing', async () => {
    const lsp = createLspService()
    lsp.registerProvider({ ...provider('a', { '.a': 'a' }).provider, fileNameToLanguage: { Makefile: 'makefile' } })
    const clash = { ...provider('b', { '.b': 'b' }).provider, fileNameToLanguage: { makefile: 'make' } }
    expect(await codeOf(() => lsp.registerProvider(clash))).toBe('LSP_CONFLICT')
    for (const names of [{ 'a/Makefile': 'm' }, { '*.mk': 'm' }, { '.*': 'm' }, { 'GNU makefile': 'm' }, { Kbuild: '' }, { Kbuild: 'k', KBUILD: 'k' }]) {
      expect(await codeOf(() => lsp.registerProvider({ ...provider('c', { '.c': 'c' }).provider, fileNameToLanguage: names }))).toBe('LSP_INVALID_PROVIDER')
    }
    const onlyNames = provider('d', {})
    lsp.registerProvider({ ...onlyNames.provider, fileNameToLanguage: { '.bashrc': 'shellscript' } })
    await lsp.query(definition('/home/u/.bashrc'))
    expect(onlyNames.seen.map((q) => q.languageId)).toEqual(['shellscript'])
    expect(lsp.providers().map((info) => info.id)).toEqual(['a', 'd'])
  })

  it('a stale disposer does not release a later registration of the same id', async () => {
    const lsp = createLspService()
    const release = lsp.registerProvider(provider('p', { '.ts': 'typescript' }).provider)
    release()
    const again = provider('p', { '.ts': 'typescript' })
    lsp.registerProvider(again.provider)
    release()
    await lsp.query(definition('x.ts'))
    expect(again.seen).toHaveLength(1)
  })
})

describe('query', () => {
  it('names the extension when nothing serves it', async () => {
    const lsp = createLspService()
    await expect(lsp.query(definition('README.md'))).rejects.toThrow('no language server configured for .md')
    await expect(lsp.query(definition('Makefile'))).rejects.toThrow(
      'no language server configured for files without an extension (Makefile)',
    )
  })

  it('rejects malformed requests before any provider sees them', async () => {
    const lsp = createLspService()
    const p = provider('p', { '.ts': 'typescript' })
    lsp.registerProvider(p.provider)
    const bad = [
      { ...definition('a.ts'), operation: 'rename' },
      { ...definition('a.ts'), position: { line: -1, character: 0 } },
      { ...definition('a.ts'), position: { line: 0, character: 1.5 } },
      { ...definition('a.ts'), workspaceRoot: '' },
      { ...definition(''), filePath: '' },
    ]
    for (const request of bad) expect(await codeOf(lsp.query(request as never))).toBe('LSP_INVALID_REQUEST')
    expect(p.seen).toHaveLength(0)
  })

  it('refuses a provider answer of the wrong kind', async () => {
    const lsp = createLspService()
    lsp.registerProvider(provider('p', { '.ts': 'typescript' }, () => ({ kind: 'hover', hover: null, resolvedWorkspaceRoot: root, completeness: complete })).provider)
    await expect(lsp.query(definition('a.ts'))).rejects.toThrow(
      'provider "p" answered goToDefinition with result kind "hover", expected "locations"',
    )
  })

  it('does not start a query whose signal already aborted', async () => {
    const lsp = createLspService()
    const p = provider('p', { '.ts': 'typescript' })
    lsp.registerProvider(p.provider)
    expect(await codeOf(lsp.query(definition('a.ts'), AbortSignal.abort()))).toBe('LSP_CANCELLED')
    expect(p.seen).toHaveLength(0)
  })

  it('throws LSP_DISPOSED after dispose', async () => {
    const lsp = createLspService()
    lsp.registerProvider(provider('p', { '.ts': 'typescript' }).provider)
    lsp.dispose()
    expect(await codeOf(lsp.query(definition('a.ts')))).toBe('LSP_DISPOSED')
    expect(await codeOf(() => lsp.registerProvider(provider('q', { '.py': 'python' }).provider))).toBe('LSP_DISPOSED')
  })
})

describe('workspaceSymbol', () => {
  const symbol = (name: string) => ({
    name,
    kind: 'Class' as const,
    uri: `file:///work/app/${name}.ts`,
    range: { start: { line: 0, character: 0 }, end: { line: 1, character: 1 } },
    selectionRange: { start: { line: 0, character: 6 }, end: { line: 0, character: 6 + name.length } },
    children: [],
  })
  const symbols = (...names: string[]): LspQueryResult => ({ kind: 'symbols', symbols: names.map(symbol), resolvedWorkspaceRoot: root, completeness: complete })
  const search = (filePath: string | null) => ({ operation: 'workspaceSymbol', query: 'Cart', filePath, workspaceRoot: root }) as const

  it('asks only the file\'s provider when given a file, and every provider once when not', async () => {
    const lsp = createLspService()
    const ts = provider('ts', { '.ts': 'typescript', '.tsx': 'typescriptreact' }, () => symbols('Cart'))
    const py = provider('py', { '.py': 'python' }, () => symbols('CartView'))
    lsp.registerProvider(ts.provider)
    lsp.registerProvider(py.provider)
    expect((await lsp.query(search('x.py'))).symbols.map((s) => s.name)).toEqual(['CartView'])
    expect(py.seen.map((q) => q.languageId)).toEqual(['python'])
    const merged = await lsp.query(search(null))
    expect(merged.symbols.map((s) => s.name)).toEqual(['Cart', 'CartView'])
    expect(merged.completeness).toEqual(complete)
    expect(ts.seen.map((q) => q.languageId)).toEqual([null])
  })

  it('keeps the provenance of index answers in a merged search, with the stale URIs of all of them', async () => {
    const lsp = createLspService()
    const provenance = (staleUris: string[]) => ({ source: 'index' as const, index: '/work/app/.agent-lsp/index.scip', builtAt: '2026-12-01T09:30:00.000Z', revision: 'abc123', staleUris })
    const indexed = (name: string, staleUris: string[]) => (): LspQueryResult => ({ ...(symbols(name) as LspSymbolsResult), provenance: provenance(staleUris) })
    lsp.registerProvider(provider('ts', { '.ts': 'typescript' }, indexed('Cart', ['file:///work/app/b.ts'])).provider)
    lsp.registerProvider(provider('py', { '.py': 'python' }, indexed('CartView', ['file:///work/app/a.py', 'file:///work/app/b.ts'])).provider)
    const merged = await lsp.query(search(null))
    expect(merged.provenance).toEqual(provenance(['file:///work/app/a.py', 'file:///work/app/b.ts']))
    lsp.dispose()
    const live = createLspService()
    live.registerProvider(provider('ts', { '.ts': 'typescript' }, () => symbols('Cart')).provider)
    expect(Object.hasOwn(await live.query(search(null)), 'provenance')).toBe(false)
    // Some from the index, some live (the twelfth trial: live rows under "From index"): partly.
    live.registerProvider(provider('py', { '.py': 'python' }, indexed('CartView', [])).provider)
    expect((await live.query(search(null))).provenance).toEqual({ ...provenance([]), partly: true })
  })

  it('keeps every provider\'s notices in a merged search, and adds none when there are none', async () => {
    const lsp = createLspService()
    const restarted = { code: 'LSP_SERVER_RESTARTED' as const, message: 'language server "py" used 5000 MB, over its cap of 4096 MB (maxMemoryMB), and was restarted; this answer comes from the new server' }
    lsp.registerProvider(provider('ts', { '.ts': 'typescript' }, () => symbols('Cart')).provider)
    lsp.registerProvider(provider('py', { '.py': 'python' }, () => ({ ...(symbols('CartView') as LspSymbolsResult), notices: [restarted] })).provider)
    expect((await lsp.query(search(null))).notices).toEqual([restarted])
    lsp.dispose()
    const quiet = createLspService()
    quiet.registerProvider(provider('ts', { '.ts': 'typescript' }, () => symbols('Cart')).provider)
    expect(Object.hasOwn(await quiet.query(search(null)), 'notices')).toBe(false)
  })

  it('keeps a fallback server\'s mark in a merged search', async () => {
    const lsp = createLspService()
    const fallback = { server: 'pylsp', insteadOf: 'py', reason: 'pyright-langserver was not found' }
    lsp.registerProvider(provider('ts', { '.ts': 'typescript' }, () => symbols('Cart')).provider)
    lsp.registerProvider(provider('py', { '.py': 'python' }, (): LspQueryResult => ({ ...(symbols('CartView') as LspSymbolsResult), fallback })).provider)
    const merged = await lsp.query(search(null))
    expect(merged.symbols.map((s) => s.name)).toEqual(['Cart', 'CartView'])
    expect(merged.fallback).toEqual(fallback)
  })

  it('keeps the answers of the providers that worked, and says which failed', async () => {
    const lsp = createLspService()
    lsp.registerProvider(provider('ts', { '.ts': 'typescript' }, () => symbols('Cart')).provider)
    lsp.registerProvider({
      id: lspProviderId('py'),
      extensionToLanguage: { '.py': 'python' },
      query: async () => {
        throw new LspError('LSP_SERVER_NOT_FOUND', 'language server "py" is not installed')
      },
    })
    const merged = await lsp.query(search(null))
    expect(merged.symbols.map((s) => s.name)).toEqual(['Cart'])
    expect(merged.completeness).toEqual({
      state: 'partial',
      reason: 'failed',
      message: 'py failed (LSP_SERVER_NOT_FOUND: language server "py" is not installed)',
    })
  })

  it('says once what several providers say alike (one index answering for each server)', async () => {
    const lsp = createLspService()
    const stale = { state: 'partial', reason: 'stale', message: '1 file added since the index was built (src/added.ts)' } as const
    lsp.registerProvider(provider('ts', { '.ts': 'typescript' }, (): LspQueryResult => ({ ...(symbols('Cart') as LspSymbolsResult), completeness: stale })).provider)
    lsp.registerProvider(provider('js', { '.js': 'javascript' }, (): LspQueryResult => ({ ...(symbols('cart') as LspSymbolsResult), completeness: stale })).provider)
    lsp.registerProvider(provider('py', { '.py': 'python' }, (): LspQueryResult => ({ ...(symbols('CartView') as LspSymbolsResult), completeness: { ...stale, message: 'app.py changed' } })).provider)
    expect((await lsp.query(search(null))).completeness).toEqual({ ...stale, message: '1 file added since the index was built (src/added.ts); app.py changed' })
  })

  it('leaves out a provider that offers no workspace symbols: complete, not failed; alone, its error', async () => {
    const lsp = createLspService()
    const unsupported = (id: string, extension: string) => ({
      id: lspProviderId(id),
      extensionToLanguage: { [extension]: id },
      query: async () => {
        throw new LspError('LSP_UNSUPPORTED_OPERATION', `language server "${id}" does not support workspaceSymbol (no workspaceSymbolProvider)`)
      },
    })
    lsp.registerProvider(unsupported('json', '.json'))
    expect(await codeOf(lsp.query(search(null)))).toBe('LSP_UNSUPPORTED_OPERATION')
    lsp.registerProvider(provider('ts', { '.ts': 'typescript' }, () => symbols('Cart')).provider)
    lsp.registerProvider(unsupported('yaml', '.yaml'))
    const merged = await lsp.query(search(null))
    expect(merged.symbols.map((s) => s.name)).toEqual(['Cart'])
    expect(merged.completeness).toEqual({ state: 'complete' })
  })

  it('throws when every provider failed, and LSP_UNAVAILABLE with none', async () => {
    const lsp = createLspService()
    expect(await codeOf(lsp.query(search(null)))).toBe('LSP_UNAVAILABLE')
    lsp.registerProvider({
      id: lspProviderId('py'),
      extensionToLanguage: { '.py': 'python' },
      query: async () => {
        throw new LspError('LSP_SERVER_CRASHED', 'gone')
      },
    })
    expect(await codeOf(lsp.query(search(null)))).toBe('LSP_SERVER_CRASHED')
  })

  it('validates each request shape', async () => {
    const lsp = createLspService()
    const p = provider('p', { '.ts': 'typescript' }, () => symbols())
    lsp.registerProvider(p.provider)
    const bad = [
      { operation: 'workspaceSymbol', filePath: null, workspaceRoot: root },
      { operation: 'workspaceSymbol', query: 'x', filePath: '', workspaceRoot: root },
      { operation: 'documentSymbol', filePath: null, workspaceRoot: root },
      { operation: 'incomingCalls', filePath: 'a.ts', workspaceRoot: root },
    ]
    for (const request of bad) expect(await codeOf(lsp.query(request as never))).toBe('LSP_INVALID_REQUEST')
    expect(p.seen).toHaveLength(0)
  })
})

describe('edit requests', () => {
  const at = { line: 1, character: 2 }
  const span = { start: at, end: { line: 1, character: 5 } }
  const edit = () => ({ kind: 'workspaceEdit', edit: null, resolvedWorkspaceRoot: root, completeness: complete }) as const

  it('passes rename, codeActions and format through with the language id', async () => {
    const lsp = createLspService()
    const p = provider('p', { '.ts': 'typescript' }, (q) =>
      q.operation === 'codeActions' ? { kind: 'codeActions', actions: [], resolvedWorkspaceRoot: root, completeness: complete } : edit(),
    )
    lsp.registerProvider(p.provider)
    await lsp.query({ operation: 'rename', filePath: 'a.ts', position: at, newName: 'total', workspaceRoot: root })
    await lsp.query({ operation: 'codeActions', filePath: 'a.ts', range: span, diagnostics: null, only: ['quickfix'], workspaceRoot: root })
    await lsp.query({ operation: 'format', filePath: 'a.ts', range: null, options: { tabSize: 2, insertSpaces: true }, workspaceRoot: root })
    await lsp.query({ operation: 'willRenameFiles', filePath: 'a.ts', newPath: 'lib/a.ts', workspaceRoot: root })
    expect(p.seen.map((q) => [q.operation, q.languageId])).toEqual([
      ['rename', 'typescript'],
      ['codeActions', 'typescript'],
      ['format', 'typescript'],
      ['willRenameFiles', 'typescript'],
    ])
  })

  it('validates their fields with LSP_INVALID_REQUEST before any provider sees them', async () => {
    const lsp = createLspService()
    const p = provider('p', { '.ts': 'typescript' }, edit)
    lsp.registerProvider(p.provider)
    const backwards = { start: span.end, end: span.start }
    const bad = [
      { operation: 'rename', filePath: 'a.ts', position: at, newName: ' ', workspaceRoot: root },
      { operation: 'rename', filePath: 'a.ts', newName: 'x', workspaceRoot: root },
      { operation: 'codeActions', filePath: 'a.ts', range: backwards, diagnostics: null, only: null, workspaceRoot: root },
      { operation: 'codeActions', filePath: 'a.ts', range: span, diagnostics: null, only: [''], workspaceRoot: root },
      { operation: 'format', filePath: 'a.ts', range: null, options: { tabSize: 0, insertSpaces: true }, workspaceRoot: root },
      { operation: 'format', filePath: 'a.ts', range: null, workspaceRoot: root },
      { operation: 'willRenameFiles', filePath: 'a.ts', newPath: '', workspaceRoot: root },
      { operation: 'didRenameFiles', filePath: 'a.ts', workspaceRoot: root },
      { operation: 'overlayDiagnostics', filePath: 'a.ts', overlays: [{ filePath: 'a.ts', text: '' }], files: [], references: { filePath: 'a.ts' }, workspaceRoot: root },
      { operation: 'overlayDiagnostics', filePath: 'a.ts', overlays: [{ filePath: 'a.ts', text: '' }], files: [], references: { filePath: '', position: at }, workspaceRoot: root },
      { operation: 'overlayDiagnostics', filePath: 'a.ts', overlays: [{ filePath: 'a.ts', text: '' }], files: [], references: { filePath: 'a.ts', position: { line: -1, character: 0 } }, workspaceRoot: root },
      { operation: 'overlayDiagnostics', filePath: 'a.ts', overlays: [{ filePath: 'a.ts', text: '' }], files: [], definitions: { filePath: 'a.ts', position: at }, workspaceRoot: root },
      { operation: 'overlayDiagnostics', filePath: 'a.ts', overlays: [{ filePath: 'a.ts', text: '' }], files: [], definitions: [{ filePath: 'a.ts', position: at }, null], workspaceRoot: root },
    ]
    for (const request of bad) expect(await codeOf(lsp.query(request as never))).toBe('LSP_INVALID_REQUEST')
    expect(p.seen).toHaveLength(0)
  })
})
