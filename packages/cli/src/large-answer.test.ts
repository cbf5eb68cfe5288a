// The issue's large answer on the real typescript-language-server: FEATURE_ENABLED declared in
// src/flags.ts, imported and used 25 times in each of 60 files, 1561 references in 61 files. The
// answer is bounded, states the totals, and every reference is reachable by page or by filter.
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'
import { grouped } from './grouped.test-support.js'

const NAME = 'FEATURE_ENABLED'
const FILES = 60
const USES = 25
const fileName = (index: number): string => `src/f${String(index).padStart(2, '0')}.ts`
const useLine = (use: number): string => `export const use${use} = ${NAME} && ${use} > 0`
const importLine = `import { ${NAME} } from './flags'`

function flagFiles(): Record<string, string> {
  const files: Record<string, string> = {
    'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, module: 'ESNext', moduleResolution: 'Bundler' }, include: ['src'] }),
    'src/flags.ts': `export const ${NAME} = true\n`,
  }
  for (let index = 1; index <= FILES; index++) {
    files[fileName(index)] = [importLine, ...Array.from({ length: USES }, (_, use) => useLine(use)), ''].join('\n')
  }
  return files
}

/** Every reference row in display order, from the files as written: the declaration, then file by file. */
function allRows(): string[] {
  const rows = [`src/flags.ts:1:14  export const ${NAME} = true`]
  for (let index = 1; index <= FILES; index++) {
    rows.push(`${fileName(index)}:1:10  ${importLine}`)
    for (let use = 0; use < USES; use++) rows.push(`${fileName(index)}:${use + 2}:${`export const use${use} = `.length + 1}  ${useLine(use)}`)
  }
  return rows
}

describe('a reference list of 1561 locations in 61 files on typescript-language-server', { timeout: 120_000 }, () => {
  it('pages every reference, 100 rows at a time, with the totals and how to narrow, and filters to one file', async () => {
    const root = await tempWorkspace(flagFiles())
    const { tool } = toolOn(root)
    const rows = allRows()
    expect(rows).toHaveLength(1561)
    // A use in the middle of the workspace, not the declaration.
    const ask = (extra: Record<string, unknown> = {}) =>
      tool.execute({ operation: 'findReferences', filePath: fileName(30), line: 6, character: 23, ...extra })

    const page1 = (await ask()).split('\n')
    expect(page1[0]).toBe(`1561 references to ${NAME} in 61 files; showing 1-100 (page 1 of 16)`)
    // Between the header and the lines on later pages: the page's rows, grouped by file.
    const body = (lines: readonly string[]) => lines.slice(1).filter((line) => !line.startsWith('More in: ') && !line.startsWith('Narrow with fileFilter'))
    expect(body(page1)).toEqual(grouped(rows.slice(0, 100)).split('\n'))
    const moreFiles = Array.from({ length: 19 }, (_, index) => `${fileName(index + 5)} (26)`).join(', ')
    expect(page1.slice(-2)).toEqual([
      `More in: src/f04.ts (5 more of 26), ${moreFiles}, … and 37 more files (962 references)`,
      'Narrow with fileFilter (a file or folder, e.g. src/f04.ts), or ask page 2.',
    ])
    expect(Buffer.byteLength(page1.join('\n'))).toBeLessThan(8 * 1024)

    // Pages 2..16 hold the rest in the same order: nothing dropped, nothing repeated.
    for (let page = 2; page <= 16; page++) {
      const lines = (await ask({ page })).split('\n')
      const last = Math.min(page * 100, rows.length)
      expect(lines[0]).toBe(`1561 references to ${NAME} in 61 files; showing ${(page - 1) * 100 + 1}-${last} (page ${page} of 16)`)
      expect(body(lines)).toEqual(grouped(rows.slice((page - 1) * 100, last)).split('\n'))
    }

    const filtered = (await ask({ fileFilter: fileName(30) })).split('\n')
    expect(filtered).toEqual([
      `26 references to ${NAME} under ${fileName(30)} (1561 in 61 files in all)`,
      ...grouped(rows.filter((row) => row.startsWith(`${fileName(30)}:`))).split('\n'),
    ])
  })
})
