// The nineteenth trial (2026-12-07): an interface and a namespace of one name (declaration merging).
// tsserver's references at the interface list its meaning only; the cross-check adds the namespace's
// places, and the rename writes all six. The preview held the new name's bare references in the
// edited view (4) against the old name's cross-checked ones (6): "2 of the 6 references of Shape
// would not be references of Figure", `--apply` refused for any new name, and `--force` then said
// "Verified". tsc is the independent check.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn, typeCheck } from './workspace.test-support.js'

const files = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ['src'] }),
  'src/shape.ts': 'export interface Shape {\n  area(): number;\n}\nexport namespace Shape {\n  export function unit(): Shape { return { area: () => 1 }; }\n}\n',
  'src/main.ts': "import { Shape } from './shape';\nconst s: Shape = Shape.unit();\nconsole.log(s.area());\n",
}

describe('renaming an interface merged with a namespace, on typescript-language-server', () => {
  it('previews no conflict, applies, and verifies; tsc agrees', { timeout: 120_000 }, async () => {
    const root = await tempWorkspace(files)
    const { tool } = toolOn(root)
    const rename = { operation: 'rename', filePath: 'src/shape.ts', line: 1, character: 18, newName: 'Figure' } as const
    const preview = (await tool.execute(rename)).split('\n')
    expect(preview.filter((line) => /^(Warning|Preview|Errors)/.test(line))).toEqual([
      'Preview: rename Shape → Figure: 6 edits in 2 files; nothing written. The same call with apply: true writes it.',
      'Errors 0 → 0 if applied (in the 2 checked files).',
    ])
    const applied = (await tool.execute({ ...rename, apply: true })).split('\n--- a/')[0]!.split('\n')
    expect(applied.filter((line) => /^(Applied|Verified|Not verified|Warning)/.test(line))).toEqual([
      'Applied: rename Shape → Figure: 6 edits in 2 files written.',
      'Verified: findReferences of Figure finds all 6 references of Shape, renamed.',
      'Verified: errors 0 → 0 in the 2 checked files.',
    ])
    expect(await readFile(path.join(root, 'src/main.ts'), 'utf8')).toBe("import { Figure } from './shape';\nconst s: Figure = Figure.unit();\nconsole.log(s.area());\n")
    expect(typeCheck(root)).toBe('')
  })
})
