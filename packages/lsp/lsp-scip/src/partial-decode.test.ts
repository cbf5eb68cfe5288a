import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { create, toBinary } from '@bufbuild/protobuf'
import { DocumentSchema, IndexSchema, MetadataSchema, OccurrenceSchema, RelationshipSchema, SymbolInformationSchema, SymbolRole, ToolInfoSchema } from '@c4312/scip/scip_pb.js'
import { LspError, type LspOperation } from '@agent-lsp/lsp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answerAt, answerFile, answerSearch } from './answer/answer.js'
import { indexWorkspace } from './indexers.test-support.js'
import { createScipLspProvider } from './provider.js'
import { LazyScipModel } from './scip/lazy-model.js'
import { readScipIndex, readScipIndexFile } from './scip/load.js'
import { DecodedScipModel, type ScipModel } from './scip/model.js'

// A project with what the lookups follow: an interface and its implementations, overrides
// (is_reference), an abstract class, names that are prefixes of others (Dog, DogHouse; speak,
// speakLoud), local symbols, a namespace import, and a JavaScript file.
const files: Record<string, string> = {
  'src/animal.ts': '/** Something that speaks. */\nexport interface Animal {\n  speak(): string\n  speakLoud?(): string\n}\n\nexport abstract class Base implements Animal {\n  abstract speak(): string\n  speakLoud(): string { return this.speak().toUpperCase() }\n}\n\nexport class Dog extends Base {\n  speak(): string { return "woof" }\n}\n\nexport class DogHouse {\n  constructor(readonly dog: Dog) {}\n  speak(): string { const loud = this.dog.speakLoud(); return loud + loud }\n}\n',
  'src/talk.ts': "import * as zoo from './animal'\nimport { Dog, DogHouse, type Animal } from './animal'\n\nexport function talk(animal: Animal): string {\n  const said = animal.speak()\n  return said\n}\n\nexport const greeting = talk(new Dog()) + new DogHouse(new zoo.Dog()).speak()\n",
  'src/more.ts': "import { talk, greeting } from './talk'\nimport { Base } from './animal'\n\nexport class Cat extends Base {\n  speak(): string { return talk(this) + greeting }\n}\n",
  'src/plain.js': 'export function plain(n) {\n  const twice = n * 2\n  return twice\n}\n',
}

const made: string[] = []
let root = ''
beforeAll(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'agent-lsp-lazy-')))
  made.push(root)
  await mkdir(join(root, 'src'))
  await writeFile(join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, allowJs: true }, include: ['src'] }))
  for (const [path, text] of Object.entries(files)) await writeFile(join(root, path), text)
  await indexWorkspace(root, { typescript: true })
}, 120_000)
afterAll(() => Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true }))))

const uriOf = (path: string) => `file:///w/${path}`
const cursorOperations: LspOperation[] = ['goToDefinition', 'findReferences', 'goToImplementation', 'hover']

async function models(indexPath: string): Promise<{ decoded: ScipModel; lazy: () => Promise<ScipModel> }> {
  const { index } = await readScipIndex(indexPath, root)
  const lazy = async () => {
    const file = await readScipIndexFile(indexPath, root)
    return new LazyScipModel(file.bytes, file.layout, file.decoder)
  }
  return { decoded: DecodedScipModel.of(index), lazy }
}

/** Every answer of both models: each cursor operation at each occurrence's start and end, each outline, some searches. */
async function expectSameAnswers(decoded: ScipModel, lazy: () => Promise<ScipModel>, queries: readonly string[]): Promise<number> {
  const shared = await lazy()
  let asked = 0
  for (const path of decoded.paths) {
    const places = decoded.occurrencesIn(path).flatMap((occurrence) => [occurrence.range.start, occurrence.range.end])
    for (const position of places) {
      for (const operation of cursorOperations) {
        const expected = answerAt(decoded, operation, path, position, uriOf)
        // A fresh lazy model (nothing decoded yet) and one that has answered everything before.
        expect(answerAt(await lazy(), operation, path, position, uriOf), `${operation} ${path}:${position.line}:${position.character}`).toEqual(expected)
        expect(answerAt(shared, operation, path, position, uriOf)).toEqual(expected)
        asked++
      }
    }
    expect(answerFile(await lazy(), path, uriOf)).toEqual(answerFile(decoded, path, uriOf))
  }
  for (const query of queries) expect(answerSearch(await lazy(), decoded.paths, query, uriOf)).toEqual(answerSearch(decoded, decoded.paths, query, uriOf))
  expect((await lazy()).paths).toEqual(decoded.paths)
  expect(new Set((await lazy()).globalSymbols)).toEqual(new Set(decoded.globalSymbols))
  return asked
}

describe('an index decoded in part answers as the whole decoded index', () => {
  it('on real scip-typescript output: every cursor question at every occurrence, every outline, searches', async () => {
    const { decoded, lazy } = await models(join(root, '.agent-lsp/index.scip'))
    expect(decoded.paths).toEqual(['src/animal.ts', 'src/more.ts', 'src/plain.js', 'src/talk.ts'])
    // The questions have answers: references to speak span three files, Animal has implementations.
    const speak = decoded.occurrencesIn('src/animal.ts').find((occurrence) => occurrence.symbol.endsWith('Animal#speak().'))!
    expect(new Set(answerAt(decoded, 'findReferences', 'src/animal.ts', speak.range.start, uriOf).paths)).toEqual(new Set(['src/animal.ts', 'src/more.ts', 'src/talk.ts']))
    const asked = await expectSameAnswers(decoded, lazy, ['', 'speak', 'DOG', 'loud', 'x'])
    expect(asked).toBeGreaterThan(400)
  })

  it('with documents repeated under one path, external symbols, and a symbol whose bytes were not UTF-8', async () => {
    const dir = await realpath(await mkdtemp(join(tmpdir(), 'agent-lsp-lazy-synthetic-')))
    made.push(dir)
    const base = 'scip-typescript npm lib 1.0.0 src/`a.ts`/'
    const odd = `${base}odZZZd().`
    const occurrence = (symbol: string, line: number, definition = false) => create(OccurrenceSchema, { symbol, range: [line, 0, 3], symbolRoles: definition ? SymbolRole.Definition : 0 })
    const index = create(IndexSchema, {
      metadata: create(MetadataSchema, { toolInfo: create(ToolInfoSchema, { name: 'scip-typescript', version: '0.4.0' }) }),
      documents: [
        create(DocumentSchema, { relativePath: 'src/a.ts', occurrences: [occurrence(`${base}I#`, 0, true), occurrence(odd, 1, true), occurrence('local 0', 2, true)], symbols: [create(SymbolInformationSchema, { symbol: `${base}I#`, documentation: ['first'] })] }),
        create(DocumentSchema, { relativePath: 'src/b.ts', occurrences: [occurrence(`${base}C#`, 0, true), occurrence(odd, 1), occurrence(`${base}I#`, 2), occurrence('local 0', 3, true)], symbols: [create(SymbolInformationSchema, { symbol: `${base}C#`, relationships: [create(RelationshipSchema, { symbol: `${base}I#`, isImplementation: true })] })] }),
        // Names whose lower case holds ASCII from outside it: the Kelvin sign (k), a dotted capital I (i + U+0307).
        create(DocumentSchema, { relativePath: 'src/c.ts', occurrences: [occurrence(`${base}\`\u212Aelvin\`#`, 0, true)] }),
        create(DocumentSchema, { relativePath: 'src/d.ts', occurrences: [occurrence(`${base}\`x\u0130\`#`, 1, true)] }),
        create(DocumentSchema, { relativePath: 'src/a.ts', occurrences: [occurrence(`${base}I#`, 4), occurrence('local 0', 5)], symbols: [create(SymbolInformationSchema, { symbol: `${base}I#`, documentation: ['second'] })] }),
      ],
      externalSymbols: [create(SymbolInformationSchema, { symbol: `${base}E#`, documentation: ['external'] }), create(SymbolInformationSchema, { symbol: `${base}I#`, documentation: ['shadowed'] })],
    })
    const bytes = toBinary(IndexSchema, index)
    // `ZZZ` becomes ED A0 80 wherever it is (a lone surrogate as scip-typescript writes it): U+FFFD when decoded.
    for (let at = Buffer.from(bytes).indexOf('ZZZ'); at >= 0; at = Buffer.from(bytes).indexOf('ZZZ', at)) bytes.set([0xed, 0xa0, 0x80], at)
    await writeFile(join(dir, 'index.scip'), bytes)
    const { decoded, lazy } = await models(join(dir, 'index.scip'))
    expect(decoded.infoOf(`${base}I#`, '')?.documentation).toEqual(['second'])
    expect((await lazy()).infoOf(`${base}E#`, '')?.documentation).toEqual(['external'])
    expect((await lazy()).occurrencesOf(`${base}od\uFFFD\uFFFD\uFFFDd().`, '').map((occurrence) => occurrence.path)).toEqual(['src/a.ts', 'src/b.ts'])
    expect(await expectSameAnswers(decoded, lazy, ['', 'i', 'od', 'KEL', 'xi', 'x\u0130', '`'])).toBe(11 * 2 * 4)
    // The searches found what they should, so the filter kept those documents.
    const names = (query: string) => answerSearch(decoded, decoded.paths, query, uriOf).result
    expect(names('KEL')).toMatchObject({ symbols: [{ name: '\u212Aelvin' }] })
    expect(names('xi')).toMatchObject({ symbols: [{ name: 'x\u0130' }] })
  })

  it('a document that does not decode is LSP_INDEX_INVALID when an answer needs it, in one line; the others still answer', async () => {
    const dir = await realpath(await mkdtemp(join(tmpdir(), 'agent-lsp-lazy-corrupt-')))
    made.push(dir)
    await mkdir(join(dir, 'src'))
    await writeFile(join(dir, 'src/a.ts'), 'abc\n')
    await writeFile(join(dir, 'src/b.ts'), 'abc\n')
    const symbol = 'scip-typescript npm lib 1.0.0 src/`a.ts`/abc.'
    const index = create(IndexSchema, {
      metadata: create(MetadataSchema, { toolInfo: create(ToolInfoSchema, { name: 'scip-typescript', version: '0.4.0' }) }),
      documents: [
        create(DocumentSchema, { relativePath: 'src/a.ts', occurrences: [create(OccurrenceSchema, { symbol, range: [0, 0, 3], symbolRoles: SymbolRole.Definition })] }),
        create(DocumentSchema, { relativePath: 'src/b.ts', occurrences: [create(OccurrenceSchema, { symbol: 'local 0', range: [0, 0, 3], symbolRoles: SymbolRole.Definition })] }),
      ],
    })
    const bytes = toBinary(IndexSchema, index)
    // The occurrence of b.ts (`range`, field 1, packed) claims 100 bytes where there are 5: its framing as a document holds.
    const at = Buffer.from(bytes).lastIndexOf(Buffer.from([0x0a, 0x03, 0x00, 0x00, 0x03]))
    bytes.set([0x0a, 0x64], at)
    await writeFile(join(dir, 'index.scip'), bytes)
    const provider = createScipLspProvider({ indexPath: join(dir, 'index.scip') })
    const ask = (file: string) => provider.query({ operation: 'goToDefinition', filePath: file, position: { line: 0, character: 1 }, workspaceRoot: dir, languageId: 'typescript' })
    expect(await ask('src/a.ts')).toMatchObject({ kind: 'locations', locations: [{ uri: `file://${dir}/src/a.ts` }], completeness: { state: 'complete' } })
    const error = await ask('src/b.ts').then(() => undefined, (thrown: unknown) => thrown)
    expect(LspError.isInstance(error) && error.code).toBe('LSP_INDEX_INVALID')
    expect((error as Error).message).toMatch(new RegExp(`^${join(dir, 'index.scip')} is not a SCIP index: document 1 \\(src/b\\.ts\\) does not decode: [^\\n]+$`))
  })
})
