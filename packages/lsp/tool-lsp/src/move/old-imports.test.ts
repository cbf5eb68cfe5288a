import { mkdir, mkdtemp, realpath, symlink, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { oldImports, starReexporters } from './old-imports.js'

async function workspace(files: Record<string, string>): Promise<string> {
  const root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'old-imports-')))
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true })
    await writeFile(path.join(root, name), text)
  }
  return root
}

const ts = new Set(['.ts'])

describe('oldImports', () => {
  it('lists an import of the old path, but not one that resolves to the moved file (env.ts → env/index.ts: the trial of 2026-12-06)', async () => {
    const root = await workspace({ 'src/env/index.ts': 'export const env = 1\n', 'src/main.ts': 'import { env } from "./env"\nexport const x = env\n', 'src/other.ts': 'export * from "./env.js"\n' })
    const at = (file: string): string => path.join(root, file)
    // `./env.js` names a file: it does not find the folder's index.
    expect(await oldImports(at('src/env.ts'), at('src/env/index.ts'), root, ts)).toEqual({ found: [{ displayPath: 'src/other.ts', line: 1, specifier: './env.js', imported: true }], searched: 3, complete: true })
    expect(await oldImports(at('src/env.ts'), at('src/lib/env.ts'), root, ts)).toEqual({
      found: [
        { displayPath: 'src/main.ts', line: 1, specifier: './env', imported: true },
        { displayPath: 'src/other.ts', line: 1, specifier: './env.js', imported: true },
      ],
      searched: 3,
      complete: true,
    })
  })

  it('skips a specifier in a comment, and tells one in module syntax from a string elsewhere', async () => {
    const root = await workspace({
      'src/a.ts': "// see './util' for more\n/* './util' */\n * './util'\nimport { u } from './util' // './util'\nconst p = require('./util')\njest.mock('./util')\nconst s = 'a//b' + './util'\n",
    })
    expect((await oldImports(path.join(root, 'src/util.ts'), path.join(root, 'src/lib/util.ts'), root, ts)).found.map((old) => [old.line, old.imported])).toEqual([
      [4, true],
      [5, true],
      [6, false],
      [7, false],
    ])
  })

  it("finds a package path through a workspace's link in node_modules", async () => {
    const root = await workspace({
      'packages/lib/src/util.ts': 'export const u = 1\n',
      'packages/app/src/b.js': "const { u } = require('@me/lib/src/util')\nconst other = require('lodash/util')\n",
    })
    await mkdir(path.join(root, 'node_modules/@me'), { recursive: true })
    await symlink('../../packages/lib', path.join(root, 'node_modules/@me/lib'))
    const found = await oldImports(path.join(root, 'packages/lib/src/util.ts'), path.join(root, 'packages/lib/src/helpers/util.ts'), root, new Set(['.js']))
    expect(found.found).toEqual([{ displayPath: 'packages/app/src/b.js', line: 1, specifier: '@me/lib/src/util', imported: true }])
  })
})

describe('starReexporters', () => {
  it('finds the barrels of several modules in one walk, and nothing that imports them by name', async () => {
    const root = await workspace({
      'src/m1.ts': "export { foo } from './a'\n",
      'src/m3.ts': "export { foo } from './a'\n",
      'src/index.ts': "export * from './m3'\nexport * from './other'\n",
      'src/lib/index.ts': "export * from '../m1.js'\n",
      'src/use.ts': "import { foo } from './m1'\nimport * as m3 from './m3'\n",
    })
    const at = (file: string): string => path.join(root, file)
    expect(await starReexporters([at('src/m1.ts'), at('src/m3.ts')], root, ts)).toEqual({ files: [at('src/index.ts'), at('src/lib/index.ts')], complete: true })
    expect(await starReexporters([at('src/m1.ts')], root, ts)).toEqual({ files: [at('src/lib/index.ts')], complete: true })
  })
})
