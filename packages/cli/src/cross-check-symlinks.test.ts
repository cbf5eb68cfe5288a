// A symlink inside the workspace to a file beside it (src/alias.ts -> util.ts): tsserver keeps the
// link as a file of its own, so an import through it is no reference of util.ts's function, and a
// rename left it, breaking the build (the second trial, 2026-12-06). The cross-check compares
// places by real path: such an import leads to the same declaration. tsc is the independent check.
import { readFile, readlink, symlink } from 'node:fs/promises'
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

describe('a symlinked source file whose target is in the workspace too', () => {
  // The fifth trial: src/util.ts -> ../shared/util.ts. tsserver's rename edits both paths; written
  // as given, the link became a copy (git: typechange) and the target was edited besides. Now each
  // edit goes to the file the path reaches: the link stays, the target holds the edit once.
  it('writes the rename through the link, once, and leaves the link a link', async () => {
    const util = 'export function alpha(): number { return 1 }\nexport const twice = alpha() + alpha()\n'
    const root = await tempWorkspace({
      'tsconfig.json': '{"compilerOptions":{"strict":true,"noEmit":true},"include":["src"]}',
      'shared/util.ts': util,
      'src/main.ts': "import { alpha } from './util'\nexport const v = alpha()\n",
    })
    await symlink('../shared/util.ts', path.join(root, 'src/util.ts'))
    const { tool } = toolOn(root)
    const applied = (await tool.execute({ operation: 'rename', symbol: 'alpha', filePath: 'src/util.ts', newName: 'beta', apply: true })).split('\n')
    expect(applied.slice(0, 4)).toEqual(['alpha → src/util.ts:1:17', 'Applied: rename alpha → beta: 5 edits in 2 files written.', '  shared/util.ts', '  src/main.ts'])
    expect(await readlink(path.join(root, 'src/util.ts'))).toBe('../shared/util.ts')
    expect(await readFile(path.join(root, 'shared/util.ts'), 'utf8')).toBe(util.replaceAll('alpha', 'beta'))
    expect(await readFile(path.join(root, 'src/main.ts'), 'utf8')).toBe("import { beta } from './util'\nexport const v = beta()\n")
    expect(typeCheck(root)).toBe('')
  }, 120_000)
})

describe('an edit of a file a symlink beside it names', () => {
  // The third trial (v8, repro 8): src/alias.ts -> util.ts, imported as './alias'. tsserver keeps
  // the link as a file of its own, read from disk, so the preview's overlay of util.ts did not reach
  // use.ts: "Errors 0 → 0" for an edit after which tsc fails. The link is overlaid alike now.
  it('counts the errors an importer through the link would have', async () => {
    const root = await tempWorkspace({
      'tsconfig.json': '{"compilerOptions":{"strict":true,"noEmit":true,"target":"es2020","module":"esnext","moduleResolution":"bundler"},"include":["src"]}',
      'src/util.ts': 'export function helper(x: number): number { return x + 1; }\n',
      'src/use.ts': 'import { helper } from "./alias";\nexport const v: number = helper(1);\n',
    })
    await symlink('util.ts', path.join(root, 'src/alias.ts'))
    const { tool } = toolOn(root)
    const text = 'export function helper(x: number): string { return String(x + 1); }'
    const preview = (await tool.execute({ operation: 'replaceSymbol', filePath: 'src/util.ts', line: 1, character: 17, text })).split('\n')
    expect(preview.slice(0, 2)).toEqual([
      'Warning: errors 0 → 1 if applied (in the 2 checked files), 1 new error:',
      "  src/use.ts:2:14  error  2322  Type 'string' is not assignable to type 'number'.",
    ])
    await tool.execute({ operation: 'replaceSymbol', filePath: 'src/util.ts', line: 1, character: 17, text, apply: true })
    expect(typeCheck(root)).toContain("src/use.ts(2,14): error TS2322: Type 'string' is not assignable to type 'number'.")
    expect(await readlink(path.join(root, 'src/alias.ts'))).toBe('util.ts')
  }, 120_000)
})

describe('edits of a file below a symlinked folder', () => {
  // The sixth trial: src/sharedlink -> ../shared. tsserver keeps src/sharedlink/util.ts as a file of
  // its own; the preview's overlay of shared/util.ts missed it ("Errors 0 → 0", then tsc TS2339),
  // and a rename tsc accepts was refused with a TS2724 only the stale link copy had.
  const files = {
    'tsconfig.json': '{"compilerOptions":{"strict":true,"noEmit":true,"target":"es2020","module":"commonjs"},"include":["src"]}',
    'shared/util.ts': 'export function util(s: string): string { return s }\n',
    'src/useutil.ts': "import { util } from './sharedlink/util'\nexport const len: number = util('x').length\n",
  }

  it('counts the errors of an importer through the folder link, and applies a rename tsc accepts', async () => {
    const root = await tempWorkspace(files)
    await symlink('../shared', path.join(root, 'src/sharedlink'))
    const { tool } = toolOn(root)
    const preview = (await tool.execute({ operation: 'replaceSymbol', filePath: 'src/sharedlink/util.ts', line: 1, character: 17, text: 'export function util(s: string): number { return s.length }' })).split('\n')
    expect(preview[0]).toMatch(/^Warning: errors 0 → 1 if applied \(in the \d checked files\), 1 new error:$/)
    expect(preview[1]).toBe("  src/useutil.ts:2:38  error  2339  Property 'length' does not exist on type 'number'.")
    const renamed = (await tool.execute({ operation: 'rename', filePath: 'shared/util.ts', line: 1, character: 17, newName: 'utilx', apply: true })).split('\n')
    expect(renamed[0]).toMatch(/^Applied: rename util → utilx: /)
    expect(typeCheck(root)).toBe('')
    expect(await readlink(path.join(root, 'src/sharedlink'))).toBe('../shared')
  }, 120_000)
})
