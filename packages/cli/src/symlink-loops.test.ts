// A symlink that leads back up the tree (`src/loop -> ..`) is followed by none of our walks: each
// real file is searched once, and the walk costs what the tree without the link costs.
import { mkdir, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { providersOn } from './provider-only.test-support.js'
import { grouped } from './grouped.test-support.js'

const project = JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022' }, include: ['src'] })

describe('symlink loops', { timeout: 120_000 }, () => {
  it('TypeScript: src/loop -> .. adds no copy of the project to the references', async () => {
    const { root, tool } = await providersOn({
      'tsconfig.json': project,
      'src/a.ts': 'export function helperOne(): number { return 1 }\n',
      'src/b.ts': "import { helperOne } from './a'\nhelperOne()\n",
    })
    await symlink('..', path.join(root, 'src/loop'))
    // 3 places by hand: the declaration, b.ts's import and b.ts's call (`tsc -p . --listFilesOnly`
    // lists only src/a.ts and src/b.ts: TypeScript's own file matching does not follow the loop).
    expect(await tool.execute({ operation: 'findReferences', symbol: 'helperOne', filePath: 'src/a.ts' })).toBe(
      grouped([
        'helperOne → src/a.ts:1:17',
        '3 references to helperOne in 2 files',
        'src/a.ts:1:17  export function helperOne(): number { return 1 }',
        "src/b.ts:1:10  import { helperOne } from './a'",
        'src/b.ts:2:1  helperOne()',
      ]),
    )
  })

  it('TypeScript: a 2,000-file project with a loop answers as fast as one without', async () => {
    const { root, tool } = await providersOn({
      'tsconfig.json': project,
      'src/a.ts': 'export function helperOne(): number { return 1 }\n',
      'src/b.ts': "import { helperOne } from './a'\nhelperOne()\n",
    })
    for (let d = 0; d < 20; d++) {
      await mkdir(path.join(root, `src/d${d}`))
      for (let f = 0; f < 100; f++) await writeFile(path.join(root, `src/d${d}/f${f}.ts`), `export const v${d}_${f} = ${f}\n`)
    }
    await symlink('..', path.join(root, 'src/loop'))
    await symlink('../..', path.join(root, 'src/d0/up'))
    const started = performance.now()
    const answer = await tool.execute({ operation: 'findReferences', symbol: 'helperOne', filePath: 'src/a.ts' })
    const seconds = (performance.now() - started) / 1000
    expect(answer.split('\n').slice(0, 2)).toEqual(['helperOne → src/a.ts:1:17', '3 references to helperOne in 2 files'])
    // One project of 2,002 files loads in about 3 s here (cold tsserver included); six copies of it
    // through the loops took over 20 s.
    console.log(`2,002 files and two loops: first findReferences in ${seconds.toFixed(1)} s`)
    expect(seconds).toBeLessThan(15)
  })

  it('TypeScript without a tsconfig.json: the files opened for it are the real ones, once', async () => {
    const { root, tool } = await providersOn({
      'src/a.ts': 'export function helperOne(): number { return 1 }\n',
      'src/b.ts': "import { helperOne } from './a'\nhelperOne()\n",
    })
    await symlink('..', path.join(root, 'src/loop'))
    expect(await tool.execute({ operation: 'findReferences', symbol: 'helperOne', filePath: 'src/a.ts' })).toBe(
      grouped([
        'helperOne → src/a.ts:1:17',
        '3 references to helperOne in 2 files',
        'src/a.ts:1:17  export function helperOne(): number { return 1 }',
        "src/b.ts:1:10  import { helperOne } from './a'",
        'src/b.ts:2:1  helperOne()',
      ]),
    )
  })
})
