// The line naming the strings that name the symbol (`LspCrossCheck.inStrings`): code-point columns,
// at most three places then how many more, and nothing when no string names it.
import type { LspLocation } from '@agent-lsp/lsp'
import { describe, expect, it } from 'vitest'
import { at, complete, fileUri, stubTool, tempWorkspace } from './workspace.test-support.js'

const counts = { occurrences: 7, listed: 2, added: 0, elsewhere: 0, candidates: 0, commentsOrStrings: 5, generated: 0, keywords: 0, unchecked: 0 }

async function answerWith(inStrings: { count: number; locations: (root: string) => LspLocation[] }): Promise<string> {
  const root = await tempWorkspace({
    'src/a.ts': "export function tick() {}\nexport const n = '😀 tick'\n",
    'src/b.ts': "import { tick } from './a'\ntick()\nconst k = ['tick', 'tick']\n",
  })
  const a = fileUri(root, 'src/a.ts')
  const b = fileUri(root, 'src/b.ts')
  const places = [at(a, 0, 16, 4), at(b, 1, 0, 4)]
  const check = { name: 'tick', files: 2, added: [], candidates: [], counts, truncated: false, unsearched: { count: 0, files: [] }, inStrings: { count: inStrings.count, locations: inStrings.locations(root) } }
  const { tool } = stubTool(() => ({ kind: 'locations', locations: places, resolvedWorkspaceRoot: root, completeness: complete, crossCheck: check }), { workspaceRoot: root })
  return tool.execute({ operation: 'findReferences', filePath: 'src/a.ts', line: 1, character: 17 })
}

describe('strings naming the symbol', () => {
  it('names three places in code points, then how many more', async () => {
    // `'😀 tick'`: tick is at zero-based UTF-16 character 21, 1-based code-point column 21 (the emoji is two units, one column; 22 if counted in units).
    const text = await answerWith({ count: 5, locations: (root) => [at(fileUri(root, 'src/b.ts'), 2, 12, 4), at(fileUri(root, 'src/a.ts'), 1, 21, 4), at(fileUri(root, 'src/b.ts'), 2, 20, 4)] })
    expect(text.split('\n')).toEqual([
      '2 references to tick in 2 files',
      'src/a.ts:1:17  export function tick() {}',
      'src/b.ts:2:1  tick()',
      '5 strings name tick (not references; a use by name there is not followed): src/a.ts:2:21, src/b.ts:3:13, src/b.ts:3:21 and 2 more',
    ])
  })

  it('adds nothing when no string names the symbol', async () => {
    const text = await answerWith({ count: 0, locations: () => [] })
    expect(text.split('\n')).toEqual(['2 references to tick in 2 files', 'src/a.ts:1:17  export function tick() {}', 'src/b.ts:2:1  tick()'])
  })
})
