// A symlink inside the workspace to a file beside it (src/alias.ts -> util.ts): tsserver keeps the
// link as a file of its own, so an import through it is no reference of util.ts's function, and a
// rename left it, breaking the build (the second trial, 2026-12-06). The cross-check compares
// places by real path: such an import leads to the same declaration. tsc is the independent check.
import { readFile, symlink } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn, typeCheck } from './workspace.test-support.js'

const main = 'import { helper } from "./util"\nimport { helper as h2 } from "./alias"\nexport const a = helper(1) + h2(2)\n'

describe('a symlink to a file in the workspace', () => {
  it('lists an import through the link as a reference the server missed, and refuses a rename that leaves it', async () => {
    const root = await tempWorkspace({
      'tsconfig.json': '{"compilerOptions":{"strict":true,"noEmit":true,"target":"es2020","module":"esnext","moduleResolution":"bundler"},"include":["src"]}',
      'src/util.ts': 'export function helper(x: number) {\n  return x + 1\n}\n',
      'src/main.ts': main,
    })
    await symlink('util.ts', path.join(root, 'src/alias.ts'))
    expect(typeCheck(root)).toBe('')
    const { ask, tool } = toolOn(root)
    expect(await ask('findReferences', 'src/util.ts:1:17')).toBe(
      [
        '4 references to helper in 2 files',
        'src/main.ts',
        '1:10  import { helper } from "./util"',
        '2:10  import { helper as h2 } from "./alias"  (missed by the server; found by the cross-check)',
        '3:18  export const a = helper(1) + h2(2)',
        'src/util.ts:1:17  export function helper(x: number) {',
      ].join('\n'),
    )
    await expect(tool.execute({ operation: 'rename', filePath: 'src/util.ts', line: 1, character: 17, newName: 'assist', apply: true })).rejects.toMatchObject({ code: 'LSP_EDIT_INCOMPLETE' })
    expect(await readFile(path.join(root, 'src/main.ts'), 'utf8')).toBe(main)
  }, 120_000)
})
