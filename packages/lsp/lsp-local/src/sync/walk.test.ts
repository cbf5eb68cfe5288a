import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { walk, type WalkedDirectory } from './walk.js'

function tree(files: string[]): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'lsp-walk-')))
  onTestFinished(() => rmSync(root, { recursive: true, force: true }))
  for (const file of files) {
    mkdirSync(dirname(join(root, file)), { recursive: true })
    writeFileSync(join(root, file), '')
  }
  return root
}

const everything = { maxDirectories: 1_000, maxDepth: 20 }

describe('walk', () => {
  it('follows no symlink: a loop and a link to a file are not walked, each real file seen once', () => {
    const root = tree(['src/a.ts', 'src/b.ts', 'lib/c.ts'])
    symlinkSync('..', join(root, 'src/loop'))
    symlinkSync(join(root, 'lib/c.ts'), join(root, 'src/c-link.ts'))
    const seen: string[] = []
    expect(walk(root, everything, ({ path, files }) => void seen.push(...files.map((file) => relative(root, join(path, file)))))).toBe(true)
    expect(seen).toEqual(['lib/c.ts', 'src/a.ts', 'src/b.ts'])
  })

  it('with followLinks, enters a linked folder under its own path, each real folder once (a loop, a second link)', () => {
    const root = tree(['lib/c.ts'])
    const elsewhere = tree(['src/a.ts', 'src/inner/b.ts'])
    symlinkSync(join(elsewhere, 'src'), join(root, 'src')) // outside the root, as tsc follows it
    symlinkSync('..', join(elsewhere, 'src/inner/loop')) // back to src: entered no further
    symlinkSync(join(root, 'lib'), join(root, 'lib-again')) // a second way to lib: entered once
    symlinkSync(join(root, 'missing'), join(root, 'dangling'))
    const seen: string[] = []
    expect(walk(root, { ...everything, followLinks: true }, ({ path, files }) => void seen.push(...files.map((file) => relative(root, join(path, file)))))).toBe(true)
    expect(seen).toEqual(['lib/c.ts', 'src/a.ts', 'src/inner/b.ts'])
  })

  it('skips dependency folders and virtualenvs by any name, breadth first, and says when a bound cut it short', () => {
    const root = tree(['a/b/c/deep.py', 'top.py', 'node_modules/x/i.js', '.git/HEAD', '.venv/lib/m.py', 'env/pyvenv.cfg', 'env/lib/n.py', '.claude/lib/x.py'])
    const order: string[] = []
    const visit = ({ path, depth }: WalkedDirectory) => void order.push(`${depth}:${relative(root, path)}`)
    expect(walk(root, everything, visit)).toBe(true)
    expect(order).toEqual(['0:', '1:.claude', '1:a', '1:env', '2:.claude/lib', '2:a/b', '3:a/b/c'])
    expect(walk(root, { maxDirectories: 3, maxDepth: 20 }, () => {})).toBe(false)
    expect(walk(root, { maxDirectories: 100, maxDepth: 2 }, () => {})).toBe(false)
  })
})
