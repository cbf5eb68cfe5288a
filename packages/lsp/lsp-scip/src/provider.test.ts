import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, readFile, realpath, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { LspError, type LspProviderQuery } from '@agent-lsp/lsp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { indexWorkspace } from './indexers.test-support.js'
import { createScipLspProvider } from './provider.js'
import { contentRevision, sha256 } from './staleness/manifest.js'
import { fileUri } from './workspace/files.js'

const animal = '/** Something that speaks. */\nexport interface Animal {\n  speak(): string\n}\n\nexport class Dog implements Animal {\n  speak(): string { return "woof" }\n}\n'
const talk = "import { Dog, type Animal } from './animal'\n\nexport function talk(animal: Animal): string {\n  return animal.speak()\n}\n\nexport const greeting = talk(new Dog())\n"
const builtAt = new Date('2026-12-01T09:30:00.000Z')

let root = ''
beforeAll(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'agent-lsp-scip-')))
  await mkdir(join(root, 'src'))
  await writeFile(join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true }, include: ['src'] }))
  await writeFile(join(root, 'src/animal.ts'), animal)
  await writeFile(join(root, 'src/talk.ts'), talk)
  await indexWorkspace(root, { typescript: true }, builtAt)
}, 120_000)
afterAll(() => rm(root, { recursive: true, force: true }))

const at = (operation: string, file: string, line: number, character: number) =>
  ({ operation, filePath: file, position: { line, character }, workspaceRoot: root, languageId: 'typescript' }) as LspProviderQuery
const loc = (file: string, line: number, start: number, end: number) => ({ uri: fileUri(join(root, file)), range: { start: { line, character: start }, end: { line, character: end } } })
const codeOf = async (promise: Promise<unknown>) => promise.then(() => 'answered', (error: unknown) => (LspError.isInstance(error) ? `${error.code}: ${error.message}` : String(error)))

describe('answers from a scip-typescript index', () => {
  const provider = createScipLspProvider()

  it('goToDefinition, findReferences (declaration included) and goToImplementation (relationships)', async () => {
    expect(await provider.query(at('goToDefinition', 'src/talk.ts', 6, 25))).toMatchObject({ locations: [loc('src/talk.ts', 2, 16, 20)] })
    expect(await provider.query(at('findReferences', 'src/talk.ts', 2, 17))).toMatchObject({ locations: [loc('src/talk.ts', 2, 16, 20), loc('src/talk.ts', 6, 24, 28)] })
    // Dog is imported in talk.ts: the import specifier and the `new Dog()` both refer to it.
    expect(await provider.query(at('findReferences', 'src/animal.ts', 5, 14))).toMatchObject({ locations: [loc('src/animal.ts', 5, 13, 16), loc('src/talk.ts', 0, 9, 12), loc('src/talk.ts', 6, 33, 36)] })
    expect(await provider.query(at('goToImplementation', 'src/animal.ts', 1, 18))).toMatchObject({ locations: [loc('src/animal.ts', 5, 13, 16)] })
    expect(await provider.query(at('goToImplementation', 'src/animal.ts', 2, 3))).toMatchObject({ locations: [loc('src/animal.ts', 6, 2, 7)] })
    // A class nothing extends is its own implementation; an interface method's references hold its
    // implementations' declarations (is_reference), as tsserver's do.
    expect(await provider.query(at('goToImplementation', 'src/animal.ts', 5, 14))).toMatchObject({ locations: [loc('src/animal.ts', 5, 13, 16)] })
    expect(await provider.query(at('findReferences', 'src/animal.ts', 2, 3))).toMatchObject({ locations: [loc('src/animal.ts', 2, 2, 7), loc('src/animal.ts', 6, 2, 7), loc('src/talk.ts', 3, 16, 21)] })
    // Nothing implements talk: it is its own implementation, as tsserver answers.
    expect(await provider.query(at('goToImplementation', 'src/talk.ts', 2, 17))).toMatchObject({ locations: [loc('src/talk.ts', 2, 16, 20)] })
    // Between two names (a space) there is no symbol.
    expect(await provider.query(at('goToDefinition', 'src/talk.ts', 2, 6))).toMatchObject({ locations: [] })
  })

  it('hover is the symbol documentation; documentSymbol nests members under their type', async () => {
    expect(await provider.query(at('hover', 'src/animal.ts', 1, 18))).toMatchObject({ hover: { contents: '```ts\ninterface Animal\n```\n\nSomething that speaks.', range: loc('src/animal.ts', 1, 17, 23).range } })
    const outline = await provider.query({ operation: 'documentSymbol', filePath: 'src/animal.ts', workspaceRoot: root, languageId: 'typescript' })
    const shape = (symbols: readonly { name: string; kind: string; children: readonly unknown[] }[]): unknown => symbols.map((s) => [s.name, s.kind, shape(s.children as never)])
    expect(outline.kind === 'symbols' && shape(outline.symbols)).toEqual([['Animal', 'Interface', [['speak', 'Method', []]]], ['Dog', 'Class', [['speak', 'Method', []]]]])
    const found = await provider.query({ operation: 'workspaceSymbol', query: 'SPEAK', filePath: null, workspaceRoot: root, languageId: null })
    expect(found.kind === 'symbols' && found.symbols.map((s) => `${s.containerName}.${s.name}`)).toEqual(['Animal.speak', 'Dog.speak'])
  })

  it('says where every answer comes from: the index, when it was built, the content hash of what was indexed', async () => {
    const manifest = JSON.parse(await readFile(join(root, '.agent-lsp/index.scip.json'), 'utf8')) as { files: Record<string, string> }
    expect(manifest.files).toEqual({ 'src/animal.ts': sha256(animal), 'src/talk.ts': sha256(talk) })
    expect((await provider.query(at('hover', 'src/talk.ts', 2, 17))).provenance).toEqual({
      source: 'index',
      index: join(root, '.agent-lsp/index.scip'),
      builtAt: '2026-12-01T09:30:00.000Z',
      revision: contentRevision(manifest.files),
      staleUris: [],
    })
    expect((await provider.query(at('hover', 'src/talk.ts', 2, 17))).completeness).toEqual({ state: 'complete' })
  })

  it('refuses what an index does not answer', async () => {
    expect(await codeOf(provider.query(at('completion', 'src/talk.ts', 3, 16)))).toBe('LSP_UNSUPPORTED_OPERATION: completion is not answered from a SCIP index (it answers goToDefinition, findReferences, goToImplementation, hover, documentSymbol, workspaceSymbol)')
  })
})

describe('a file changed since the build', () => {
  it('is not answered from the index for positions in it; other answers are partial and mark its rows', async () => {
    const provider = createScipLspProvider()
    await writeFile(join(root, 'src/talk.ts'), `// edited\n${talk}`)
    try {
      expect(await provider.query(at('findReferences', 'src/talk.ts', 3, 17))).toMatchObject({
        locations: [],
        completeness: { state: 'partial', reason: 'stale', message: 'src/talk.ts changed since the index was built, so positions in it are not answered from the index; rebuild it (agent-lsp index) or ask the live server' },
        provenance: { staleUris: [fileUri(join(root, 'src/talk.ts'))] },
      })
      expect(await provider.query(at('findReferences', 'src/animal.ts', 5, 14))).toMatchObject({
        locations: [loc('src/animal.ts', 5, 13, 16), loc('src/talk.ts', 0, 9, 12), loc('src/talk.ts', 6, 33, 36)],
        completeness: { state: 'partial', reason: 'stale', message: '1 indexed file changed since the index was built (src/talk.ts): rows there may have moved, and what was written since is missing' },
        provenance: { staleUris: [fileUri(join(root, 'src/talk.ts'))] },
      })
      // A definition in a file that did not change is still current.
      expect(await provider.query(at('goToDefinition', 'src/animal.ts', 5, 30))).toMatchObject({ locations: [loc('src/animal.ts', 1, 17, 23)], completeness: { state: 'complete' }, provenance: { staleUris: [] } })
    } finally {
      await writeFile(join(root, 'src/talk.ts'), talk)
    }
    // Put back byte for byte, it is current again (the manifest compares content, not times).
    expect((await provider.query(at('findReferences', 'src/talk.ts', 2, 17))).completeness).toEqual({ state: 'complete' })
  })

  it('is stale in a long-lived provider when edited in place with its size and mtime put back (cp -p, rsync --inplace)', async () => {
    // The sixteenth trial: an MCP session's second look kept the first verdict (its key was
    // mtime, size and inode), and printed the old row as a reference, complete.
    const provider = createScipLspProvider()
    const file = join(root, 'src/talk.ts')
    const complete = { locations: [loc('src/talk.ts', 2, 16, 20), loc('src/talk.ts', 6, 24, 28)], completeness: { state: 'complete' }, provenance: { staleUris: [] } }
    expect(await provider.query(at('findReferences', 'src/talk.ts', 2, 17))).toMatchObject(complete)
    const before = await stat(file, { bigint: true })
    const edited = talk.replace('talk(new Dog())', 'tall(new Dog())')
    await writeFile(file, edited) // in place: the same inode, the same size
    const mtime = `@${before.mtimeNs / 1_000_000_000n}.${String(before.mtimeNs % 1_000_000_000n).padStart(9, '0')}`
    execFileSync('touch', ['-m', '-d', mtime, file])
    try {
      const after = await stat(file, { bigint: true })
      expect([after.ino, after.size, after.mtimeNs]).toEqual([before.ino, before.size, before.mtimeNs])
      expect(await provider.query(at('findReferences', 'src/animal.ts', 5, 14))).toMatchObject({
        completeness: { state: 'partial', reason: 'stale', message: '1 indexed file changed since the index was built (src/talk.ts): rows there may have moved, and what was written since is missing' },
        provenance: { staleUris: [fileUri(file)] },
      })
    } finally {
      await writeFile(file, talk)
    }
    expect(await provider.query(at('findReferences', 'src/talk.ts', 2, 17))).toMatchObject(complete)
  })

  it('without a manifest, is judged by modification time against the index file', async () => {
    const bare = await realpath(await mkdtemp(join(tmpdir(), 'agent-lsp-scip-bare-')))
    try {
      await mkdir(join(bare, 'src'))
      await mkdir(join(bare, '.agent-lsp'))
      await writeFile(join(bare, 'src/animal.ts'), animal)
      await writeFile(join(bare, 'src/talk.ts'), talk)
      // The same document paths, so root's index serves this copy too; no manifest beside it.
      const index = await readFile(join(root, '.agent-lsp/index.scip'))
      await writeFile(join(bare, '.agent-lsp/index.scip'), index)
      const indexTime = new Date('2026-12-01T10:00:00.000Z')
      await utimes(join(bare, '.agent-lsp/index.scip'), indexTime, indexTime)
      for (const file of ['src/animal.ts', 'src/talk.ts']) await utimes(join(bare, file), new Date('2026-12-01T09:00:00.000Z'), new Date('2026-12-01T09:00:00.000Z'))
      const provider = createScipLspProvider()
      const ask = { ...at('findReferences', 'src/talk.ts', 2, 17), workspaceRoot: bare } as LspProviderQuery
      expect(await provider.query(ask)).toMatchObject({ completeness: { state: 'complete' }, provenance: { builtAt: '2026-12-01T10:00:00.000Z', revision: `sha256:${sha256(index)}` } })
      await utimes(join(bare, 'src/talk.ts'), new Date('2026-12-01T11:00:00.000Z'), new Date('2026-12-01T11:00:00.000Z'))
      expect(await provider.query(ask)).toMatchObject({ locations: [], completeness: { state: 'partial', reason: 'stale' } })
    } finally {
      await rm(bare, { recursive: true, force: true })
    }
  })
})

describe('bad input', () => {
  it('a file the index does not hold answers empty, partial / unconfigured', async () => {
    await writeFile(join(root, 'src/new.ts'), 'export const fresh = 1\n')
    try {
      expect(await createScipLspProvider().query(at('goToDefinition', 'src/new.ts', 0, 14))).toMatchObject({
        locations: [],
        completeness: { state: 'partial', reason: 'unconfigured', message: `src/new.ts is not in the index ${join(root, '.agent-lsp/index.scip')} (added since it was built, or left out by the indexer's project configuration)` },
      })
    } finally {
      await rm(join(root, 'src/new.ts'))
    }
  })

  it('a missing, corrupt or foreign index, or a bad manifest, is a coded one-line error', async () => {
    const elsewhere = (indexPath: string) => createScipLspProvider({ indexPath }).query(at('hover', 'src/talk.ts', 2, 17))
    expect(await codeOf(elsewhere('none.scip'))).toBe(`LSP_INDEX_NOT_FOUND: no SCIP index at ${join(root, 'none.scip')}; build one with: agent-lsp index --root ${root}`)
    await writeFile(join(root, 'corrupt.scip'), Buffer.from([0x0a, 0xff, 0xff, 0xff]))
    expect(await codeOf(elsewhere('corrupt.scip'))).toMatch(new RegExp(`^LSP_INDEX_INVALID: ${join(root, 'corrupt.scip')} is not a SCIP index: .+$`))
    await writeFile(join(root, 'empty.scip'), '')
    expect(await codeOf(elsewhere('empty.scip'))).toBe(`LSP_INDEX_INVALID: ${join(root, 'empty.scip')} is not a SCIP index: it has no metadata naming the indexer`)
    await writeFile(join(root, 'manifest.scip'), await readFile(join(root, '.agent-lsp/index.scip')))
    await writeFile(join(root, 'manifest.scip.json'), '{"format":"agent-lsp-scip-manifest","version":2}')
    expect(await codeOf(elsewhere('manifest.scip'))).toBe(`LSP_INDEX_INVALID: the index manifest ${join(root, 'manifest.scip.json')} is not an agent-lsp-scip-manifest of version 1`)
  })
})
