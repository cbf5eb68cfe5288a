import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { occurrencesIn, searchWordWithRipgrep as searchWord } from './ripgrep.js'

const roots: string[] = []
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
})

function workspace(files: Record<string, string>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'agent-lsp-rg-')))
  roots.push(root)
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return root
}

describe('occurrencesIn', () => {
  it('turns byte offsets into UTF-16 characters and drops matches next to $', () => {
    const line = JSON.stringify({
      type: 'match',
      data: { path: { text: '/w/a.ts' }, lines: { text: 'const 💶 = total; $total; total$\n' }, line_number: 3, submatches: [{ start: 13 }, { start: 21 }, { start: 29 }] },
    })
    expect(occurrencesIn(line, 'total', '/w')).toEqual([{ path: '/w/a.ts', line: 2, character: 11 }])
  })
})

describe('searchWord', () => {
  it('finds whole words in the extensions given, honours .gitignore outside git, searches dot folders, skips dependencies and symlinks', async () => {
    const root = workspace({
      '.gitignore': 'generated/\n',
      'src/a.ts': 'export function total() {}\nconst subtotal = total()\n',
      'src/b.md': 'total\n',
      '.claude/lib/c.ts': 'total()\n',
      'generated/d.ts': 'total()\n',
      'node_modules/e/index.ts': 'total()\n',
    })
    symlinkSync(join(root, 'src'), join(root, 'src-link'))
    const found = await searchWord('total', root, ['.ts'], 100, undefined)
    const rows = found.occurrences.map((o) => `${o.path.slice(root.length + 1)}:${o.line}:${o.character}`).sort()
    expect(rows).toEqual(['.claude/lib/c.ts:0:0', 'src/a.ts:0:16', 'src/a.ts:1:17'])
    expect(found.truncated).toBe(false)
  })

  it('stops at the limit and says so', async () => {
    const root = workspace({ 'a.py': 'total = 1\ntotal\ntotal\n' })
    const found = await searchWord('total', root, ['.py'], 2, undefined)
    expect(found.occurrences).toHaveLength(2)
    expect(found.truncated).toBe(true)
  })

  // ripgrep searches files on several threads: without a fixed order, which occurrences a limit
  // keeps (and so a cross-check's counts) changed from one run to the next on effect's sources.
  it('keeps the same occurrences on every run: the first in path order, then line order', async () => {
    const files = Object.fromEntries(Array.from({ length: 300 }, (_, k) => [`src/m${String(k).padStart(3, '0')}.ts`, 'total()\nx; total\n']))
    const root = workspace(files)
    const expected = ['src/m000.ts', 'src/m000.ts', 'src/m001.ts', 'src/m001.ts', 'src/m002.ts'].map((path, k) => ({ path: join(root, path), line: k % 2, character: k % 2 === 0 ? 0 : 3 }))
    for (let run = 0; run < 3; run++) {
      const found = await searchWord('total', root, ['.ts'], 5, undefined)
      expect(found).toEqual({ occurrences: expected, truncated: true, unsearched: [] })
    }
  })
})
