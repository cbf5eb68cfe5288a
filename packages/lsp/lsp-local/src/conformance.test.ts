// The provider conformance suite of @agent-lsp/lsp-testing, run on this package's provider: over
// the scriptable fake server (the operations it implements; the others must be refused), and over
// the real typescript-language-server (every operation of the seam).
import { randomUUID } from 'node:crypto'
import { readFileSync, realpathSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import * as seam from '@agent-lsp/lsp'
import {
  defaultFakeServerCapabilities,
  fakeServerEnv,
  fakeServerPath,
  readFakeServerLog,
  providerConformanceSuite,
  runProviderConformance,
  type ConformanceFixture,
  type ConformanceProvider,
  type ConformanceSeam,
  type FakeServerScenario,
} from '@agent-lsp/lsp-testing'
import { afterAll, describe, expect, expectTypeOf, it } from 'vitest'
import { createLocalLspProvider, type LocalLspProvider } from './provider.js'

// The suite is typed from the seam itself; the provider and the module fit what it asks for.
expectTypeOf<LocalLspProvider>().toExtend<ConformanceProvider>()
expectTypeOf<typeof seam>().toExtend<ConformanceSeam>()

const require = createRequire(import.meta.url)
const runner = { describe, it, afterAll }
// Against typescript-language-server each root variant runs every claimed operation, a tsc project
// check (2-4 s on this machine) among them: more than the 30 s default under load.
const realServerRunner = { describe, it: (name: string, body: () => Promise<void>) => it(name, body, 120_000), afterAll }

/** Lines of the fake's file: the second has an astral character (2 UTF-16 code units). */
const fakeSource = 'const a = 1\nconst shown = `🎉 ${a}`\nconst b = a\n'

function fakeScenario(root: string, log: string, hang: readonly string[] = []): FakeServerScenario {
  const uri = pathToFileURL(join(root, 'a.ts')).href
  const range = (line: number, start: number, end: number) => ({ start: { line, character: start }, end: { line, character: end } })
  // The fake's defaults without textDocumentSync, which lsp-local reads as pushed diagnostics (the
  // fake never sends any): so `diagnostics` is refused as unsupported, like the other unclaimed.
  const { textDocumentSync: _sync, ...capabilities } = defaultFakeServerCapabilities
  return {
    capabilities,
    hover: { '0': { contents: { kind: 'markdown', value: '```ts\nconst a: 1\n```' }, range: range(0, 6, 7) }, '2': { contents: 'const b: 1' } },
    definition: { uri, range: range(0, 6, 7) },
    // Unsorted, with a duplicate: the provider must normalize.
    references: [
      { uri, range: range(2, 10, 11) },
      { uri, range: range(0, 6, 7) },
      { uri, range: range(1, 20, 21) },
      { uri, range: range(2, 10, 11) },
    ],
    implementation: [{ targetUri: uri, targetRange: range(0, 0, 11), targetSelectionRange: range(0, 6, 7) }],
    hang: [...hang],
    log,
  }
}

function fakeProvider(root: string, hang: readonly string[] = []) {
  const log = join(tmpdir(), `agent-lsp-conformance-${randomUUID()}.jsonl`)
  const provider = createLocalLspProvider(
    {
      id: 'fake',
      command: process.execPath,
      args: [fakeServerPath],
      extensionToLanguage: { '.ts': 'typescript' },
      env: fakeServerEnv(fakeScenario(root, log, hang)),
    },
    { limits: { readinessTimeoutMs: 5_000 } },
  )
  /** Resolves once the fake has received a request for `method`. */
  const received = async (method: string): Promise<void> => {
    const seen = async () => (await readFakeServerLog(log).catch(() => [])).some((entry) => entry.direction === 'in' && entry.method === method)
    while (!(await seen())) await new Promise((resolve) => setImmediate(resolve))
  }
  return { provider, received }
}

const fakeFixture: ConformanceFixture = {
  files: { 'a.ts': fakeSource },
  operations: {
    goToDefinition: { file: 'a.ts', at: 'a = 1' },
    findReferences: { file: 'a.ts', at: 'a = 1' },
    goToImplementation: { file: 'a.ts', at: 'a = 1' },
    hover: { file: 'a.ts', at: 'a = 1' },
  },
}

let stalled: ReturnType<typeof fakeProvider> | undefined
runProviderConformance(runner, {
  name: 'lsp-local on the fake server',
  seam,
  createProvider: ({ workspaceRoot }) => fakeProvider(workspaceRoot).provider,
  fixture: fakeFixture,
  stall: {
    operation: 'hover',
    createProvider: ({ workspaceRoot }) => {
      stalled = fakeProvider(workspaceRoot, ['textDocument/hover'])
      return stalled.provider
    },
    reached: () => stalled!.received('textDocument/hover'),
  },
})

const tsconfig = JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler' }, include: ['src'] })

const shapes = [
  'export interface Shape {',
  '  area(): number',
  '}',
  '',
  'export class Square implements Shape {',
  '  constructor(private readonly side: number) {}',
  '  area(): number {',
  '    return this.side * this.side',
  '  }',
  '}',
  '',
  'export function totalArea(shapes: readonly Shape[]): number {',
  '  return shapes.reduce((sum, shape) => sum + shape.area(), 0)',
  '}',
  '',
].join('\n')

/** Unformatted, so `format` has something to do. */
const messy = ['export const messy = {a:1,b:  2}', 'export function  pad(x:number){return x+1}', ''].join('\n')

const main = [
  "import { Square, totalArea } from './shapes'",
  '',
  'export function report(label: string): string {',
  '  const square = new Square(2)',
  '  const total = totalArea([square])',
  '  return `${label} 🎉 ${total}`',
  '}',
  '',
  "export const broken: number = 'not a number'",
  '',
].join('\n')

runProviderConformance(realServerRunner, {
  name: 'lsp-local on typescript-language-server',
  seam,
  createProvider: () =>
    createLocalLspProvider({
      id: 'typescript',
      command: process.execPath,
      args: [require.resolve('typescript-language-server/lib/cli.mjs'), '--stdio'],
      extensionToLanguage: { '.ts': 'typescript', '.tsx': 'typescriptreact' },
      projectMarkers: ['tsconfig.json'],
      initializationOptions: { tsserver: { path: require.resolve('typescript/lib/tsserver.js'), useSyntaxServer: 'never' } },
      projectCheck: { compiler: 'tsc', script: require.resolve('typescript/bin/tsc') },
    }),
  fixture: {
    files: { 'tsconfig.json': tsconfig, 'src/shapes.ts': shapes, 'src/main.ts': main, 'src/messy.ts': messy },
    operations: {
      goToDefinition: { file: 'src/main.ts', at: 'totalArea([' },
      goToTypeDefinition: { file: 'src/main.ts', at: 'square = new' },
      findReferences: { file: 'src/main.ts', at: 'totalArea([' },
      goToImplementation: { file: 'src/shapes.ts', at: 'Shape {' },
      hover: { file: 'src/main.ts', at: 'totalArea([' },
      signatureHelp: { file: 'src/main.ts', at: 'totalArea([', offset: 'totalArea('.length },
      incomingCalls: { file: 'src/shapes.ts', at: 'totalArea(' },
      outgoingCalls: { file: 'src/main.ts', at: 'report(' },
      documentSymbol: { file: 'src/shapes.ts' },
      workspaceSymbol: { file: 'src/main.ts', query: 'totalArea' },
      diagnostics: { file: 'src/main.ts' },
      overlayDiagnostics: { file: 'src/main.ts' },
      completion: { file: 'src/shapes.ts', at: 'shape.area', offset: 'shape.'.length },
      rename: { file: 'src/main.ts', at: 'totalArea([' },
      codeActions: { file: 'src/main.ts', at: 'report(' },
      format: { file: 'src/messy.ts' },
      prepareCallHierarchy: { file: 'src/shapes.ts', at: 'totalArea(' },
      workspaceDiagnostics: { file: 'src/main.ts' },
      // typescript-language-server 5.3 registers willRename (not didRename, which it refuses).
      willRenameFiles: { file: 'src/shapes.ts', newFile: 'src/geometry/shapes.ts' },
    },
  },
})

// The suite itself: a small in-memory provider passes it, and each way of breaking the contract
// fails the check that names it (so a green run above means something).
type Flaw =
  | 'ignoresAbort'
  | 'rootAsGiven'
  | 'unsorted'
  | 'emptyWhenUnsupported'
  | 'undefinedField'
  | 'noDeclaration'
  | 'loneExtensionConflict'
  | 'unsortedCompletion'
  | 'emptyEdit'
  | 'overlappingEdits'
  | 'renameIgnoresName'

function memoryProvider(flaw?: Flaw): seam.LspProvider {
  const fail = (code: seam.LspErrorCode, message: string) => new seam.LspError(code, message)
  return {
    id: seam.lspProviderId('memory'),
    extensionToLanguage: { '.txt': 'plaintext' },
    async query(request, signal) {
      const cancelled = () => fail('LSP_CANCELLED', `${request.operation} was cancelled`)
      if (signal?.aborted) throw cancelled()
      let root: string
      try {
        root = realpathSync(resolve(request.workspaceRoot))
      } catch {
        throw fail('LSP_FILE_NOT_FOUND', `no workspace ${request.workspaceRoot}`)
      }
      if (
        request.operation !== 'hover' &&
        request.operation !== 'goToDefinition' &&
        request.operation !== 'findReferences' &&
        request.operation !== 'completion' &&
        request.operation !== 'rename'
      ) {
        if (flaw === 'emptyWhenUnsupported') return { kind: 'locations', locations: [], resolvedWorkspaceRoot: root, completeness: { state: 'complete' } } as never
        throw fail('LSP_UNSUPPORTED_OPERATION', `memory does not support ${request.operation}`)
      }
      let file: string
      try {
        file = realpathSync(resolve(request.workspaceRoot, request.filePath))
      } catch {
        throw fail('LSP_FILE_NOT_FOUND', `no file ${request.filePath}`)
      }
      if (relative(root, file).startsWith('..')) throw fail('LSP_OUTSIDE_WORKSPACE', `${request.filePath} is outside ${root}`)
      const lines = readFileSync(file, 'utf8').split('\n')
      const line = lines[request.position.line]
      if (line === undefined || request.position.character > line.length) throw fail('LSP_INVALID_POSITION', 'past the end')
      // An answer that takes a turn of the event loop, abandoned at once on abort.
      await new Promise<void>((settle, reject) => {
        const onAbort = () => reject(cancelled())
        if (flaw !== 'ignoresAbort') signal?.addEventListener('abort', onAbort, { once: true })
        setImmediate(() => {
          signal?.removeEventListener('abort', onAbort)
          settle()
        })
      })
      const uri = pathToFileURL(file).href
      const at = (l: number) => ({ uri, range: { start: { line: l, character: 0 }, end: { line: l, character: 1 } } })
      const base = { resolvedWorkspaceRoot: flaw === 'rootAsGiven' ? request.workspaceRoot : root, completeness: { state: 'complete' } } as const
      if (request.operation === 'hover') return { kind: 'hover', hover: flaw === 'undefinedField' ? { contents: 'x', range: undefined } : { contents: 'x' }, ...base } as never
      if (request.operation === 'goToDefinition') return { kind: 'locations', locations: [at(0)], ...base }
      if (request.operation === 'completion') {
        const item = (label: string, sortText: string) => ({ label, kind: 'Text', insertText: label, snippet: false, sortText, deprecated: false }) as const
        const items = flaw === 'unsortedCompletion' ? [item('one', '1'), item('two', '0')] : [item('one', '0'), item('two', '1')]
        return { kind: 'completion', completion: { isIncomplete: false, items }, ...base }
      }
      if (request.operation === 'rename') {
        const edit = (start: number, end: number) => ({ range: { start: { line: 1, character: start }, end: { line: 1, character: end } }, newText: flaw === 'renameIgnoresName' ? 'x' : request.newName })
        const edits = flaw === 'overlappingEdits' ? [edit(0, 2), edit(1, 3)] : [edit(0, 3)]
        const changes = flaw === 'emptyEdit' ? [] : [{ kind: 'edit', uri, version: null, edits } as const]
        return { kind: 'workspaceEdit', edit: { changes }, ...base }
      }
      const references = flaw === 'noDeclaration' ? [at(1)] : flaw === 'unsorted' ? [at(1), at(0)] : [at(0), at(1)]
      return { kind: 'locations', locations: references, ...base }
    },
  }
}

/** The names of the failing checks, with their messages. */
async function failures(flaw?: Flaw): Promise<string[]> {
  const suite = providerConformanceSuite({
    name: 'memory',
    seam: flaw === 'loneExtensionConflict' ? { ...seam, createLspService: () => lenientService(seam.createLspService()) } : seam,
    createProvider: () => memoryProvider(flaw),
    fixture: {
      files: { 'a.txt': 'one\ntwo 🎉\n' },
      operations: {
        hover: { file: 'a.txt', at: 'one' },
        goToDefinition: { file: 'a.txt', at: 'two' },
        findReferences: { file: 'a.txt', at: 'two' },
        completion: { file: 'a.txt', at: 'one' },
        rename: { file: 'a.txt', at: 'two' },
      },
    },
  })
  const failed: string[] = []
  try {
    for (const group of suite.groups) {
      for (const check of group.cases) await check.run().catch((error: Error) => failed.push(`${check.name}: ${error.message}`))
    }
  } finally {
    await suite.dispose()
  }
  return failed
}

/** A registry that publishes the free extensions of a provider whose other extension conflicts. */
function lenientService(service: seam.LspService): seam.LspService {
  return {
    ...service,
    registerProvider(provider) {
      try {
        return service.registerProvider(provider)
      } catch (error) {
        const free = Object.entries(provider.extensionToLanguage).filter(([extension]) => !service.providers().some((p) => p.extensions.includes(extension)))
        if (free.length > 0 && seam.LspError.isInstance(error) && error.code === 'LSP_CONFLICT') {
          service.registerProvider({ ...provider, id: seam.lspProviderId(`${provider.id}-partial`), extensionToLanguage: Object.fromEntries(free) })
        }
        throw error
      }
    },
  }
}

describe('the conformance suite', () => {
  it('passes a provider that keeps the contract', async () => {
    expect(await failures()).toEqual([])
  })

  it.each<[Flaw, string]>([
    ['ignoresAbort', 'an abort while the query is pending rejects it with LSP_CANCELLED promptly: goToDefinition aborted while pending: expected LSP_CANCELLED, but it answered'],
    ['rootAsGiven', 'resolvedWorkspaceRoot is the realpath of a root given through a symlink: goToDefinition result.resolvedWorkspaceRoot must be the realpath of the workspace root'],
    ['unsorted', "findReferences answers a well-formed, non-empty 'locations' result: findReferences result.locations[1] comes before findReferences result.locations[0]"],
    ['emptyWhenUnsupported', 'rejects the operations it does not claim with LSP_UNSUPPORTED_OPERATION'],
    ['undefinedField', "hover answers a well-formed, non-empty 'hover' result: hover result.hover.range must be absent rather than undefined"],
    ['noDeclaration', 'findReferences includes the declaration: findReferences at'],
    ['loneExtensionConflict', 'a provider claiming one of its extensions conflicts, and none of its extensions is published'],
    ['unsortedCompletion', "completion answers a well-formed, non-empty 'completion' result: completion result.completion.items[1].sortText sorts before the previous item's"],
    ['emptyEdit', "rename answers a well-formed, non-empty 'workspaceEdit' result: rename result.edit changes nothing: an edit without changes must be `null`"],
    ['overlappingEdits', "rename answers a well-formed, non-empty 'workspaceEdit' result: rename result.edit.changes[0].edits[1].range overlaps rename result.edit.changes[0].edits[0].range"],
    ['renameIgnoresName', "rename answers a well-formed, non-empty 'workspaceEdit' result: rename: the edit for"],
  ])('fails a provider with the flaw %s, naming it', async (flaw, message) => {
    const failed = await failures(flaw)
    expect(failed.some((line) => line.startsWith(message)), failed.join('\n')).toBe(true)
  })
})
