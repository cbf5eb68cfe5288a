// A workspace root inside one package of a larger workspace (an agent started in packages/core of
// a pnpm workspace; in uri/ under a pyrightconfig.json whose extraPaths list uri/src): the server
// searches that package alone. findReferences said complete and rename --apply "Verified" while a
// sibling package imports the symbol by the package's name, and `tsc -b` at the top then failed
// (TS2724). The answer names the siblings as not searched, and the rename is refused.
import { execFileSync } from 'node:child_process'
import { mkdir, symlink } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { codeOf, tempWorkspace, toolOn } from './workspace.test-support.js'

const require = createRequire(import.meta.url)
const composite = (extra: object = {}) => JSON.stringify({ compilerOptions: { composite: true, strict: true, module: 'ESNext', moduleResolution: 'Bundler', rootDir: 'src', outDir: 'dist' }, include: ['src'], ...extra })
const packageOf = (name: string, dependencies: object = {}) => JSON.stringify({ name, version: '1.0.0', types: './src/index.ts', dependencies })

const pnpm = {
  'pnpm-workspace.yaml': 'packages:\n  - packages/*\n',
  'package.json': JSON.stringify({ name: 'mono', private: true, workspaces: ['packages/*'] }),
  'tsconfig.json': JSON.stringify({ files: [], references: [{ path: 'packages/core' }, { path: 'packages/app' }] }),
  'packages/core/package.json': packageOf('@demo/core'),
  'packages/core/tsconfig.json': composite(),
  'packages/core/src/index.ts': "export { matchQuery } from './utils'\n",
  'packages/core/src/utils.ts': 'export function matchQuery(key: string): boolean {\n  return key.length > 0\n}\n',
  'packages/core/src/cache.ts': "import { matchQuery } from './utils'\n\nexport const hit = matchQuery('a')\n",
  'packages/app/package.json': packageOf('@demo/app', { '@demo/core': 'workspace:*' }),
  'packages/app/tsconfig.json': composite({ references: [{ path: '../core' }] }),
  'packages/app/src/index.ts': "import { matchQuery } from '@demo/core'\n\nexport const found = matchQuery('b')\n",
  'packages/other/package.json': packageOf('@demo/other'),
  'packages/other/src/index.ts': 'export const other = 1\n',
}
const partialTs =
  'this workspace is a package of the workspace at ROOT (pnpm-workspace.yaml), where 1 other package names @demo/core (packages/app); it was not searched for findReferences; ask with ROOT as the workspace root to search it too'

describe('a workspace root inside a package of a larger workspace', () => {
  it('TypeScript (pnpm): references name the sibling package importing it as not searched; rename --apply is refused', { timeout: 180_000 }, async () => {
    const root = await tempWorkspace(pnpm)
    await symlink(path.join(root, 'packages/core'), await linkPath(root, '@demo/core'), 'dir')
    const { tool } = toolOn(path.join(root, 'packages/core'))
    const references = await tool.execute({ operation: 'findReferences', symbol: 'matchQuery', filePath: 'src/utils.ts' })
    expect(references).toBe(
      [
        'matchQuery → src/utils.ts:1:17',
        `Partial answer (unchecked): ${partialTs.replaceAll('ROOT', root)}`,
        '4 references to matchQuery in 3 files',
        'src/cache.ts',
        "1:10  import { matchQuery } from './utils'",
        "3:20  export const hit = matchQuery('a')",
        "src/index.ts:1:10  export { matchQuery } from './utils'",
        'src/utils.ts:1:17  export function matchQuery(key: string): boolean {',
      ].join('\n'),
    )
    expect(await codeOf(tool.execute({ operation: 'rename', symbol: 'matchQuery', filePath: 'src/utils.ts', newName: 'matchQueryX', apply: true }))).toEqual([
      'LSP_EDIT_INCOMPLETE',
      `rename matchQuery → matchQueryX was not applied: its references may be incomplete (${partialTs.replaceAll('ROOT', root)}); nothing was written. Rename those by hand, or apply with force: true to write it anyway`,
    ])
    // From the workspace's root, app is searched too; and it builds, nothing written (tsc -b, whose dist/ the servers would read, last).
    const whole = toolOn(root).tool
    expect((await whole.execute({ operation: 'findReferences', symbol: 'matchQuery', filePath: 'packages/core/src/utils.ts' })).split('\n').slice(1, 2)).toEqual(['6 references to matchQuery in 4 files'])
    expect(execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-b'], { cwd: root, encoding: 'utf8' })).toBe('')
  })

  it('Python (pyrightconfig.json extraPaths): references name the sibling importing its module as not searched; rename --apply is refused', { timeout: 180_000 }, async () => {
    const root = await tempWorkspace({
      'pyrightconfig.json': JSON.stringify({ extraPaths: ['uri/src', 'client/src'] }),
      'uri/src/lazr/uri/__init__.py': 'from lazr.uri._uri import URI\n',
      'uri/src/lazr/uri/_uri.py': 'class URI:\n    pass\n',
      'client/src/lazr/client/__init__.py': '',
      'client/src/lazr/client/browser.py': 'from lazr.uri import URI\n\nhome = URI()\n',
      'other/src/lazr/other/__init__.py': 'x = 1\n',
    })
    // By hand: the client imports URI from the uri package.
    execFileSync('python3', ['-c', 'import lazr.client.browser'], { env: { ...process.env, PYTHONPATH: `${root}/uri/src:${root}/client/src` } })
    const { tool } = toolOn(path.join(root, 'uri'))
    const references = await tool.execute({ operation: 'findReferences', symbol: 'URI', filePath: 'src/lazr/uri/_uri.py' })
    const partial = `this workspace is a package of the workspace at ${root} (pyrightconfig.json), where 1 other package names lazr.uri (client/src); it was not searched for findReferences; ask with ${root} as the workspace root to search it too`
    expect(references.split('\n').slice(0, 3)).toEqual(['URI → src/lazr/uri/_uri.py:1:7', `Partial answer (unchecked): ${partial}`, '2 references to URI in 2 files'])
    expect(await codeOf(tool.execute({ operation: 'rename', symbol: 'URI', filePath: 'src/lazr/uri/_uri.py', newName: 'URIX', apply: true }))).toEqual([
      'LSP_EDIT_INCOMPLETE',
      `rename URI → URIX was not applied: its references may be incomplete (${partial}); nothing was written. Rename those by hand, or apply with force: true to write it anyway`,
    ])
  })
})

async function linkPath(root: string, name: string): Promise<string> {
  const link = path.join(root, 'node_modules', name)
  await mkdir(path.dirname(link), { recursive: true })
  return link
}
