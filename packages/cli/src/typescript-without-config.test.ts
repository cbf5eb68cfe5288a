// A TypeScript folder without tsconfig.json or jsconfig.json: tsserver knows only the files it is
// given (an inferred project), so before a workspace-wide query every source file no project
// covers is opened, the nearest first and at most `maxLooseFiles`; the answer is complete only
// when all were, and says how many were not otherwise.
import { describe, expect, it } from 'vitest'
import { providersOn } from './provider-only.test-support.js'
import { grouped } from './grouped.test-support.js'

const files = {
  'src/a.ts': 'export function helperOne(): number { return 1 }\n',
  'src/b.ts': "import { helperOne } from './a'\nhelperOne()\n",
  'src/z.ts': 'export function helperTwo(): number { return 2 }\n',
  'node_modules/dep/index.ts': 'export function helperTwo(): number { return 3 }\n',
}

describe('typescript without a tsconfig.json', { timeout: 120_000 }, () => {
  it('finds a symbol in a file nothing imports, and the references in every file, complete', async () => {
    const seam = await providersOn(files)
    const search = await seam.ask({ operation: 'workspaceSymbol', query: 'helperTwo', filePath: null })
    expect({ symbols: seam.show(search, true), completeness: search.completeness }).toEqual({
      // tsserver's workspace symbols give the declaration's whole range: from its first column.
      symbols: ['Function helperTwo src/z.ts:1:1'],
      completeness: { state: 'complete' },
    })
    // By hand: the declaration, b.ts's import and its call.
    expect(await seam.tool.execute({ operation: 'findReferences', symbol: 'helperOne', filePath: 'src/a.ts' })).toBe(
      grouped([
        'helperOne → src/a.ts:1:17',
        '3 references to helperOne in 2 files',
        'src/a.ts:1:17  export function helperOne(): number { return 1 }',
        "src/b.ts:1:10  import { helperOne } from './a'",
        'src/b.ts:2:1  helperOne()',
      ]),
    )
  })

  it('past the bound: the nearest files are opened, and the answer says how many were not', async () => {
    const seam = await providersOn({ ...files, 'lib/far/c.ts': "import { helperOne } from '../../src/a'\nhelperOne()\n" }, undefined, { limits: { maxLooseFiles: 3 } })
    const references = await seam.ask({ operation: 'findReferences', filePath: 'src/a.ts', position: { line: 0, character: 16 } })
    expect({ locations: seam.show(references), completeness: references.completeness }).toEqual({
      locations: ['src/a.ts:1:17', 'src/b.ts:1:10', 'src/b.ts:2:1'],
      completeness: {
        state: 'partial',
        reason: 'unconfigured',
        message: 'no tsconfig.json or jsconfig.json covers the 4 typescript files here, so typescript searched the 3 nearest src/a.ts and not 1 other (lib/far/c.ts); add one to search the whole workspace',
      },
    })
  })
})
