// The large answer: FEATURE_ENABLED declared in src/flags.ts, imported and used 25 times
// in each of 60 files: 1561 references in 61 files, which must come back bounded and complete.
import type { LspLocation } from '@agent-lsp/lsp'
import { describe, expect, it } from 'vitest'
import { range, symbol } from './cart.test-support.js'
import { at, complete, fileUri, stubTool, tempWorkspace } from './workspace.test-support.js'

const NAME = 'FEATURE_ENABLED'
const fileName = (index: number): string => `src/f${String(index).padStart(2, '0')}.ts`

function flagFiles(): Record<string, string> {
  const files: Record<string, string> = { 'src/flags.ts': `export const ${NAME} = true\n` }
  for (let index = 1; index <= 60; index++) {
    const uses = Array.from({ length: 25 }, (_, use) => `export const use${use} = ${NAME} && ${use} > 0`)
    files[fileName(index)] = [`import { ${NAME} } from './flags'`, ...uses, ''].join('\n')
  }
  return files
}

/** The references as a server might send them: not in display order. */
function references(root: string): LspLocation[] {
  const list = [at(fileUri(root, 'src/flags.ts'), 0, 13, NAME.length)]
  for (let index = 60; index >= 1; index--) {
    const uri = fileUri(root, fileName(index))
    list.push(at(uri, 0, 9, NAME.length))
    for (let use = 1; use <= 25; use++) list.push(at(uri, use, `export const use${use - 1} = `.length, NAME.length))
  }
  return list
}

async function flagsTool(options: { readonly maxResults?: number } = {}) {
  const root = await tempWorkspace(flagFiles())
  const all = references(root)
  const declaration = all[0]!
  const stub = stubTool(
    (query) => ({
      kind: 'locations',
      locations: query.operation === 'goToDefinition' ? [declaration] : all,
      resolvedWorkspaceRoot: root,
      completeness: complete,
    }),
    { workspaceRoot: root, ...options },
  )
  // A use in the middle of the workspace, not the declaration.
  const ask = (extra: Record<string, unknown> = {}) =>
    stub.tool.execute({ operation: 'findReferences', filePath: fileName(30), line: 5, character: 23, ...extra })
  return { root, all, ask, seen: stub.seen }
}

describe('a reference list of 1561 locations in 61 files', () => {
  it('shows 100 rows, the declaration first, with the totals, the files left and how to narrow, under 12 KB', async () => {
    const { all, ask } = await flagsTool()
    expect(all).toHaveLength(1561)
    const text = await ask()
    const lines = text.split('\n')
    expect(lines[0]).toBe(`1561 references to ${NAME} in 61 files; showing 1-100 (page 1 of 16)`)
    // Grouped by file: the declaration's file (one place, one line), then each file's path and its places.
    expect(lines[1]).toBe(`src/flags.ts:1:14  export const ${NAME} = true`)
    expect(lines.slice(2, 5)).toEqual(['src/f01.ts', `1:10  import { ${NAME} } from './flags'`, `2:21  export const use0 = ${NAME} && 0 > 0`])
    expect(lines.slice(83, 85)).toEqual(['src/f04.ts', `1:10  import { ${NAME} } from './flags'`])
    expect(lines[104]).toBe(`21:22  export const use19 = ${NAME} && 19 > 0`)
    const more = Array.from({ length: 19 }, (_, index) => `${fileName(index + 5)} (26)`).join(', ')
    expect(lines.slice(105)).toEqual([
      `More in: src/f04.ts (5 more of 26), ${more}, … and 37 more files (962 references)`,
      'Narrow with fileFilter (a file or folder, e.g. src/f04.ts), or ask page 2.',
    ])
    const bytes = Buffer.byteLength(text)
    expect(bytes).toBeLessThan(12 * 1024)
    // 6903 bytes before rows were grouped by file.
    expect(bytes).toBe(5858)
  })

  it('shows rows 101-200 on page 2, in the same order, and the rest on the last page', async () => {
    const { ask } = await flagsTool()
    const page2 = (await ask({ page: 2 })).split('\n')
    expect(page2[0]).toBe(`1561 references to ${NAME} in 61 files; showing 101-200 (page 2 of 16)`)
    // A file continued from page 1 names its path again.
    expect(page2.slice(1, 3)).toEqual(['src/f04.ts', `22:22  export const use20 = ${NAME} && 20 > 0`])
    expect(page2.slice(104, 106)).toEqual([`16:22  export const use14 = ${NAME} && 14 > 0`, `17:22  export const use15 = ${NAME} && 15 > 0`])
    const more = Array.from({ length: 19 }, (_, index) => `${fileName(index + 9)} (26)`).join(', ')
    expect(page2[106]).toBe(`More in: src/f08.ts (9 more of 26), ${more}, … and 33 more files (858 references)`)
    expect(page2[107]).toBe('Narrow with fileFilter (a file or folder, e.g. src/f08.ts), or ask page 3.')
    const last = (await ask({ page: 16 })).split('\n')
    expect(last[0]).toBe(`1561 references to ${NAME} in 61 files; showing 1501-1561 (page 16 of 16)`)
    expect(last).toHaveLength(65)
    expect(last[64]).toBe(`26:22  export const use24 = ${NAME} && 24 > 0`)
  })

  it("pins a resolved symbol's own name first, without asking for its definition", async () => {
    const root = await tempWorkspace(flagFiles())
    const all = references(root)
    const flags = fileUri(root, 'src/flags.ts')
    const { tool, seen } = stubTool(
      (query) =>
        query.operation === 'documentSymbol'
          ? { kind: 'symbols', symbols: [symbol(flags, NAME, 'Constant', range(0, 13, 0, 35), [0, 13])], resolvedWorkspaceRoot: root, completeness: complete }
          : { kind: 'locations', locations: all, resolvedWorkspaceRoot: root, completeness: complete },
      { workspaceRoot: root },
    )
    const lines = (await tool.execute({ operation: 'findReferences', symbol: NAME, filePath: 'src/flags.ts' })).split('\n')
    expect(lines.slice(0, 3)).toEqual([
      `${NAME} → src/flags.ts:1:14`,
      `1561 references to ${NAME} in 61 files; showing 1-100 (page 1 of 16)`,
      `src/flags.ts:1:14  export const ${NAME} = true`,
    ])
    expect(seen.map((query) => query.operation)).toEqual(['documentSymbol', 'findReferences'])
  })

  it('asks for the definition only when the answer is cut', async () => {
    const { ask, seen } = await flagsTool({ maxResults: 2000 })
    const text = await ask()
    expect(text.split('\n')[0]).toBe(`1561 references to ${NAME} in 61 files`)
    expect(text.split('\n').slice(1, 3)).toEqual(['src/f01.ts', `1:10  import { ${NAME} } from './flags'`])
    expect(seen.map((query) => query.operation)).toEqual(['findReferences'])
  })

  it('narrows to one file with fileFilter', async () => {
    const { ask } = await flagsTool()
    const text = await ask({ fileFilter: 'src/f07.ts' })
    const lines = text.split('\n')
    expect(lines[0]).toBe(`26 references to ${NAME} under src/f07.ts (1561 in 61 files in all)`)
    expect(lines).toHaveLength(28)
    expect(lines[1]).toBe('src/f07.ts')
    expect(lines[27]).toBe(`26:22  export const use24 = ${NAME} && 24 > 0`)
  })
})
