// Folders past the 5,000 a manifest records (the trial's rxjs beside a docs tree of 5,300 folders):
// a file added there since the build is not noticed, so workspace-wide answers must say so.
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { LspProviderQuery } from '@agent-lsp/lsp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { indexWorkspace } from './indexers.test-support.js'
import { createScipLspProvider } from './provider.js'

let root = ''
beforeAll(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'agent-lsp-scip-unwatched-')))
  await mkdir(join(root, 'src'))
  await writeFile(join(root, 'src/shape.ts'), 'export function area(side: number): number {\n  return side * side\n}\n')
  await writeFile(join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true } }))
  // 5,010 folders under docs/: the root, src, docs and 4,997 of them are listed, 13 are past the bound.
  for (let i = 0; i < 5_010; i++) await mkdir(join(root, 'docs', `a${String(i).padStart(4, '0')}`), { recursive: true })
  await indexWorkspace(root, { typescript: true })
}, 120_000)
afterAll(() => rm(root, { recursive: true, force: true }))

const symbols = (query: string) => ({ operation: 'workspaceSymbol', query, filePath: null, workspaceRoot: root, languageId: null }) as LspProviderQuery

describe('folders past the manifest bound', () => {
  it('are named in the manifest, and workspace-wide answers are partial saying a file added there is not noticed', async () => {
    const manifest = JSON.parse(await readFile(join(root, '.agent-lsp/index.scip.json'), 'utf8')) as { folders: Record<string, string[]>; unwatched: unknown }
    expect(Object.keys(manifest.folders).length).toBe(5_000)
    expect(manifest.unwatched).toEqual({ count: 13, first: ['docs/a4997', 'docs/a4998', 'docs/a4999'] })
    await writeFile(join(root, 'docs/a5005/zebra.ts'), 'export function zebraFinder(): number { return 1 }\n')
    const found = await createScipLspProvider().query(symbols('zebraFinder'))
    expect(found).toMatchObject({
      symbols: [],
      completeness: {
        state: 'partial',
        reason: 'stale',
        message: "files added since the build in 13+ folders past the 5,000 the index's manifest records are not noticed (docs/a4997, docs/a4998, docs/a4999 and more, and what is under them); ask the live server for what may be there",
      },
    })
    // A position's answer does not depend on other files.
    const hover = await createScipLspProvider().query({ operation: 'hover', filePath: 'src/shape.ts', position: { line: 0, character: 17 }, workspaceRoot: root, languageId: 'typescript' } as LspProviderQuery)
    expect(hover.completeness).toEqual({ state: 'complete' })
  })
})
