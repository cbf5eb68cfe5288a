import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { occurrencesIn, searchWord } from './ripgrep.js'

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
})
