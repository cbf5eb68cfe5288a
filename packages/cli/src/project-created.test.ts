// A tsconfig.json made in a folder while tsserver is warm governs that folder's files from the next
// question on, as it does for a fresh server: tsserver caches that a config file does not exist and
// watches that place only for files outside any project.
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'
import { grouped } from './grouped.test-support.js'

describe('a tsconfig.json made while the server is warm', () => {
  it('governs the open files of its folder at the next question (strict: an optional parameter is number | undefined)', async () => {
    const root = await tempWorkspace({
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: false } }),
      'sub/a.ts': 'export function k(a?: number) { return a }\nexport const v = k(1)\n',
    })
    const { ask } = toolOn(root)
    expect(await ask('hover', 'sub/a.ts:2:14')).toContain('const v: number\n')
    writeFileSync(path.join(root, 'sub/tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true } }))
    expect(await ask('hover', 'sub/a.ts:2:14')).toContain('const v: number | undefined\n')
  })

  it('is searched by the next findReferences, with the project it makes', async () => {
    const root = await tempWorkspace({
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true }, include: ['src'] }),
      'src/lib.ts': 'export function shared(): number { return 1 }\n',
      'src/main.ts': 'import { shared } from "./lib"\nexport const here = shared()\n',
    })
    const { ask } = toolOn(root)
    expect(await ask('findReferences', 'src/lib.ts:1:17')).toContain('3 references to shared in 2 files')
    mkdirSync(path.join(root, 'pkg'))
    writeFileSync(path.join(root, 'pkg/use.ts'), 'import { shared } from "../src/lib"\nexport const there = shared()\n')
    writeFileSync(path.join(root, 'pkg/tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true } }))
    expect(await ask('findReferences', 'src/lib.ts:1:17')).toBe(
      grouped([
        '5 references to shared in 3 files',
        'pkg/use.ts',
        '1:10  import { shared } from "../src/lib"',
        '2:22  export const there = shared()',
        'src/lib.ts:1:17  export function shared(): number { return 1 }',
        'src/main.ts',
        '1:10  import { shared } from "./lib"',
        '2:21  export const here = shared()',
      ]),
    )
  })
})
