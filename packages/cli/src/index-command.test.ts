// `agent-lsp index` as a person runs it (the built command): the pinned indexers on a small
// TypeScript + Python workspace, the index and manifest written, and the provider answering from them.
import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { createScipLspProvider, sha256 } from '@agent-lsp/lsp-scip'
import { describe, expect, it } from 'vitest'
import { tempWorkspace } from './workspace.test-support.js'

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url))

/**
 * One `agent-lsp index` of the workspace below: ~5 s for scip-python and ~3 s for scip-typescript
 * alone on this machine, but over 60 s for the two runs of the first test when the whole suite
 * loads both cores. A hang still fails, at this bound.
 */
const INDEX_TIMEOUT_MS = 150_000

function run(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { cwd, timeout: INDEX_TIMEOUT_MS }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr })
    })
  })
}

const files = {
  'tsconfig.json': '{ "include": ["src"] }',
  'src/a.ts': 'export const retryLimit = 3;\n',
  'src/b.ts': 'import { retryLimit } from "./a";\nexport const twice = retryLimit * 2;\n',
  'tools/shapes.py': 'def area(w: float, h: float) -> float:\n    return w * h\n',
  'tools/use.py': 'from shapes import area\n\nprint(area(2, 3))\n',
}

describe('agent-lsp index', () => {
  it('runs scip-typescript and scip-python and writes one index with its manifest; answers come from it', async () => {
    const root = await tempWorkspace(files)
    const { code, stdout, stderr } = await run(['index'], root)
    expect({ code, stderr: stderr.replace(/\d+\.\d s/g, 'T s') }).toEqual({
      code: 0,
      stderr: 'indexing TypeScript/JavaScript with scip-typescript 0.4.0…\n  scip-typescript done in T s\nindexing Python with scip-python 0.6.6…\n  scip-python done in T s\n',
    })
    const manifest = JSON.parse(await readFile(join(root, '.agent-lsp/index.scip.json'), 'utf8')) as { files: Record<string, string>; commit: unknown; tools: unknown }
    expect(manifest.files).toEqual(Object.fromEntries(['src/a.ts', 'src/b.ts', 'tools/shapes.py', 'tools/use.py'].map((path) => [path, sha256(files[path as keyof typeof files])])))
    expect(manifest.commit).toBeNull() // not a git checkout: answers name the content hash
    expect(manifest.tools).toEqual([{ name: 'scip-typescript', version: '0.4.0' }, { name: 'scip-python', version: '0.6.6' }])
    expect(stdout).toMatch(/^wrote \.agent-lsp\/index\.scip \(4 documents, \d+ occurrences, \d+ KiB\) in \d+\.\d s, at sha256:[0-9a-f]{64}\nmanifest \.agent-lsp\/index\.scip\.json: 4 files with their SHA-256\n$/)

    const provider = createScipLspProvider()
    const uri = (path: string) => pathToFileURL(join(root, path)).href
    const references = await provider.query({ operation: 'findReferences', filePath: 'src/a.ts', position: { line: 0, character: 14 }, workspaceRoot: root, languageId: 'typescript' })
    expect(references.kind === 'locations' && references.locations.map((location) => `${location.uri}:${location.range.start.line}:${location.range.start.character}`)).toEqual([`${uri('src/a.ts')}:0:13`, `${uri('src/b.ts')}:0:9`, `${uri('src/b.ts')}:1:21`])
    const definition = await provider.query({ operation: 'goToDefinition', filePath: 'tools/use.py', position: { line: 2, character: 7 }, workspaceRoot: root, languageId: 'python' })
    expect(definition.kind === 'locations' && definition.locations).toEqual([{ uri: uri('tools/shapes.py'), range: { start: { line: 0, character: 4 }, end: { line: 0, character: 8 } } }])

    // --out elsewhere (relative to the current directory), and the manifest beside it.
    await writeFile(join(root, 'src/a.ts'), 'export const retryLimit = 4;\n')
    expect((await run(['index', '--root', root, '--out', 'ci/app.scip'], root)).code).toBe(0)
    const moved = JSON.parse(await readFile(join(root, 'ci/app.scip.json'), 'utf8')) as { files: Record<string, string> }
    expect(moved.files['src/a.ts']).toBe(sha256('export const retryLimit = 4;\n'))
  }, 2 * INDEX_TIMEOUT_MS)

  it('says when there is nothing to index, and refuses bad usage', async () => {
    const root = await tempWorkspace({ 'NOTES.md': '# notes\n' })
    expect(await run(['index', '--root', root], '/')).toEqual({
      code: 1,
      stdout: '',
      stderr: `agent-lsp: INDEX_NOTHING: nothing to index in ${root}: no tsconfig.json, jsconfig.json or package.json, and no Python files\n`,
    })
    expect(await run(['index', '--root', join(root, 'missing')], '/')).toEqual({ code: 1, stdout: '', stderr: `agent-lsp: LSP_FILE_NOT_FOUND: workspace root ${join(root, 'missing')} does not exist or is not a directory\n` })
    expect(await run(['index', '--bogus'], root)).toEqual({ code: 2, stdout: '', stderr: `agent-lsp: index: Unknown option '--bogus'\nRun "agent-lsp index --help" for usage.\n` })
  })
})
