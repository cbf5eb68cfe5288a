import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { looseFiles } from './loose-files.js'

function tree(files: string[]): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'lsp-loose-')))
  onTestFinished(() => rmSync(root, { recursive: true, force: true }))
  for (const file of files) {
    mkdirSync(dirname(join(root, file)), { recursive: true })
    writeFileSync(join(root, file), '')
  }
  return root
}

const markers = ['tsconfig.json', 'jsconfig.json']
const extensions = new Set(['.ts', '.js'])

describe('files no project covers', () => {
  it('lists them nearest the anchor first, skipping projects, dependencies and links, and counts those past the bound', () => {
    const root = tree(['src/a.ts', 'src/b.ts', 'src/deep/c.ts', 'lib/far/d.js', 'top.ts', 'README.md', 'pkg/tsconfig.json', 'pkg/src/p.ts', 'node_modules/m/i.js', 'dist/o.js', '.claude/hooks/h.js'])
    symlinkSync('..', join(root, 'src/loop'))
    const shown = (max: number, anchor: string) => {
      const loose = looseFiles(root, markers, extensions, join(root, anchor), max)
      return { ...loose, nearest: loose.nearest.map((file) => relative(root, file)), firstLeftOut: loose.firstLeftOut && relative(root, loose.firstLeftOut) }
    }
    expect(shown(3, 'src')).toEqual({ nearest: ['src/a.ts', 'src/b.ts', 'src/deep/c.ts'], firstLeftOut: 'top.ts', total: 6, counted: true })
    expect(shown(10, '')).toEqual({ nearest: ['top.ts', 'src/a.ts', 'src/b.ts', '.claude/hooks/h.js', 'lib/far/d.js', 'src/deep/c.ts'], firstLeftOut: undefined, total: 6, counted: true })
  })

  it('finds none when a project marker covers the root, from inside it or above it', () => {
    const inside = tree(['tsconfig.json', 'src/a.ts'])
    expect(looseFiles(inside, markers, extensions, inside, 10)).toEqual({ nearest: [], firstLeftOut: undefined, total: 0, counted: true })
    const above = tree(['jsconfig.json', 'app/src/a.js'])
    expect(looseFiles(join(above, 'app'), markers, extensions, join(above, 'app'), 10).total).toBe(0)
  })
})
