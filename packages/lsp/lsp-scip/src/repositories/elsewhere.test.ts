// Two repositories, each indexed by the pinned scip-typescript: a library and an app that installed
// it (compiled declarations in node_modules, one with its declaration map, one without). Each
// finds the other's rows for the same symbol.
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { LspProviderQuery } from '@agent-lsp/lsp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { indexWorkspace } from '../indexers.test-support.js'
import { createScipLspProvider } from '../provider.js'
import { writeTree } from './two-repositories.test-support.js'

const lib = {
  'package.json': '{ "name": "acme-lib", "version": "1.1.0" }',
  'tsconfig.json': '{ "compilerOptions": { "strict": true }, "include": ["src"] }',
  'src/index.ts': "export { retry } from './retry'\nexport interface Backoff {\n  delay(attempt: number): number\n}\nexport class Doubling implements Backoff {\n  delay(attempt: number): number { return 2 ** attempt }\n}\n",
  'src/retry.ts': 'export function retry(times: number): number {\n  return times + 1\n}\nexport const again = retry(2)\n',
}
// As `npm install` leaves it: version 1.0.0, compiled; retry.d.ts with its map, index.d.ts without.
const app = {
  'package.json': '{ "name": "acme-app", "version": "0.1.0", "dependencies": { "acme-lib": "1.0.0" } }',
  'tsconfig.json': '{ "compilerOptions": { "strict": true }, "include": ["src"] }',
  'node_modules/acme-lib/package.json': '{ "name": "acme-lib", "version": "1.0.0", "types": "dist/index.d.ts" }',
  'node_modules/acme-lib/dist/index.d.ts': "export { retry } from './retry';\nexport interface Backoff {\n    delay(attempt: number): number;\n}\nexport declare class Doubling implements Backoff {\n    delay(attempt: number): number;\n}\n",
  'node_modules/acme-lib/dist/retry.d.ts': 'export declare function retry(times: number): number;\nexport declare const again: number;\n//# sourceMappingURL=retry.d.ts.map\n',
  'node_modules/acme-lib/dist/retry.d.ts.map': '{"version":3,"file":"retry.d.ts","sourceRoot":"","sources":["../src/retry.ts"],"names":[],"mappings":""}',
  'src/main.ts': "import { retry, type Backoff } from 'acme-lib'\n\nexport class Linear implements Backoff {\n  delay(attempt: number): number { return retry(attempt) }\n}\n",
}

let scratch = ''
let libRoot = ''
let appRoot = ''
beforeAll(async () => {
  scratch = await realpath(await mkdtemp(join(tmpdir(), 'agent-lsp-repos-')))
  libRoot = join(scratch, 'lib')
  appRoot = join(scratch, 'app')
  await writeTree(libRoot, lib)
  await writeTree(appRoot, app)
  await Promise.all([indexWorkspace(libRoot, { typescript: true }), indexWorkspace(appRoot, { typescript: true })])
}, 120_000)
afterAll(() => rm(scratch, { recursive: true, force: true }))

const ask = (operation: string, root: string, file: string, line: number, character: number) =>
  ({ operation, filePath: file, position: { line, character }, workspaceRoot: root, languageId: 'typescript' }) as LspProviderQuery

/** `repo:path:line:character` (zero-based) of each row, and the repositories searched. */
async function rowsOf(provider: ReturnType<typeof createScipLspProvider>, request: LspProviderQuery) {
  const found = await provider.elsewhere(request)
  if (found === undefined) return undefined
  const names = new Map(found.repositories.map((repository) => [repository.root, repository.name]))
  const rows = found.locations.map(({ uri, range: { start } }) => {
    const path = new URL(uri).pathname
    const root = [...names.keys()].find((candidate) => path.startsWith(`${candidate}/`)) ?? ''
    return `${names.get(root) ?? '?'}:${path.slice(root.length + 1)}:${start.line}:${start.character}`
  })
  return { rows, searched: found.repositories.map((repository) => repository.name), completeness: found.completeness }
}

describe('answers spanning repositories', () => {
  it('from the app: the library function and interface in the library index (one file through its declaration map, one by path; 1.0.0 installed, 1.1.0 checked out)', async () => {
    const provider = createScipLspProvider({ repositories: [{ name: 'lib', root: libRoot }] })
    expect(await rowsOf(provider, ask('findReferences', appRoot, 'src/main.ts', 3, 43))).toEqual({
      rows: ['lib:src/index.ts:0:9', 'lib:src/retry.ts:0:16', 'lib:src/retry.ts:3:21'],
      searched: ['lib'],
      completeness: { state: 'complete' },
    })
    expect(await rowsOf(provider, ask('goToImplementation', appRoot, 'src/main.ts', 2, 34))).toEqual({ rows: ['lib:src/index.ts:4:13'], searched: ['lib'], completeness: { state: 'complete' } })
    // The app's own symbol: the library has none of it.
    expect(await rowsOf(provider, ask('findReferences', appRoot, 'src/main.ts', 2, 14))).toEqual({ rows: [], searched: ['lib'], completeness: { state: 'complete' } })
    expect(await provider.elsewhere(ask('hover', appRoot, 'src/main.ts', 3, 43))).toBeUndefined()
  })

  it('from the library: the app uses the function, implements the interface and overrides its method', async () => {
    const provider = createScipLspProvider({ repositories: [{ name: 'app', root: appRoot }] })
    expect(await rowsOf(provider, ask('findReferences', libRoot, 'src/retry.ts', 0, 17))).toEqual({ rows: ['app:src/main.ts:0:9', 'app:src/main.ts:3:42'], searched: ['app'], completeness: { state: 'complete' } })
    expect(await rowsOf(provider, ask('goToImplementation', libRoot, 'src/index.ts', 1, 17))).toEqual({ rows: ['app:src/main.ts:2:13'], searched: ['app'], completeness: { state: 'complete' } })
    expect(await rowsOf(provider, ask('findReferences', libRoot, 'src/index.ts', 2, 3))).toEqual({ rows: ['app:src/main.ts:3:2'], searched: ['app'], completeness: { state: 'complete' } })
  })

  it('says what it could not search: a missing index, a file changed since the build (here or there)', async () => {
    const missing = createScipLspProvider({ repositories: [{ name: 'lib', root: libRoot }, { name: 'gone', root: join(scratch, 'gone') }] })
    expect(await rowsOf(missing, ask('findReferences', appRoot, 'src/main.ts', 3, 43))).toEqual({
      rows: ['lib:src/index.ts:0:9', 'lib:src/retry.ts:0:16', 'lib:src/retry.ts:3:21'],
      searched: ['lib'],
      completeness: { state: 'partial', reason: 'failed', message: `gone was not searched (LSP_FILE_NOT_FOUND: workspace root ${join(scratch, 'gone')} does not exist or is not a directory)` },
    })
    const provider = createScipLspProvider({ repositories: [{ name: 'lib', root: libRoot }] })
    await writeFile(join(libRoot, 'src/retry.ts'), `// edited\n${lib['src/retry.ts']}`)
    expect(await rowsOf(provider, ask('findReferences', appRoot, 'src/main.ts', 3, 43))).toEqual({
      rows: ['lib:src/index.ts:0:9', 'lib:src/retry.ts:0:16', 'lib:src/retry.ts:3:21'],
      searched: ['lib'],
      completeness: { state: 'partial', reason: 'stale', message: '1 file of lib changed since its index was built (lib:src/retry.ts): rows there may have moved, and what was written since is missing' },
    })
    expect((await provider.elsewhere(ask('findReferences', appRoot, 'src/main.ts', 3, 43)))?.repositories[0]?.provenance.staleUris).toEqual([`file://${libRoot}/src/retry.ts`])
    await writeFile(join(appRoot, 'src/main.ts'), `\n${app['src/main.ts']}`)
    expect(await rowsOf(provider, ask('findReferences', appRoot, 'src/main.ts', 4, 43))).toEqual({
      rows: [],
      searched: [],
      completeness: { state: 'partial', reason: 'stale', message: "lib not searched: src/main.ts changed since this workspace's index was built, so the symbol at the cursor is not known to it (agent-lsp index)" },
    })
  })

  it('the symbol at the cursor not known here, a live server\'s declaration of it given: that declaration searched for (package, file, names)', async () => {
    // After the test above: src/main.ts changed since the app's build, lib's src/retry.ts since lib's.
    const provider = createScipLspProvider({ repositories: [{ name: 'lib', root: libRoot }] })
    const at = ask('findReferences', appRoot, 'src/main.ts', 4, 43)
    const declared = (file: string, names: string[]) => async () => ({ file: join(appRoot, file), names })
    const found = async (file: string, names: string[]) => {
      const answer = await provider.elsewhere(at, undefined, declared(file, names))
      return answer && { rows: answer.locations.map(({ uri, range: { start } }) => `${new URL(uri).pathname.slice(libRoot.length + 1)}:${start.line}:${start.character}`), searched: answer.repositories.map(({ name }) => name), state: answer.completeness.state }
    }
    // An interface's method, by its interface: the implementing class's `delay` is its override, the function `retry` not a match.
    expect(await found('node_modules/acme-lib/dist/index.d.ts', ['Backoff', 'delay'])).toEqual({ rows: ['src/index.ts:2:2', 'src/index.ts:5:2'], searched: ['lib'], state: 'partial' })
    expect(await found('node_modules/acme-lib/dist/retry.d.ts', ['retry'])).toEqual({ rows: ['src/index.ts:0:9', 'src/retry.ts:0:16', 'src/retry.ts:3:21'], searched: ['lib'], state: 'partial' })
    // The same names in another file of the package, or in no package: nothing.
    expect(await found('node_modules/acme-lib/dist/retry.d.ts', ['Backoff', 'delay'])).toEqual({ rows: [], searched: ['lib'], state: 'partial' })
    expect(await found('../elsewhere.d.ts', ['retry'])).toEqual({ rows: [], searched: ['lib'], state: 'partial' })
    // The live server declares nothing there: nothing searched, nothing missing.
    expect(await provider.elsewhere(at, undefined, async () => undefined)).toEqual({ locations: [], repositories: [], completeness: { state: 'complete' } })
  })
})
