import type { LspProviderQuery } from '@agent-lsp/lsp'
import { defaultFakeServerCapabilities, type FakeServerScenario } from '@agent-lsp/lsp-testing'
import { describe, expect, it } from 'vitest'
import { fakeProvider, rejection, workspace } from '../fake.test-support.js'
import { pathToUri } from '../normalize/uri.js'

const source = 'class Cart {\n  total() { return 1 }\n}\nnew Cart().total()\n'
const range = (sl: number, sc: number, el: number, ec: number) => ({ start: { line: sl, character: sc }, end: { line: el, character: ec } })

/** A provider on the fake playing `scenario` (or the scenario for the URI of `a.ts`). */
function setup(given: FakeServerScenario | ((uri: string) => FakeServerScenario)) {
  const root = workspace({ 'a.ts': source })
  const uri = pathToUri(`${root}/a.ts`)
  const scenario = typeof given === 'function' ? given(uri) : given
  const fake = fakeProvider(root, { ...scenario, capabilities: { ...defaultFakeServerCapabilities, ...scenario.capabilities } })
  const base = { filePath: 'a.ts', workspaceRoot: root, languageId: 'typescript' } as const
  const run = (request: Record<string, unknown>) => fake.provider.query({ ...base, ...request } as LspProviderQuery)
  const methods = async () => (await fake.received()).map((entry) => entry.method).filter((method) => !/^(initialize|initialized|textDocument\/did)/.test(method ?? ''))
  return { root, uri, fake, run, methods }
}

const renameAt = { operation: 'rename', position: { line: 1, character: 3 }, newName: 'sum' }

describe('rename', () => {
  it('normalizes documentChanges with versions and resource operations, in order', async () => {
    const { run, methods } = setup({
      capabilities: { renameProvider: { prepareProvider: true } },
      results: {
        'textDocument/prepareRename': { range: range(1, 2, 1, 7), placeholder: 'total' },
        'textDocument/rename': {
          documentChanges: [
            { kind: 'create', uri: 'file:///w/new.ts', options: { ignoreIfExists: true } },
            { textDocument: { uri: 'file:///w/b.ts', version: 4 }, edits: [{ range: range(3, 11, 3, 16), newText: 'sum' }, { range: range(0, 0, 0, 0), newText: '// x\n' }] },
            { kind: 'rename', oldUri: 'file:///w/old.ts', newUri: 'file:///w/renamed.ts', options: { overwrite: true } },
            { kind: 'delete', uri: 'file:///w/gone', options: { recursive: true } },
            { textDocument: { uri: 'file:///w/empty.ts', version: null }, edits: [] },
          ],
        },
      },
    })
    const result = await run(renameAt)
    expect(result).toMatchObject({
      kind: 'workspaceEdit',
      edit: {
        changes: [
          { kind: 'create', uri: 'file:///w/new.ts', overwrite: false, ignoreIfExists: true },
          { kind: 'edit', uri: 'file:///w/b.ts', version: 4, edits: [{ range: range(0, 0, 0, 0), newText: '// x\n' }, { range: range(3, 11, 3, 16), newText: 'sum' }] },
          { kind: 'rename', oldUri: 'file:///w/old.ts', newUri: 'file:///w/renamed.ts', overwrite: true, ignoreIfExists: false },
          { kind: 'delete', uri: 'file:///w/gone', recursive: true, ignoreIfNotExists: false },
        ],
      },
    })
    expect(await methods()).toEqual(['textDocument/prepareRename', 'textDocument/rename'])
  })

  it('refuses an edit computed for another version of an open document', async () => {
    const edit = (uri: string, version: number) => ({ documentChanges: [{ textDocument: { uri, version }, edits: [{ range: range(1, 2, 1, 7), newText: 'sum' }] }] })
    const stale = setup((uri) => ({ capabilities: { renameProvider: true }, results: { 'textDocument/rename': edit(uri, 7) } }))
    const error = await rejection(stale.run(renameAt))
    expect([error.code, error.message]).toEqual([
      'LSP_SERVER_ERROR',
      `language server "fake" computed an edit of ${stale.uri} for version 7, but the document is at version 1; ask again`,
    ])
    const current = setup((uri) => ({ capabilities: { renameProvider: true }, results: { 'textDocument/rename': edit(uri, 1) } }))
    expect(await current.run(renameAt)).toMatchObject({ kind: 'workspaceEdit', edit: { changes: [{ kind: 'edit', uri: current.uri, version: 1 }] } })
  })

  it('skips prepareRename when the server does not offer it, and reads changes sorted by URI', async () => {
    const { run, methods } = setup({
      capabilities: { renameProvider: true },
      results: {
        'textDocument/rename': { changes: { 'file:///w/z.ts': [{ range: range(0, 0, 0, 5), newText: 'sum' }], 'file:///w/a.ts': [{ range: range(1, 2, 1, 7), newText: 'sum' }] } },
      },
    })
    const result = await run(renameAt)
    expect(result).toMatchObject({
      kind: 'workspaceEdit',
      edit: {
        changes: [
          { kind: 'edit', uri: 'file:///w/a.ts', version: null, edits: [{ range: range(1, 2, 1, 7), newText: 'sum' }] },
          { kind: 'edit', uri: 'file:///w/z.ts', version: null, edits: [{ range: range(0, 0, 0, 5), newText: 'sum' }] },
        ],
      },
    })
    expect(await methods()).toEqual(['textDocument/rename'])
  })

  it('fails with LSP_CANNOT_RENAME when prepareRename answers null, and never sends rename', async () => {
    const { run, methods } = setup({ capabilities: { renameProvider: { prepareProvider: true } }, results: { 'textDocument/prepareRename': null } })
    const error = await rejection(run(renameAt))
    expect([error.code, error.message]).toEqual(['LSP_CANNOT_RENAME', 'fake says the symbol at 2:4 cannot be renamed'])
    expect(await methods()).toEqual(['textDocument/prepareRename'])
  })

  it("turns the server's refusal to rename into LSP_CANNOT_RENAME with its words", async () => {
    const { run } = setup({ capabilities: { renameProvider: true }, errors: { 'textDocument/rename': { code: -32803, message: 'You cannot rename this element.' } } })
    const error = await rejection(run(renameAt))
    expect([error.code, error.message]).toEqual(['LSP_CANNOT_RENAME', 'cannot rename at 2:4: You cannot rename this element. (rename)'])
  })

  it('refuses overlapping edits as a malformed answer', async () => {
    const { run } = setup({
      capabilities: { renameProvider: true },
      results: { 'textDocument/rename': { changes: { 'file:///w/a.ts': [{ range: range(0, 0, 0, 5), newText: 'a' }, { range: range(0, 3, 0, 8), newText: 'b' }] } } },
    })
    const error = await rejection(run(renameAt))
    expect([error.code, error.message]).toEqual(['LSP_MALFORMED_RESPONSE', 'fake textDocument/rename answered a malformed result: two edits of /w/a.ts overlap at line 1 ("a" and "b"); nothing was written: make this change with the edit operation instead'])
  })
})

describe('format', () => {
  const options = { tabSize: 2, insertSpaces: true }

  it('answers LSP_UNSUPPORTED_OPERATION from a server without formatting', async () => {
    const { run, methods } = setup({})
    const error = await rejection(run({ operation: 'format', range: null, options }))
    expect([error.code, error.message]).toEqual(['LSP_UNSUPPORTED_OPERATION', 'language server "fake" does not support format (no documentFormattingProvider)'])
    expect(await methods()).toEqual([])
  })

  it("sends the caller's options and returns the edits as a workspace edit of the file", async () => {
    const { uri, run, fake } = setup({
      capabilities: { documentFormattingProvider: true },
      results: { 'textDocument/formatting': [{ range: range(1, 0, 1, 2), newText: '    ' }] },
    })
    const result = await run({ operation: 'format', range: null, options: { tabSize: 4, insertSpaces: true } })
    expect(result).toMatchObject({ kind: 'workspaceEdit', edit: { changes: [{ kind: 'edit', uri, version: null, edits: [{ range: range(1, 0, 1, 2), newText: '    ' }] }] } })
    const sent = (await fake.received()).find((entry) => entry.method === 'textDocument/formatting')
    expect(sent?.params).toEqual({
      textDocument: { uri },
      options: { tabSize: 4, insertSpaces: true, trimTrailingWhitespace: true, insertFinalNewline: true, trimFinalNewlines: true },
    })
    expect(await run({ operation: 'format', range: range(0, 0, 1, 0), options }).catch((error) => error.code)).toBe('LSP_UNSUPPORTED_OPERATION')
  })

  it('answers a null edit when the file is already formatted', async () => {
    const { run } = setup({ capabilities: { documentFormattingProvider: true }, results: { 'textDocument/formatting': [] } })
    expect(await run({ operation: 'format', range: null, options })).toMatchObject({ kind: 'workspaceEdit', edit: null })
  })
})

describe('codeActions', () => {
  it('resolves actions that come without an edit, and lists bare commands without one', async () => {
    const resolvedEdit = { changes: { 'file:///w/a.ts': [{ range: range(0, 0, 0, 0), newText: 'import x\n' }] } }
    const { run, fake } = setup({
      capabilities: { codeActionProvider: { resolveProvider: true } },
      results: {
        'textDocument/codeAction': [
          { title: 'Organize imports', kind: 'source.organizeImports', data: { id: 1 } },
          { title: 'Extract function', command: '_ts.extract', arguments: [] },
          { title: 'Cannot', kind: 'refactor', disabled: { reason: 'nothing selected' } },
        ],
        'codeAction/resolve': { title: 'Organize imports', kind: 'source.organizeImports', edit: resolvedEdit },
      },
    })
    const result = await run({ operation: 'codeActions', range: range(0, 0, 0, 0), diagnostics: [], only: ['source'] })
    expect(result).toMatchObject({
      kind: 'codeActions',
      actions: [
        { title: 'Organize imports', kind: 'source.organizeImports', edit: { changes: [{ kind: 'edit', uri: 'file:///w/a.ts', edits: [{ newText: 'import x\n' }] }] }, command: null },
        { title: 'Extract function', kind: null, edit: null, command: { title: 'Extract function', command: '_ts.extract' } },
        { title: 'Cannot', kind: 'refactor', edit: null, disabledReason: 'nothing selected' },
      ],
    })
    const received = await fake.received()
    expect(received.find((entry) => entry.method === 'codeAction/resolve')?.params).toEqual({ title: 'Organize imports', kind: 'source.organizeImports', data: { id: 1 } })
    expect((received.find((entry) => entry.method === 'textDocument/codeAction')?.params as { context: unknown }).context).toEqual({ diagnostics: [], triggerKind: 1, only: ['source'] })
  })
})

describe('completion', () => {
  it('filters by the typed prefix, sorts by sortText and resolves what lacks a detail', async () => {
    const root = workspace({ 'a.ts': 'const cart = new Cart()\ncart.to\n' })
    const fake = fakeProvider(root, {
      capabilities: { ...defaultFakeServerCapabilities, completionProvider: { resolveProvider: true, triggerCharacters: ['.'] } },
      results: {
        'textDocument/completion': {
          isIncomplete: false,
          items: [
            { label: 'total', kind: 2, sortText: '11' },
            { label: 'items', kind: 5, sortText: '11', detail: 'Item[]' },
            { label: 'toString', kind: 2, sortText: '10', detail: '(): string', documentation: { kind: 'markdown', value: 'Text.' } },
          ],
        },
        'completionItem/resolve': { label: 'total', kind: 2, detail: '(method) Cart.total(): number' },
      },
    })
    const result = await fake.provider.query({ operation: 'completion', filePath: 'a.ts', position: { line: 1, character: 7 }, workspaceRoot: root, languageId: 'typescript' })
    expect(result).toMatchObject({
      kind: 'completion',
      completion: {
        isIncomplete: false,
        items: [
          { label: 'toString', kind: 'Method', detail: '(): string', documentation: 'Text.' },
          { label: 'total', kind: 'Method', detail: '(method) Cart.total(): number' },
        ],
      },
    })
    expect((await fake.received()).filter((entry) => entry.method === 'completionItem/resolve')).toHaveLength(1)
  })
})

describe('resolve failures', () => {
  it('keep the item unresolved instead of failing the list', async () => {
    const root = workspace({ 'a.ts': 'p.\n' })
    const fake = fakeProvider(root, {
      capabilities: { ...defaultFakeServerCapabilities, completionProvider: { resolveProvider: true } },
      results: { 'textDocument/completion': [{ label: 'x', kind: 5 }] },
      errors: { 'completionItem/resolve': { code: -32603, message: 'no details' } },
    })
    const result = await fake.provider.query({ operation: 'completion', filePath: 'a.ts', position: { line: 0, character: 2 }, workspaceRoot: root, languageId: 'typescript' })
    expect(result).toMatchObject({ kind: 'completion', completion: { items: [{ label: 'x', kind: 'Field' }] } })
  })
})

describe('client capabilities for edits', () => {
  it('advertises documentChanges, resource operations, prepareRename, resolve support and code action literals', async () => {
    const { run, fake } = setup({ capabilities: { renameProvider: true }, results: { 'textDocument/rename': null } })
    expect(await run(renameAt)).toMatchObject({ kind: 'workspaceEdit', edit: null })
    const capabilities = ((await fake.received())[0]?.params as { capabilities: Record<string, any> }).capabilities
    expect(capabilities.workspace.workspaceEdit).toEqual({ documentChanges: true, resourceOperations: ['create', 'rename', 'delete'], failureHandling: 'transactional', normalizesLineEndings: false })
    expect(capabilities.workspace.applyEdit).toBe(false)
    expect(capabilities.textDocument.rename).toMatchObject({ prepareSupport: true })
    expect(capabilities.textDocument.completion.completionItem.resolveSupport).toEqual({ properties: ['detail', 'documentation'] })
    expect(capabilities.textDocument.codeAction).toMatchObject({ codeActionLiteralSupport: { codeActionKind: { valueSet: expect.arrayContaining(['quickfix', 'refactor.extract', 'source.organizeImports']) } }, resolveSupport: { properties: ['edit'] } })
  })
})
