// Which name a header or a `No … found` line gives: the symbol the server answered for, never a keyword.
import type { LspLocation } from '@agent-lsp/lsp'
import { describe, expect, it } from 'vitest'
import { at, complete, fileUri, stubTool, tempWorkspace } from './workspace.test-support.js'

const shapesFiles = {
  'src/shapes.ts': [
    'const shapes = [1, 2]',
    'export const count = shapes.length',
    'export class Counter { #count = 0; next() { return this.#count++ } }',
    'export function total(',
    '  a: number) { return a }',
    '',
  ].join('\n'),
}

const locations = (root: string, list: readonly LspLocation[]) =>
  () => ({ kind: 'locations', locations: list, resolvedWorkspaceRoot: root, completeness: complete }) as const

const references = (line: number, character: number) => ({ operation: 'findReferences', filePath: 'src/shapes.ts', line, character })

describe('naming the symbol', () => {
  it('names the symbol the answer covers, not the keyword under the cursor', async () => {
    const root = await tempWorkspace(shapesFiles)
    const file = fileUri(root, 'src/shapes.ts')
    const { tool } = stubTool(locations(root, [at(file, 1, 21, 6), at(file, 0, 6, 6)]), { workspaceRoot: root })
    expect(await tool.execute(references(1, 1))).toBe(
      ['2 references to shapes', 'src/shapes.ts', '1:7  const shapes = [1, 2]', '2:22  export const count = shapes.length'].join(
        '\n',
      ),
    )
  })

  it("names the symbol at the cursor though the first rows are an alias's uses (gettext_lazy, imported as _)", async () => {
    const uses = Array.from({ length: 25 }, () => "_('x')")
    const root = await tempWorkspace({ 'a/forms.ts': ["import { gettext_lazy as _ } from '../z/trans'", ...uses, ''].join('\n'), 'z/trans.ts': 'export function gettext_lazy(message: string) { return message }\n' })
    const forms = fileUri(root, 'a/forms.ts')
    // As scip-python gives them: the import spanning `gettext_lazy as _`, then each use of `_`.
    const rows = [at(forms, 0, 9, 17), ...uses.map((_, i) => at(forms, i + 1, 0, 1)), at(fileUri(root, 'z/trans.ts'), 0, 16, 12)]
    const { tool } = stubTool(locations(root, rows), { workspaceRoot: root })
    const header = await tool.execute({ operation: 'findReferences', filePath: 'z/trans.ts', line: 1, character: 17 })
    expect(header.split('\n')[0]).toBe('27 references to gettext_lazy in 2 files')
  })

  it('names a private member with its #', async () => {
    const root = await tempWorkspace(shapesFiles)
    const file = fileUri(root, 'src/shapes.ts')
    const { tool } = stubTool(locations(root, [at(file, 2, 23, 6), at(file, 2, 56, 6)]), { workspaceRoot: root })
    expect((await tool.execute(references(3, 45))).split('\n')[0]).toBe('2 references to #count')
  })

  it('falls back to the word at the cursor when the first range spans lines or is not a name', async () => {
    const root = await tempWorkspace(shapesFiles)
    const file = fileUri(root, 'src/shapes.ts')
    const multiLine: LspLocation = { uri: file, range: { start: { line: 3, character: 16 }, end: { line: 4, character: 3 } } }
    const header = async (list: readonly LspLocation[], line: number, character: number) =>
      (await stubTool(locations(root, list), { workspaceRoot: root }).tool.execute(references(line, character))).split('\n')[0]
    expect(await header([multiLine], 4, 17)).toBe('1 reference to total')
    expect(await header([at(file, 1, 21, 8)], 2, 22)).toBe('1 reference to shapes')
  })

  it('names nothing rather than a keyword', async () => {
    const root = await tempWorkspace(shapesFiles)
    const file = fileUri(root, 'src/shapes.ts')
    const { tool } = stubTool(locations(root, [at(file, 0, 6, 8)]), { workspaceRoot: root })
    expect((await tool.execute(references(1, 1))).split('\n')[0]).toBe('1 reference')
    const none = stubTool(locations(root, []), { workspaceRoot: root }).tool
    expect(await none.execute(references(1, 3))).toBe('No references found at src/shapes.ts:1:3.')
    expect(await none.execute(references(3, 50))).toBe('No references found at src/shapes.ts:3:50.')
    expect(await none.execute(references(1, 7))).toBe('No references found for shapes at src/shapes.ts:1:7.')
  })
})
