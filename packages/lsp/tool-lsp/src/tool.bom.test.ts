// Line 1 of a file starting with a byte order mark has the columns an editor shows: the mark is
// not text (docs/lsp.md, "Coordinates"), in the cursor the model gives and in the rows it reads.
import { describe, expect, it } from 'vitest'
import { at, complete, failure, fileUri, positionOf, stubTool, tempWorkspace } from './workspace.test-support.js'

const files = { 'src/a.ts': '\ufeffexport const total = 1\nexport const twice = total * 2\n' }

describe('a file starting with a byte order mark', () => {
  it('converts line 1 columns without it, both ways, and shows its code without it', async () => {
    const root = await tempWorkspace(files)
    const uri = fileUri(root, 'src/a.ts')
    const { tool, seen } = stubTool(
      () => ({ kind: 'locations', locations: [at(uri, 0, 13, 5), at(uri, 1, 21, 5)], resolvedWorkspaceRoot: root, completeness: complete }),
      { workspaceRoot: root },
    )
    const answer = ['2 references to total', 'src/a.ts', '1:14  export const total = 1', '2:22  export const twice = total * 2'].join('\n')
    expect(await tool.execute({ operation: 'findReferences', filePath: 'src/a.ts', line: 1, character: 14 })).toBe(answer)
    expect(positionOf(seen[0])).toEqual({ line: 0, character: 13 })
    // The end of line 1 is after its 22 code points, the mark not among them.
    expect(await failure(tool.execute({ operation: 'hover', filePath: 'src/a.ts', line: 1, character: 24 }))).toEqual({
      code: 'LSP_INVALID_POSITION',
      message: 'character 24 is past the end of line 1 of src/a.ts (22 code points; 23 is the end of the line)',
    })
  })
})
