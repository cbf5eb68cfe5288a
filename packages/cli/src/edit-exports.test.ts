// The eleventh trial: two edits that change a module's exports were "Verified: errors 0 → 0" while
// tsc failed elsewhere. `edit` of the `export` keyword of an `export const` (entities' escape.ts)
// checked the edited file alone: tsserver's symbol range is the declarator, so the keyword lay in
// no symbol and no importer was checked. An insertAfter adding an export that another module of an
// `export *` barrel already exports (zod's NEVER) did not check the barrel. tsc is the independent check.
// Then (2026-12-07): a rename that changed the exports of more than two modules looked for the
// barrels of the first two only, and said "Verified: errors 0 → 0" while tsc failed (TS2308) in the third's.
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn, typeCheck } from './workspace.test-support.js'

const tsconfig = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler' }, include: ['src'] })

describe('an edit that changes what a module exports checks where that shows', () => {
  it("edit of an export const's `export` keyword checks the files importing it", async () => {
    const root = await tempWorkspace({
      'tsconfig.json': tsconfig,
      'src/escape.ts': 'export const escapeUTF8 = (s: string): string => s\nexport const other = 1\n',
      'src/index.ts': "import { escapeUTF8 } from './escape'\n\nexport const out = escapeUTF8('a')\n",
    })
    const { tool } = toolOn(root)
    const preview = await tool.execute({ operation: 'edit', filePath: 'src/escape.ts', line: 1, character: 1, endLine: 1, endCharacter: 8, text: '' })
    expect(preview.split('\n').slice(0, 2)).toEqual(['Warning: errors 0 → 1 if applied (in the 2 checked files), 1 new error:', "  src/index.ts:1:10  error  2459  Module '\"./escape\"' declares 'escapeUTF8' locally, but it is not exported."])
    // Only previewed: nothing written, the tree still type-checks.
    expect(typeCheck(root)).toBe('')
  }, 120_000)

  it('insertAfter of an export another module of an `export *` barrel exports checks the barrel', async () => {
    const root = await tempWorkspace({
      'tsconfig.json': tsconfig,
      'src/a.ts': 'export type Primitive = string | number\n',
      'src/b.ts': 'export const NEVER = undefined as never\n',
      'src/external.ts': "export * from './a'\nexport * from './b'\n",
    })
    const { tool } = toolOn(root)
    const preview = await tool.execute({ operation: 'insertAfter', filePath: 'src/a.ts', symbol: 'Primitive', text: 'export const NEVER = 1' })
    expect(preview.split('\n').slice(1, 3)).toEqual([
      'Warning: errors 0 → 1 if applied (in the 2 checked files), 1 new error:',
      "  src/external.ts:2:1  error  2308  Module './a' has already exported a member named 'NEVER'. Consider explicitly re-exporting to resolve the ambiguity.",
    ])
  }, 120_000)

  it('a rename that changes the exports of many modules checks the barrel of each', async () => {
    const root = await tempWorkspace({
      'tsconfig.json': tsconfig,
      'src/a.ts': 'export function foo(): number {\n  return 1\n}\n',
      'src/m1.ts': "export { foo } from './a'\n",
      'src/m2.ts': "export { foo } from './a'\n",
      'src/m3.ts': "export { foo } from './a'\n",
      'src/other.ts': 'export const bar = 2\n',
      'src/index.ts': "export * from './m3'\nexport * from './other'\n",
      'src/use.ts': "import { foo } from './m1'\nimport { foo as f2 } from './m2'\nexport const total = foo() + f2()\n",
    })
    const { tool } = toolOn(root)
    const preview = await tool.execute({ operation: 'rename', filePath: 'src/a.ts', line: 1, character: 17, newName: 'bar' })
    expect(preview.split('\n').slice(0, 3)).toEqual([
      'Warning: errors 0 → 1 if applied (in the 6 checked files), 1 new error:',
      "  src/index.ts:2:1  error  2308  Module './m3' has already exported a member named 'bar'. Consider explicitly re-exporting to resolve the ambiguity.",
      'Preview: rename foo → bar: 7 edits in 5 files; nothing written. The same call with apply: true writes it.',
    ])
    await expect(tool.execute({ operation: 'rename', filePath: 'src/a.ts', line: 1, character: 17, newName: 'bar', apply: true })).rejects.toMatchObject({ code: 'LSP_EDIT_ADDS_ERRORS' })
    expect(typeCheck(root)).toBe('')
  }, 120_000)
})
