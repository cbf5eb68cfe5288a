// A folder of projects with none at its root (the trial's rx/ and inv/ beside gomod/ and py/):
// `agent-lsp index` indexed the Python only and said nothing of the TypeScript projects, and a
// cold workspaceSymbol then said "No symbols match", complete. Real scip-typescript, scip-python.
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { run } from '../daemon/host.test-support.js'
import { runIndexCommand } from '../index-command.js'
import { tempWorkspace } from '../workspace.test-support.js'
import { INDEX_TIMEOUT_MS } from './indexed.test-support.js'

const tsconfig = '{ "compilerOptions": { "strict": true }, "include": ["src"] }'
const symbols = async (root: string, query: string, source: string) => {
  const { stdout } = await run(['workspaceSymbol', '--query', query, '--source', source, '--json'], root, process.env)
  const result = JSON.parse(stdout) as { symbols: { name: string; uri: string; range: { start: { line: number; character: number } } }[]; completeness: unknown }
  return { rows: result.symbols.map(({ name, uri, range: { start } }) => `${name} ${path.relative(root, new URL(uri).pathname)}:${start.line}:${start.character}`), completeness: result.completeness }
}
const index = async (root: string) => {
  const said: string[] = []
  expect(await runIndexCommand(['--root', root], { cwd: root, stdout: () => {}, stderr: (text) => said.push(text) })).toBe(0)
  return said.filter((line) => line.startsWith('indexing'))
}

describe('agent-lsp index of a folder of projects', () => {
  it('indexes each TypeScript project within three levels, and says which', async () => {
    const root = await tempWorkspace({
      'web/tsconfig.json': tsconfig,
      'web/src/a.ts': 'export const areaLimit = 3;\n',
      'libs/inv/tsconfig.json': tsconfig,
      'libs/inv/src/inv.ts': 'export function areaCheck(): boolean { return true }\n',
      'tools/shapes.py': 'def area(w: float, h: float) -> float:\n    return w * h\n',
    })
    expect(await index(root)).toEqual(['indexing TypeScript/JavaScript (the projects libs/inv, web) with scip-typescript 0.4.0…\n', 'indexing Python with scip-python 0.6.6…\n'])
    expect(await symbols(root, 'area', 'index')).toEqual({
      rows: ['areaCheck libs/inv/src/inv.ts:0:16', 'areaLimit web/src/a.ts:0:13', 'area tools/shapes.py:0:4'],
      completeness: { state: 'complete' },
    })
  }, INDEX_TIMEOUT_MS)

  it('a workspace search of a server none of whose files the index holds is partial, not "No symbols match"', async () => {
    // Four levels down: not looked for, so the index holds Python only.
    const root = await tempWorkspace({
      'a/b/c/web/tsconfig.json': tsconfig,
      'a/b/c/web/src/a.ts': 'export const areaLimit = 3;\n',
      'tools/shapes.py': 'def area(w: float, h: float) -> float:\n    return w * h\n',
    })
    expect(await index(root)).toEqual(['indexing Python with scip-python 0.6.6…\n'])
    expect(await symbols(root, 'areaLimit', 'index')).toEqual({
      rows: [],
      completeness: { state: 'partial', reason: 'unconfigured', message: 'the index holds no typescript files (.ts files were there at its build), so they were not searched; index them (agent-lsp index) or ask the live server' },
    })
  }, INDEX_TIMEOUT_MS)
})
