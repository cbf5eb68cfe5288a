// Line 1 of a file starting with a byte order mark, against the real servers: the columns an
// editor shows (VS Code hides the mark), printed and taken back as input. The servers are sent the
// text without the mark; sent with it, tsserver and pyright counted it (one column more), while
// tsserver drops it from a file it reads itself. A rename on line 1 keeps the mark in the file.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'
import { grouped } from './grouped.test-support.js'

const bom = '\ufeff'

describe('a byte order mark', () => {
  it('typescript-language-server: line 1 columns of an open and an unopened file are an editor\'s, both ways', async () => {
    const root = await tempWorkspace({
      'tsconfig.json': '{ "include": ["src"] }',
      'src/a.ts': `${bom}export const total = 1\nexport const twice = total * 2\n`,
      'src/b.ts': `${bom}import { total } from "./a"\nexport const thrice = total * 3\n`,
    })
    const { ask } = toolOn(root)
    const answer = grouped([
      '4 references to total in 2 files',
      'src/a.ts:1:14  export const total = 1',
      'src/a.ts:2:22  export const twice = total * 2',
      'src/b.ts:1:10  import { total } from "./a"',
      'src/b.ts:2:23  export const thrice = total * 3',
    ])
    expect(await ask('findReferences', 'src/a.ts:1:14')).toBe(answer)
    // b.ts, unopened above (tsserver read it), now the query's own file.
    expect(await ask('findReferences', 'src/b.ts:1:10')).toBe(answer)
    expect(await ask('goToDefinition', 'src/b.ts:2:23')).toBe('total → src/a.ts:1:14  export const total = 1')
  })

  it('pyright: line 1 columns of the open file are an editor\'s, both ways', async () => {
    const root = await tempWorkspace({ 'a.py': `${bom}total = 1\ntwice = total * 2\n` })
    const { ask } = toolOn(root)
    const answer = grouped(['2 references to total', 'a.py:1:1  total = 1', 'a.py:2:9  twice = total * 2'])
    expect(await ask('findReferences', 'a.py:2:9')).toBe(answer)
    expect(await ask('findReferences', 'a.py:1:1')).toBe(answer)
  })

  it('typescript-language-server: a rename on line 1 replaces the name and keeps the mark', async () => {
    const root = await tempWorkspace({
      'tsconfig.json': '{ "include": ["src"] }',
      'src/a.ts': `${bom}export const total = 1\nexport const twice = total * 2\n`,
    })
    const { tool } = toolOn(root)
    await tool.execute({ operation: 'rename', filePath: 'src/a.ts', line: 1, character: 14, newName: 'sum', apply: true })
    expect(await readFile(path.join(root, 'src/a.ts'), 'utf8')).toBe(`${bom}export const sum = 1\nexport const twice = sum * 2\n`)
  })
})
