// A rename's preview checks every file it touches with the edit in the servers' view, past lsp-local's
// 64 open documents: it stopped at 32 files ("Not checked before writing: the edit touches 80 files"),
// because overlays past the bound left tsserver's diagnostics unsettled; documents a query holds now
// stay open until it is answered. Real typescript-language-server.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const tsconfig = JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler' }, include: ['src'] })

describe('a speculative rename in 80 files', () => {
  it('names the one new error in the last file; disk and the servers\' view unchanged', async () => {
    const files: Record<string, string> = { 'tsconfig.json': tsconfig, 'src/a.ts': 'export const limit = 1\n' }
    for (let i = 1; i <= 78; i++) files[`src/f${i}.ts`] = `import { limit } from './a'\nexport const v${i} = limit\n`
    const taken = "import { limit } from './a'\nconst cap = 2\nexport const v79 = limit + cap\n"
    files['src/f79.ts'] = taken
    const root = await tempWorkspace(files)
    const { tool } = toolOn(root)
    const answer = (await tool.execute({ operation: 'rename', filePath: 'src/a.ts', line: 1, character: 14, newName: 'cap' })).split('\n')
    expect(answer.slice(0, 6)).toEqual([
      'Warning: errors 0 → 1 if applied (in the 80 checked files), 1 new error:',
      "  src/f79.ts:1:10  error  2440  Import declaration conflicts with local declaration of 'cap'.",
      'Warning: if applied, 2 places naming another cap would refer to the renamed limit instead:',
      '  src/f79.ts:2:7  const cap = 2',
      '  src/f79.ts:3:26  export const v79 = cap + cap',
      'Preview: rename limit → cap: 159 edits in 80 files; nothing written. The same call with apply: true writes it.',
    ])
    expect(await readFile(path.join(root, 'src/f79.ts'), 'utf8')).toBe(taken)
    // The servers' view is the disk's again, in the first file and the last.
    expect(await tool.execute({ operation: 'diagnostics', filePath: 'src/f79.ts' })).toBe('No diagnostics in src/f79.ts.')
    expect(await tool.execute({ operation: 'diagnostics', filePath: 'src/f1.ts' })).toBe('No diagnostics in src/f1.ts.')
  }, 180_000)
})
