import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { createLocalLspProvider } from './provider.js'
import type { FakeServerLogEntry } from '@agent-lsp/lsp-testing'
import type { Range } from 'vscode-languageserver-protocol'
import { slidingWindowCrashPolicy } from './process/crash-policy.js'
import { fakeProvider, rejection, until, workspace } from './fake.test-support.js'

const source = 'const a = 1\nconst b = a\n'
const range = (line: number, start: number, end: number) => ({ start: { line, character: start }, end: { line, character: end } })

describe('handshake and server requests', () => {
  it('answers every server→client request properly', async () => {
    const root = workspace({ 'a.ts': source })
    const fake = fakeProvider(root, {
      serverRequests: [
        { method: 'workspace/configuration', params: { items: [{ section: 'x' }, {}, { section: 'y.z' }] } },
        { method: 'window/workDoneProgress/create', params: { token: 't1' } },
        { method: 'client/registerCapability', params: { registrations: [{ id: 'r1', method: 'workspace/didChangeWatchedFiles' }] } },
        { method: 'client/unregisterCapability', params: { unregisterations: [{ id: 'r1', method: 'workspace/didChangeWatchedFiles' }] } },
        { method: 'workspace/workspaceFolders' },
      ],
    })
    await fake.query('hover')
    const repliesLogged = async () => (await fake.log()).filter((entry) => entry.direction === 'reply')
    await until(async () => (await repliesLogged()).length === 5)
    const replies = await repliesLogged()
    expect(replies.map((entry) => [entry.method, 'error' in entry ? entry.error : entry.result])).toEqual([
      ['workspace/configuration', [null, null, null]],
      ['window/workDoneProgress/create', null],
      ['client/registerCapability', null],
      ['client/unregisterCapability', null],
      ['workspace/workspaceFolders', [{ uri: pathToFileURL(root).href, name: root.split('/').pop() }]],
    ])
  })

  it('sends initialize with honest capabilities, then initialized', async () => {
    const root = workspace({ 'a.ts': source })
    const fake = fakeProvider(root, {})
    await fake.query('hover')
    const [initialize, initialized] = await fake.received()
    expect(initialized?.method).toBe('initialized')
    const params = initialize?.params as Record<string, any>
    expect(params.processId).toBe(process.pid)
    expect(params.rootUri).toBe(pathToFileURL(root).href)
    expect(params.capabilities.general.positionEncodings).toEqual(['utf-16'])
    expect(params.capabilities.textDocument.definition.linkSupport).toBe(true)
    expect(params.capabilities.window.workDoneProgress).toBe(true)
    expect(params.capabilities.workspace).toMatchObject({ workspaceFolders: true, configuration: true, applyEdit: false })
    expect(params.capabilities.textDocument.documentSymbol.hierarchicalDocumentSymbolSupport).toBe(true)
    expect(params.capabilities.textDocument.signatureHelp.signatureInformation.parameterInformation).toEqual({ labelOffsetSupport: true })
  })

  it('says which command is missing, within a second, and the host survives', async () => {
    const root = workspace({ 'a.ts': source })
    const provider = createLocalLspProvider({ id: 'ghost', command: 'agent-lsp-no-such-server', extensionToLanguage: { '.ts': 'typescript' }, installHint: 'npm i ghost' })
    const started = performance.now()
    const error = await rejection(provider.query({ operation: 'hover', filePath: 'a.ts', position: { line: 0, character: 0 }, workspaceRoot: root, languageId: 'typescript' }))
    expect(performance.now() - started).toBeLessThan(1_000)
    expect(error.code).toBe('LSP_SERVER_NOT_FOUND')
    expect(error.message).toBe('language server "ghost" is not installed: command "agent-lsp-no-such-server" was not found (install: npm i ghost)')
    await provider.dispose()
  })

  it('reports a rejected initialize verbatim, once, without a restart loop', async () => {
    const root = workspace({ 'a.ts': source })
    const fake = fakeProvider(root, { initialize: { error: { code: -32603, message: 'unsupported project layout: no pyproject.toml' } } })
    for (let attempt = 0; attempt < 2; attempt++) {
      const error = await rejection(fake.query('hover'))
      expect(error.code).toBe('LSP_SERVER_START_FAILED')
      expect(error.message).toBe('language server "fake" rejected initialize: unsupported project layout: no pyproject.toml')
    }
    expect((await fake.received()).filter((entry) => entry.method === 'initialize')).toHaveLength(1)
    expect(fake.pids()).toEqual([])
  })

  it('kills a server that never answers initialize, and fails concurrent queries within the bound', async () => {
    const root = workspace({ 'a.ts': source })
    // Long enough for the fake to start and read initialize on a loaded machine.
    const fake = fakeProvider(root, { initialize: 'hang' }, { initializeTimeoutMs: 2_000 })
    const errors = await Promise.all([rejection(fake.query('hover')), rejection(fake.query('goToDefinition'))])
    expect(errors.map((error) => [error.code, error.message])).toEqual([
      ['LSP_TIMEOUT', 'language server "fake" did not answer initialize within 2 s; it was stopped'],
      ['LSP_TIMEOUT', 'language server "fake" did not answer initialize within 2 s; it was stopped'],
    ])
    expect((await fake.received()).filter((entry) => entry.method === 'initialize')).toHaveLength(1)
    // SIGKILL was sent; under load the process can take a moment to be gone (bounded by the test's timeout).
    await until(() => fake.pids().length === 0)
  })
})

describe('answers', () => {
  it('normalizes every hover shape, and empty ones to null', async () => {
    const lines = [
      'plain text',
      { language: 'python', value: 'def f() -> int' },
      ['', { language: 'ts', value: 'const x: 1' }],
      { kind: 'plaintext', value: 'int x' },
      { kind: 'markdown', value: '**価格** を計算する' },
      [],
      '',
      null,
      { kind: 'markdown', value: '' },
    ]
    const hover = Object.fromEntries(lines.map((contents, line) => [String(line), contents === null ? null : { contents }]))
    const root = workspace({ 'a.ts': lines.map(() => 'x').join('\n') })
    const fake = fakeProvider(root, { hover })
    const answers = []
    for (let line = 0; line < lines.length; line++) {
      const result = await fake.query('hover', { line, character: 0 })
      answers.push(result.kind === 'hover' ? (result.hover?.contents ?? null) : result.kind)
    }
    expect(answers).toEqual([
      'plain text',
      '```python\ndef f() -> int\n```',
      '```ts\nconst x: 1\n```',
      'int x',
      '**価格** を計算する',
      null,
      null,
      null,
      null,
    ])
  })

  it('uses a LocationLink\'s targetSelectionRange and sends findReferences with the declaration', async () => {
    const root = workspace({ 'a.ts': source })
    const target = pathToFileURL(join(root, 'a.ts')).href
    const fake = fakeProvider(root, {
      definition: [{ targetUri: target, targetRange: range(0, 0, 11), targetSelectionRange: range(0, 6, 7) }],
      references: [{ uri: target, range: range(1, 10, 11) }, { uri: target, range: range(0, 6, 7) }],
    })
    const definition = await fake.query('goToDefinition', { line: 1, character: 10 })
    expect(definition).toEqual({ kind: 'locations', locations: [{ uri: target, range: range(0, 6, 7) }], resolvedWorkspaceRoot: root, completeness: { state: 'complete' } })
    const references = await fake.query('findReferences', { line: 1, character: 10 })
    expect(references.kind === 'locations' && references.locations.map((l) => l.range.start.line)).toEqual([0, 1])
    const sent = (await fake.received()).find((entry) => entry.method === 'textDocument/references')
    expect((sent?.params as { context: unknown }).context).toEqual({ includeDeclaration: true })
  })

  it('turns a malformed answer into LSP_MALFORMED_RESPONSE', async () => {
    const root = workspace({ 'a.ts': source })
    const fake = fakeProvider(root, { definition: 42 })
    const error = await rejection(fake.query('goToDefinition'))
    expect([error.code, error.message]).toEqual([
      'LSP_MALFORMED_RESPONSE',
      'fake textDocument/definition answered a malformed result: expected Location or LocationLink, got 42',
    ])
  })

  it('says when the server lacks the operation, naming both', async () => {
    const root = workspace({ 'a.ts': source })
    const fake = fakeProvider(root, { capabilities: { hoverProvider: true } })
    const error = await rejection(fake.query('goToImplementation'))
    expect([error.code, error.message]).toEqual([
      'LSP_UNSUPPORTED_OPERATION',
      'language server "fake" does not support goToImplementation (no implementationProvider)',
    ])
  })

  it('refuses a position past the end of the file or line', async () => {
    const root = workspace({ 'a.ts': source })
    const fake = fakeProvider(root, {})
    const pastLine = await rejection(fake.query('hover', { line: 5, character: 0 }))
    expect([pastLine.code, pastLine.message]).toEqual(['LSP_INVALID_POSITION', `line 5 (zero-based) is past the end of ${join(root, 'a.ts')} (3 lines)`])
    const pastCharacter = await rejection(fake.query('hover', { line: 0, character: 12 }))
    expect(pastCharacter.code).toBe('LSP_INVALID_POSITION')
  })
})

describe('readiness', () => {
  const progressSent = (kind: string) => (entry: FakeServerLogEntry) =>
    entry.direction === 'out' && entry.method === '$/progress' && (entry.params as { value?: { kind?: string } }).value?.kind === kind

  /** A provider whose fake is indexing (begin sent, end due after `delayMs`) and answers at once. */
  async function busyFake(delayMs: number, limits = {}) {
    const root = workspace({ 'a.ts': source })
    const fake = fakeProvider(root, { progress: { token: 'index', delayMs, holdRequests: false }, hover: { '0': { contents: 'ready' } } }, limits)
    await fake.query('hover', { line: 0, character: 0 })
    await until(async () => (await fake.log()).some(progressSent('begin')))
    return fake
  }

  it('waits for the server\'s progress to end before asking', async () => {
    const fake = await busyFake(300)
    const result = await fake.query('hover', { line: 0, character: 0 })
    expect(result).toMatchObject({ kind: 'hover', hover: { contents: 'ready' }, completeness: { state: 'complete' } })
    const log = await fake.log()
    const end = log.findIndex(progressSent('end'))
    const lastHover = log.findLastIndex((entry) => entry.direction === 'in' && entry.method === 'textDocument/hover')
    expect(end).toBeGreaterThan(-1)
    expect(lastHover).toBeGreaterThan(end)
  })

  it('marks the answer partial when the server is still busy past the bound', async () => {
    const fake = await busyFake(5_000, { readinessTimeoutMs: 50 })
    const result = await fake.query('hover', { line: 0, character: 0 })
    expect(result).toMatchObject({ kind: 'hover', hover: { contents: 'ready' } })
    expect(result.completeness).toEqual({
      state: 'partial',
      reason: 'indexing',
      message: 'fake was still busy (Indexing) after 0.05 s; the answer may be incomplete',
    })
  })
})

describe('faults and cancellation', () => {
  it('cancels with $/cancelRequest and rejects at once; the server keeps answering', async () => {
    const root = workspace({ 'a.ts': source })
    const fake = fakeProvider(root, { hang: ['textDocument/references'], hover: { '0': { contents: 'still here' } } })
    await fake.query('hover', { line: 0, character: 0 })
    const controller = new AbortController()
    const pending = rejection(fake.query('findReferences', undefined, controller.signal))
    // Abort once the request is on the wire, so that a $/cancelRequest is due.
    await until(async () => (await fake.received()).some((entry) => entry.method === 'textDocument/references'))
    controller.abort()
    const error = await pending
    expect([error.code, error.message]).toEqual(['LSP_CANCELLED', 'textDocument/references was cancelled'])
    const hover = await fake.query('hover', { line: 0, character: 0 })
    expect(hover.kind === 'hover' && hover.hover?.contents).toBe('still here')
    const received = await fake.received()
    const request = received.find((entry) => entry.method === 'textDocument/references')
    const cancel = received.find((entry) => entry.method === '$/cancelRequest')
    expect(cancel?.params).toEqual({ id: request?.id })
  })

  it('fails in-flight requests at once when the server dies, quoting exit code and stderr, then restarts and answers', async () => {
    const root = workspace({ 'a.ts': source })
    const target = pathToFileURL(join(root, 'a.ts')).href
    const fake = fakeProvider(root, {
      // On its first launch only: the first definition gets a full header, 20 bytes of body, then exit 3.
      crash: { on: 'textDocument/definition', exitCode: 3, stderr: 'fatal: simulated stack overflow in resolver', partialBody: true, launches: 1 },
      definition: { uri: target, range: { start: { line: 0, character: 6 }, end: { line: 0, character: 11 } } },
    })
    await fake.query('hover', { line: 0, character: 0 }) // started: the bound below is the crash's alone
    const started = performance.now()
    const error = await rejection(fake.query('goToDefinition'))
    // Never a timeout, never "no definition": the exit fails the request as soon as it is seen.
    expect(performance.now() - started).toBeLessThan(1_000)
    expect(error.code).toBe('LSP_SERVER_CRASHED')
    expect(error.message).toBe('language server "fake" exited with code 3; stderr: fatal: simulated stack overflow in resolver')
    const answer = await fake.query('goToDefinition')
    expect(answer).toEqual({
      kind: 'locations',
      locations: [{ uri: target, range: { start: { line: 0, character: 6 }, end: { line: 0, character: 11 } } }],
      resolvedWorkspaceRoot: root,
      completeness: { state: 'complete' },
    })
    const received = await fake.received()
    expect(received.filter((entry) => entry.method === 'initialize')).toHaveLength(2)
    // The restarted server was given the document again before it was asked.
    expect(received.filter((entry) => entry.method === 'textDocument/didOpen' || entry.method === 'textDocument/definition').map((entry) => entry.method)).toEqual([
      'textDocument/didOpen',
      'textDocument/definition',
      'textDocument/didOpen',
      'textDocument/definition',
    ])
  })

  it('stops restarting a server that crashes on every launch, and says so', async () => {
    const root = workspace({ 'a.ts': source })
    const fake = fakeProvider(root, { crash: { on: 'textDocument/hover', exitCode: 7, stderr: 'boom' } }, {}, slidingWindowCrashPolicy(2, 60_000))
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await rejection(fake.query('hover'))).message).toBe('language server "fake" exited with code 7; stderr: boom')
    }
    const error = await rejection(fake.query('hover'))
    expect([error.code, error.message]).toEqual([
      'LSP_SERVER_CRASHED',
      'language server "fake" keeps crashing: it crashed 3 times in the last 1 min; not restarting it (last: language server "fake" exited with code 7; stderr: boom)',
    ])
    expect((await fake.received()).filter((entry) => entry.method === 'initialize')).toHaveLength(3)
  })

  it('stops servers with shutdown and exit, and kills one that will not leave', async () => {
    const root = workspace({ 'a.ts': source })
    const polite = fakeProvider(root, {})
    await polite.query('hover')
    expect(polite.pids()).toHaveLength(1)
    await polite.provider.dispose()
    expect(polite.pids()).toEqual([])
    expect((await polite.received()).slice(-2).map((entry) => entry.method)).toEqual(['shutdown', 'exit'])
    expect((await rejection(polite.query('hover'))).code).toBe('LSP_DISPOSED')

    const stubborn = fakeProvider(workspace({ 'a.ts': source }), { hangOnShutdown: true }, { shutdownTimeoutMs: 100 })
    await stubborn.query('hover')
    expect(stubborn.pids()).toHaveLength(1)
    await stubborn.provider.dispose()
    expect(stubborn.pids()).toEqual([])
    // Killed once shutdown went unanswered: a server that answers nothing would not read exit either.
    expect((await stubborn.received()).slice(-2).map((entry) => entry.method)).toEqual(['textDocument/hover', 'shutdown'])
  })
})

describe('document sync from disk', () => {
  it('opens, re-sends changed files with a bumped version, caps open documents, and never reuses a version', async () => {
    const root = workspace({ 'a.ts': source, 'b.ts': 'b\n', 'c.ts': 'c\n' })
    const fake = fakeProvider(root, {}, { maxOpenDocuments: 2 })
    const ask = (filePath: string) => fake.provider.query({ operation: 'hover', filePath, position: { line: 0, character: 0 }, workspaceRoot: root, languageId: 'typescript' })
    await ask('a.ts')
    await ask('a.ts')
    writeFileSync(join(root, 'a.ts'), 'const a = 2\n')
    await ask('b.ts')
    await ask('c.ts')
    await ask('a.ts')
    const uri = (name: string) => pathToFileURL(join(root, name)).href
    const sync = (await fake.received())
      .filter((entry) => entry.method?.startsWith('textDocument/did'))
      .map((entry) => {
        const params = entry.params as { textDocument: { uri: string; version?: number; text?: string }; contentChanges?: { text: string; range?: Range }[] }
        const name = params.textDocument.uri.slice(uri('').length + 1)
        const text = params.textDocument.text ?? params.contentChanges?.[0]?.text
        const range = params.contentChanges?.[0]?.range
        const at = range && `${range.start.line}:${range.start.character}-${range.end.line}:${range.end.character}`
        return [entry.method?.slice('textDocument/'.length), name, params.textDocument.version, at, text === undefined ? undefined : JSON.stringify(text)].filter((part) => part !== undefined).join(' ')
      })
    expect(sync).toEqual([
      `didOpen a.ts 1 ${JSON.stringify(source)}`,
      // The fake server takes incremental changes: the range that changed, not the whole text.
      'didChange a.ts 2 0:10-1:11 "2"',
      'didOpen b.ts 3 "b\\n"',
      'didOpen c.ts 4 "c\\n"',
      'didClose a.ts',
      // Reopened: a version it never had, so nothing published about its old content can match.
      'didOpen a.ts 5 "const a = 2\\n"',
      'didClose b.ts',
    ])
  })
})

describe('no orphans', () => {
  it('kills the servers when the host exits without disposing', async () => {
    const root = workspace({ 'a.ts': source })
    const marker = `agent-lsp-orphan-${process.pid}-${Date.now()}`
    const script = `
      import { createLocalLspProvider } from '@agent-lsp/lsp-local'
      import { fakeServerPath, fakeServerEnv } from '@agent-lsp/lsp-testing'
      const provider = createLocalLspProvider({ id: 'fake', command: process.execPath, args: [fakeServerPath, ${JSON.stringify(marker)}],
        extensionToLanguage: { '.ts': 'typescript' }, env: fakeServerEnv({ hangOnShutdown: true }) })
      await provider.query({ operation: 'hover', filePath: 'a.ts', position: { line: 0, character: 0 }, workspaceRoot: ${JSON.stringify(root)}, languageId: 'typescript' })
      process.exit(0)
    `
    const { execFile } = await import('node:child_process')
    await new Promise<void>((resolve, reject) =>
      execFile(process.execPath, ['--input-type=module', '-e', script], { cwd: fileURLToPath(new URL('..', import.meta.url)) }, (error) =>
        error ? reject(error) : resolve(),
      ),
    )
    const { execFileSync } = await import('node:child_process')
    const alive = (): string => {
      try {
        return execFileSync('pgrep', ['-r', 'RSD', '-f', marker], { encoding: 'utf8' }).trim()
      } catch {
        return ''
      }
    }
    // SIGKILL is sent on exit; the process takes a moment to go. The bound: 5 s.
    const deadline = Date.now() + 5_000
    while (alive() !== '' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
    expect(alive()).toBe('')
  })
})

describe('files changed on disk that are not open', () => {
  it('reports created, changed and deleted files matching the registered globs before workspace-wide queries', async () => {
    const root = workspace({ 'a.ts': source, 'old.ts': 'x\n', 'notes.md': '' })
    const fake = fakeProvider(root, {
      references: [],
      serverRequests: [
        {
          method: 'client/registerCapability',
          params: { registrations: [{ id: 'w', method: 'workspace/didChangeWatchedFiles', registerOptions: { watchers: [{ globPattern: '**/*.ts' }] } }] },
        },
      ],
    })
    await fake.query('hover')
    await until(async () => (await fake.log()).some((entry) => entry.direction === 'reply'))
    writeFileSync(join(root, 'new.ts'), 'y\n')
    writeFileSync(join(root, 'old.ts'), 'changed\n')
    writeFileSync(join(root, 'more.md'), 'ignored\n')
    const { rmSync } = await import('node:fs')
    rmSync(join(root, 'a.ts'))
    writeFileSync(join(root, 'a.ts'), source) // recreated with the same content: a change at most
    rmSync(join(root, 'old.ts'))
    await fake.provider.query({ operation: 'findReferences', filePath: 'new.ts', position: { line: 0, character: 0 }, workspaceRoot: root, languageId: 'typescript' })
    const events = (await fake.received()).filter((entry) => entry.method === 'workspace/didChangeWatchedFiles')
    const uri = (name: string) => pathToFileURL(join(root, name)).href
    const changes = (events[0]?.params as { changes: { uri: string; type: number }[] }).changes
    expect(events).toHaveLength(1)
    expect(changes.filter((change) => change.uri !== uri('a.ts'))).toEqual([
      { uri: uri('new.ts'), type: 1 },
      { uri: uri('old.ts'), type: 3 },
    ])
  })
})
