// `npx vitest bench src/sync/watched-files.bench.ts` (in packages/lsp/lsp-local): what keeping the
// watched files current costs a query, on a 6-file tree and on a 50,000-file one, with the globs
// typescript-language-server registers (`**/*` under the root: every file watched), followed by
// events (the view a query uses) and scanned in full before each query (the view before it).
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, bench, describe } from 'vitest'
import { pathToUri } from '../normalize/uri.js'
import { WatchedFiles } from './watched-files.js'

const roots: string[] = []
afterAll(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
}, 300_000)

/** A tree of `folders` × `folders` folders with `perFolder` files each. */
function tree(folders: number, perFolder: number): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'agent-lsp-bench-tree-')))
  roots.push(root)
  for (let top = 0; top < folders; top++) {
    for (let sub = 0; sub < folders; sub++) {
      const folder = join(root, `pkg${top}`, `mod${sub}`)
      mkdirSync(folder, { recursive: true })
      for (let file = 0; file < perFolder; file++) writeFileSync(join(folder, `file${file}.ts`), `export const x${file} = ${file}\n`)
    }
  }
  return root
}

function watching(root: string, incremental: boolean): WatchedFiles {
  const files = new WatchedFiles({ send: async () => {}, reloading: () => {} }, root, (path) => path.endsWith('.ts'), incremental)
  files.register('tsserver', [{ globPattern: { baseUri: pathToUri(root), pattern: '**/*' }, kind: 7 }])
  return files
}

const small = tree(1, 6) // 6 files
const large = tree(50, 20) // 50 × 50 folders × 20 files = 50,000 files

for (const [name, root] of [['6 files', small], ['50,000 files', large]] as const) {
  describe(`sync() before a query, ${name}`, () => {
    const incremental = watching(root, true)
    const scanned = watching(root, false)
    bench('events (incremental)', () => incremental.sync(), { iterations: 200, time: 0 })
    bench('full scan (before)', () => scanned.sync(), { iterations: name === '6 files' ? 200 : 20, time: 0 })
  })
  describe(`register() (the baseline), ${name}`, () => {
    bench('events (incremental)', () => watching(root, true).dispose(), { iterations: 5, time: 0 })
    bench('full scan (before)', () => watching(root, false).dispose(), { iterations: 5, time: 0 })
  })
  describe(`register() again (new globs, as typescript-language-server sends them), ${name}`, () => {
    const incremental = watching(root, true)
    const scanned = watching(root, false)
    const globs = [{ globPattern: { baseUri: pathToUri(root), pattern: '**/*' }, kind: 7 }, { globPattern: '**/*.d.ts' }]
    bench('events (incremental)', () => incremental.register('tsserver', globs), { iterations: 5, time: 0 })
    bench('full scan (before)', () => scanned.register('tsserver', globs), { iterations: 5, time: 0 })
  })
}
