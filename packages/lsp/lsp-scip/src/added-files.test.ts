// Files added since an index was built: a workspace-wide answer from the index cannot hold what
// they hold (the tenth trial: workspaceSymbol said "No symbols match", complete, for a function in
// a file written after `agent-lsp index`).
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { LspProviderQuery, LspQueryResult } from '@agent-lsp/lsp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { indexWorkspace } from './indexers.test-support.js'
import { createScipLspProvider } from './provider.js'

let root = ''
beforeAll(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'agent-lsp-scip-added-')))
  await mkdir(join(root, 'src'))
  await mkdir(join(root, 'scripts'))
  await writeFile(join(root, 'src/shape.ts'), 'export function area(side: number): number {\n  return side * side\n}\n')
  await writeFile(join(root, 'src/use.ts'), "import { area } from './shape'\n\nexport const four = area(2)\n")
  // Left out by the project's configuration, there at the build: not "added".
  await writeFile(join(root, 'scripts/tool.ts'), 'export function areaTool(): number {\n  return 1\n}\n')
  await writeFile(join(root, 'notes.ts'), 'export const areaNote = 1\n')
  // In the project's include, holding no source yet (the twelfth trial: a file added there went untold).
  await mkdir(join(root, 'tools'))
  await writeFile(join(root, 'tools/README.md'), '# tools\n')
  await writeFile(join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true }, include: ['src', 'tools'] }))
  await indexWorkspace(root, { typescript: true })
}, 120_000)
afterAll(() => rm(root, { recursive: true, force: true }))

const symbols = (query: string) => ({ operation: 'workspaceSymbol', query, filePath: null, workspaceRoot: root, languageId: null }) as LspProviderQuery
const at = (operation: string, file: string, line: number, character: number) =>
  ({ operation, filePath: file, position: { line, character }, workspaceRoot: root, languageId: 'typescript' }) as LspProviderQuery
const said = (result: LspQueryResult) => [
  result.kind === 'symbols' ? result.symbols.map((symbol) => symbol.name) : result.kind === 'locations' ? result.locations.length : result.kind,
  result.completeness,
]

describe('files added since the build', () => {
  it('lists the entries of each folder under the root in the manifest', async () => {
    const manifest = JSON.parse(await readFile(join(root, '.agent-lsp/index.scip.json'), 'utf8')) as { folders: Record<string, string[]> }
    expect(manifest.folders).toEqual({ '': ['.agent-lsp', 'notes.ts', 'scripts', 'src', 'tools', 'tsconfig.json'], scripts: ['tool.ts'], src: ['shape.ts', 'use.ts'], tools: ['README.md'] })
  })

  it('make a workspace-wide answer partial, naming them; other answers and files left out at the build do not', async () => {
    const provider = createScipLspProvider()
    expect(said(await provider.query(symbols('area')))).toEqual([['area'], { state: 'complete' }])
    await writeFile(join(root, 'src/added.ts'), 'export function addedAfterIndex(): number {\n  return 42\n}\n')
    await mkdir(join(root, 'src/more/deeper'), { recursive: true })
    await writeFile(join(root, 'src/more/deeper/extra.ts'), 'export const extra = 1\n')
    await writeFile(join(root, 'tools/use.ts'), 'export const stripped = 1\n')
    // Not sources of the project: a new dot folder, a file of another language, a new file beside sources the index left out.
    await mkdir(join(root, '.cache'))
    await writeFile(join(root, '.cache/cached.ts'), 'export const cached = 1\n')
    await writeFile(join(root, 'src/README.md'), '# src\n')
    await writeFile(join(root, 'scripts/other.ts'), 'export const other = 1\n')
    try {
      const partial = {
        state: 'partial',
        reason: 'stale',
        message: '3 files added since the index was built (src/added.ts, src/more/deeper/extra.ts and tools/use.ts): not in it, so what they hold is missing; rebuild it (agent-lsp index) or ask the live server',
      }
      expect(said(await provider.query(symbols('addedAfterIndex')))).toEqual([[], partial])
      expect(said(await provider.query(at('findReferences', 'src/shape.ts', 0, 17)))).toEqual([3, partial])
      // A definition is where the index says: files added elsewhere do not move it.
      expect(said(await provider.query(at('goToDefinition', 'src/use.ts', 2, 20)))).toEqual([1, { state: 'complete' }])
      await rm(join(root, 'src/more'), { recursive: true })
      await rm(join(root, 'tools/use.ts'))
      expect(said(await provider.query(symbols('area')))[1]).toMatchObject({ message: expect.stringMatching(/^1 file added since the index was built \(src\/added\.ts\): /) })
    } finally {
      for (const path of ['src/added.ts', '.cache', 'src/README.md', 'scripts/other.ts', 'src/more']) await rm(join(root, path), { recursive: true, force: true })
    }
    expect(said(await provider.query(symbols('area')))).toEqual([['area'], { state: 'complete' }])
  })

  it('a host leaves out folders by its own rule; a virtualenv is left out whatever its name', async () => {
    await mkdir(join(root, 'venv/lib'), { recursive: true })
    await writeFile(join(root, 'venv/lib/site.ts'), 'export const site = 1\n')
    await mkdir(join(root, 'env/lib'), { recursive: true })
    await writeFile(join(root, 'env/pyvenv.cfg'), 'home = /usr/bin\n')
    await writeFile(join(root, 'env/lib/installed.py'), 'x = 1\n')
    try {
      expect(said(await createScipLspProvider().query(symbols('area')))[1]).toMatchObject({ state: 'partial', message: expect.stringContaining('(venv/lib/site.ts)') })
      expect(said(await createScipLspProvider({ skipFolder: (name) => name === 'venv' }).query(symbols('area')))).toEqual([['area'], { state: 'complete' }])
    } finally {
      for (const path of ['venv', 'env']) await rm(join(root, path), { recursive: true, force: true })
    }
  })
})
