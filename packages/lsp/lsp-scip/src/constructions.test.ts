import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { LspProviderQuery } from '@agent-lsp/lsp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { indexWorkspace } from './indexers.test-support.js'
import { createScipLspProvider } from './provider.js'
import { fileUri } from './workspace/files.js'

// A class with its own constructor: scip-typescript names the constructor at each `new Cat(…)`.
const cat = "export class Cat {\n  constructor(readonly name: string) {}\n}\n\nexport class Kitten extends Cat {\n  constructor() { super('kit') }\n}\n\nexport const tom = new Cat('Tom')\n"
const use = "import { Cat, Kitten } from './cat'\n\nexport const all: Cat[] = [new Cat('a'), new Kitten()]\nexport const make = Cat\n"

let root = ''
beforeAll(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'agent-lsp-scip-new-')))
  await mkdir(join(root, 'src'))
  await writeFile(join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true }, include: ['src'] }))
  await writeFile(join(root, 'src/cat.ts'), cat)
  await writeFile(join(root, 'src/use.ts'), use)
  await indexWorkspace(root, { typescript: true })
}, 120_000)
afterAll(() => rm(root, { recursive: true, force: true }))

const at = (operation: string, file: string, line: number, character: number) =>
  ({ operation, filePath: file, position: { line, character }, workspaceRoot: root, languageId: 'typescript' }) as LspProviderQuery
const rows = async (query: LspProviderQuery) => {
  const result = await createScipLspProvider().query(query)
  return result.kind === 'locations' ? result.locations.map((l) => `${l.uri.slice(fileUri(root).length + 1)}:${l.range.start.line + 1}:${l.range.start.character + 1}`) : []
}

describe("a class's references from the index", () => {
  // tsserver lists the same 7 (agent-lsp --source live): not the `constructor` keyword, not `super('kit')`.
  const cats = ['src/cat.ts:1:14', 'src/cat.ts:5:29', 'src/cat.ts:9:24', 'src/use.ts:1:10', 'src/use.ts:3:19', 'src/use.ts:3:32', 'src/use.ts:4:21']

  it('include its constructions (new Cat(…)), which the index files under the constructor', async () => {
    expect(await rows(at('findReferences', 'src/cat.ts', 0, 14))).toEqual(cats)
    expect(await rows(at('findReferences', 'src/use.ts', 0, 10))).toEqual(cats)
  })

  it('are answered at a construction too, as at the class', async () => {
    expect(await rows(at('findReferences', 'src/use.ts', 2, 33))).toEqual(cats)
    expect(await rows(at('findReferences', 'src/use.ts', 2, 47))).toEqual(['src/cat.ts:5:14', 'src/use.ts:1:15', 'src/use.ts:3:46'])
  })

  it('the constructor itself keeps its own: its declaration and its constructions', async () => {
    expect(await rows(at('findReferences', 'src/cat.ts', 1, 4))).toEqual(['src/cat.ts:2:3', 'src/cat.ts:9:24', 'src/use.ts:3:32'])
  })
})
