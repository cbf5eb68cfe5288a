import { appendFileSync, mkdirSync, mkdtempSync, realpathSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { searchWordWithRipgrep } from './ripgrep.js'
import { searchWord, type SearchEngine } from './search.js'
import { TextCache } from './texts.js'

const roots: string[] = []
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
})

/** A tree `files` in `<tmp>/outer/ws`, so `outer/.gitignore` is a parent's ignore file; the root returned is `ws`. */
function workspace(files: Record<string, string | Buffer>): string {
  const temporary = realpathSync(mkdtempSync(join(tmpdir(), 'agent-lsp-search-')))
  roots.push(temporary)
  mkdirSync(join(temporary, 'outer/ws'), { recursive: true })
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(temporary, path)), { recursive: true })
    writeFileSync(join(temporary, path), text)
  }
  return join(temporary, 'outer/ws')
}

const TS = ['.ts', '.tsx', '.js']
const wide = { maxFiles: 100_000, maxBytes: 256 * 1024 * 1024 }

async function both(name: string, root: string, extensions = TS, limit = 100_000, limits = wide) {
  let engine: SearchEngine | undefined
  const { texts, ...local } = await searchWord(name, root, extensions, limit, undefined, { limits, texts: new TextCache(64 * 1024 * 1024), engine: (used) => (engine = used) })
  const rg = await searchWordWithRipgrep(name, root, extensions, limit, undefined)
  // The in-process search hands over the texts it found the occurrences in, one per file.
  if (texts !== undefined) expect([...texts.keys()]).toEqual([...new Set(local.occurrences.map((o) => o.path))])
  return { local, rg, engine }
}

const rows = (root: string, found: { occurrences: readonly { path: string; line: number; character: number }[] }) =>
  found.occurrences.map((o) => `${o.path.slice(root.length + 1)}:${o.line}:${o.character}`)

describe('searchWord in process: the same occurrences as ripgrep', () => {
  it('on a tree of ignore rules, word boundaries, binary, large and linked files', async () => {
    const root = workspace({
      'outer/.gitignore': 'parentignored/\n',
      'outer/ws/.gitignore': ['generated/', 'gen.ts', '/anchored/', 'nested/**/deep/', '\\#hash/', 'trailing/   ', 'build?/', '[ab]x/', '{one,two}/', 'dir.ts/', 'fromignore/', '# a comment', ''].join('\n'),
      'outer/ws/.ignore': 'fromignore/\nlocal/\n',
      'outer/ws/.rgignore': '!fromignore/\n',
      'outer/ws/.git/info/exclude': 'excluded/\n',
      'outer/ws/sub/.gitignore': '!generated/\n',
      'outer/ws/a.ts': 'total étotal totalé total₂ Ⅻtotal total‿ $total total$ _total total_ (total) x.total\n\ttotal\r\rtotal\r\n💶 total;\n',
      'outer/ws/gen.ts': 'total\n', // a file rule: the `-g '*.ts'` glob wins over it, in ripgrep
      'outer/ws/generated/x.ts': 'total\n',
      'outer/ws/sub/generated/y.ts': 'total\n',
      'outer/ws/sub/local/z.ts': 'total\n',
      'outer/ws/anchored/a.ts': 'total\n',
      'outer/ws/sub/anchored/a.ts': 'total\n',
      'outer/ws/nested/deep/x.ts': 'total\n',
      'outer/ws/nested/a/b/deep/x.ts': 'total\n',
      'outer/ws/nested/a/x.ts': 'total\n',
      'outer/ws/#hash/x.ts': 'total\n',
      'outer/ws/trailing/x.ts': 'total\n',
      'outer/ws/build1/x.ts': 'total\n',
      'outer/ws/build12/x.ts': 'total\n',
      'outer/ws/ax/x.ts': 'total\n',
      'outer/ws/cx/x.ts': 'total\n',
      'outer/ws/one/x.ts': 'total\n',
      'outer/ws/dir.ts/x.ts': 'total\n',
      'outer/ws/fromignore/x.ts': 'total\n',
      'outer/ws/excluded/x.ts': 'total\n',
      'outer/ws/parentignored/x.ts': 'total\n',
      'outer/ws/.hidden/x.ts': 'total\n',
      'outer/ws/node_modules/x.ts': 'total\n',
      'outer/ws/a/b.ts': 'total\n',
      'outer/ws/a-b.ts': 'total\n',
      'outer/ws/A.ts': 'total\n',
      'outer/ws/é.ts': 'total\n',
      'outer/ws/m.md': 'total\n',
      'outer/ws/bin.ts': 'total\n\0total\n',
      'outer/ws/big.js': `${'total\n'.repeat(700_000)}`, // 4.2 MB > --max-filesize 4M
    })
    symlinkSync(join(root, 'a.ts'), join(root, 'link.ts'))
    symlinkSync(join(root, 'cx'), join(root, 'linked'))
    const { local, rg, engine } = await both('total', root)
    expect(engine).toBe('in-process')
    expect(local).toEqual(rg)
    // Left out, as ripgrep leaves them: the binary file and the one over 4 MiB, both naming total.
    expect(local.unsearched).toEqual([
      { path: join(root, 'big.js'), reason: 'too-large', bytes: 4_200_000 },
      { path: join(root, 'bin.ts'), reason: 'binary', bytes: 13 },
    ])
    // Per folder by name (`a` before `a-b.ts`); a lone `\r` inside a line; `₂` (No) is no word
    // character to ripgrep but is a number, so an identifier's, to the cross-check.
    expect(rows(root, local)).toEqual([
      '.hidden/x.ts:0:0',
      'A.ts:0:0',
      'a/b.ts:0:0',
      'a-b.ts:0:0',
      'a.ts:0:0',
      'a.ts:0:70',
      'a.ts:0:79',
      'a.ts:1:1',
      'a.ts:1:8',
      'a.ts:2:3',
      'build12/x.ts:0:0',
      'cx/x.ts:0:0',
      'dir.ts/x.ts:0:0',
      'fromignore/x.ts:0:0',
      'gen.ts:0:0',
      'nested/a/x.ts:0:0',
      'sub/anchored/a.ts:0:0',
      'sub/generated/y.ts:0:0',
      'é.ts:0:0',
    ])
  })

  it('stops at the same occurrence as ripgrep when the limit cuts', async () => {
    const files = Object.fromEntries(Array.from({ length: 30 }, (_, k) => [`outer/ws/src/m${k}.ts`, 'total()\nx; total\n']))
    const root = workspace(files)
    const { local, rg, engine } = await both('total', root, TS, 7)
    expect(engine).toBe('in-process')
    expect(local).toEqual(rg)
    expect(local.truncated).toBe(true)
    expect(local.occurrences).toHaveLength(7)
  })

  it('sees a file changed, added or newly ignored since the last search', async () => {
    const root = workspace({ 'outer/ws/a.ts': 'total\n', 'outer/ws/lib/b.ts': 'x\n' })
    // No racy window: a text is kept from its first read, so the search's memo of the last answer
    // per name is used, and must not outlive a change. (The folders are listed again within 1 s.)
    const texts = new TextCache(1024 * 1024, 0)
    const search = () => searchWord('total', root, TS, 100, undefined, { limits: wide, texts }).then((found) => rows(root, found))
    const first = await searchWord('total', root, TS, 100, undefined, { limits: wide, texts })
    expect(await searchWord('total', root, TS, 100, undefined, { limits: wide, texts })).toBe(first)
    expect(await search()).toEqual(['a.ts:0:0'])
    appendFileSync(join(root, 'lib/b.ts'), 'total\n')
    writeFileSync(join(root, 'lib/c.ts'), '  total\n')
    expect(await search()).toEqual(['a.ts:0:0', 'lib/b.ts:1:0', 'lib/c.ts:0:2'])
    writeFileSync(join(root, '.gitignore'), 'lib/\n')
    expect(await search()).toEqual(['a.ts:0:0'])
  })

  it('reuses its last walk while nothing it read changed, and sees each kind of change as ripgrep does', async () => {
    const root = workspace({ 'outer/ws/a.ts': 'total\n', 'outer/ws/lib/b.ts': 'total\n', 'outer/ws/lib/deep/c.ts': 'x total\n' })
    const texts = new TextCache(1024 * 1024, 0)
    const walks: boolean[] = []
    const search = async (): Promise<string[]> => {
      const { texts: _, ...found } = await searchWord('total', root, TS, 100, undefined, { limits: wide, texts, reused: (reused) => walks.push(reused) })
      expect(found).toEqual(await searchWordWithRipgrep('total', root, TS, 100, undefined))
      return rows(root, found)
    }
    // Asked until the walk is reused, as it is once every folder read is watched: each answer is ripgrep's.
    const settled = async (): Promise<string[]> => {
      walks.length = 0
      const found = await search()
      for (let more = 0; more < 3 && walks.at(-1) !== true; more++) expect(await search()).toEqual(found)
      expect(walks.at(-1)).toBe(true)
      return found
    }
    expect(await settled()).toEqual(['a.ts:0:0', 'lib/b.ts:0:0', 'lib/deep/c.ts:0:2'])
    const changes: [string, () => void, string[]][] = [
      ['a file appended to', () => appendFileSync(join(root, 'lib/deep/c.ts'), 'total\n'), ['a.ts:0:0', 'lib/b.ts:0:0', 'lib/deep/c.ts:0:2', 'lib/deep/c.ts:1:0']],
      ['a file rewritten at the same size', () => writeFileSync(join(root, 'a.ts'), '\ntotal'), ['a.ts:1:0', 'lib/b.ts:0:0', 'lib/deep/c.ts:0:2', 'lib/deep/c.ts:1:0']],
      ['a file in a new folder', () => (mkdirSync(join(root, 'new/inner'), { recursive: true }), writeFileSync(join(root, 'new/inner/d.ts'), 'total\n')), ['a.ts:1:0', 'lib/b.ts:0:0', 'lib/deep/c.ts:0:2', 'lib/deep/c.ts:1:0', 'new/inner/d.ts:0:0']],
      ['a file deleted', () => unlinkSync(join(root, 'lib/b.ts')), ['a.ts:1:0', 'lib/deep/c.ts:0:2', 'lib/deep/c.ts:1:0', 'new/inner/d.ts:0:0']],
      ['a folder renamed', () => renameSync(join(root, 'lib'), join(root, 'moved')), ['a.ts:1:0', 'moved/deep/c.ts:0:2', 'moved/deep/c.ts:1:0', 'new/inner/d.ts:0:0']],
      ['the root’s .gitignore', () => writeFileSync(join(root, '.gitignore'), 'new/\n'), ['a.ts:1:0', 'moved/deep/c.ts:0:2', 'moved/deep/c.ts:1:0']],
      ['a parent’s .gitignore', () => writeFileSync(join(root, '../.gitignore'), 'deep/\n'), ['a.ts:1:0']],
      ['the parent’s rule taken back', () => writeFileSync(join(root, '../.gitignore'), '# none\n'), ['a.ts:1:0', 'moved/deep/c.ts:0:2', 'moved/deep/c.ts:1:0']],
      ['a new .git/info/exclude', () => (mkdirSync(join(root, '.git/info'), { recursive: true }), writeFileSync(join(root, '.git/info/exclude'), 'moved/\n')), ['a.ts:1:0']],
      ['the exclude file changed', () => writeFileSync(join(root, '.git/info/exclude'), 'a.ts\n'), ['a.ts:1:0', 'moved/deep/c.ts:0:2', 'moved/deep/c.ts:1:0']],
      ['a nested folder’s file', () => writeFileSync(join(root, 'moved/deep/c.ts'), 'none\n'), ['a.ts:1:0']],
      // A watch follows a folder's inode, not its path: each of these puts a new folder where a watched one was.
      ['a folder deleted and made again', () => (rmSync(join(root, 'moved'), { recursive: true }), mkdirSync(join(root, 'moved'))), ['a.ts:1:0']],
      ['a file in the folder made again', () => writeFileSync(join(root, 'moved/e.ts'), 'total\n'), ['a.ts:1:0', 'moved/e.ts:0:0']],
      ['two folders swapped', () => (mkdirSync(join(root, 'other')), renameSync(join(root, 'moved'), join(root, 'gone')), renameSync(join(root, 'other'), join(root, 'moved'))), ['a.ts:1:0', 'gone/e.ts:0:0']],
      ['a file in the folder swapped in', () => writeFileSync(join(root, 'moved/f.ts'), 'total\n'), ['a.ts:1:0', 'gone/e.ts:0:0', 'moved/f.ts:0:0']],
      ['.git made again', () => (rmSync(join(root, '.git'), { recursive: true }), mkdirSync(join(root, '.git/info'), { recursive: true })), ['a.ts:1:0', 'gone/e.ts:0:0', 'moved/f.ts:0:0']],
      ['the new .git/info/exclude', () => writeFileSync(join(root, '.git/info/exclude'), 'gone/\n'), ['a.ts:1:0', 'moved/f.ts:0:0']],
      ['the root made again', () => (renameSync(root, `${root}.old`), mkdirSync(root), writeFileSync(join(root, 'r.ts'), 'total\n')), ['r.ts:0:0']],
      ['a file in the root made again', () => writeFileSync(join(root, 's.ts'), 'total\n'), ['r.ts:0:0', 's.ts:0:0']],
    ]
    for (const [change, make, expected] of changes) {
      make()
      walks.length = 0
      expect(await search(), change).toEqual(expected)
      expect(walks, change).toEqual([false])
      expect(await settled(), change).toEqual(expected)
    }
  })

  it('leaves a tree past its limits, and a global git excludes file, to ripgrep', async () => {
    const root = workspace({ 'outer/ws/a.ts': 'total\n', 'outer/ws/b.ts': 'total\n' })
    const small = await both('total', root, TS, 100, { maxFiles: 1, maxBytes: 1_000 })
    expect(small.engine).toBe('ripgrep')
    expect(small.local).toEqual(small.rg)
    const config = join(dirname(root), 'config')
    mkdirSync(join(config, 'git'), { recursive: true })
    writeFileSync(join(config, 'git/ignore'), 'b.ts\n')
    const before = process.env.XDG_CONFIG_HOME
    process.env.XDG_CONFIG_HOME = config
    try {
      const global = await both('total', join(dirname(root), 'ws'))
      expect(global.engine).toBe('ripgrep')
      expect(global.local).toEqual(global.rg)
    } finally {
      if (before === undefined) delete process.env.XDG_CONFIG_HOME
      else process.env.XDG_CONFIG_HOME = before
    }
  })

  it('searches in process where git’s global config cannot be read (HOME a file: stat says ENOTDIR), as ripgrep does, which reads no rule from it', async () => {
    const root = workspace({ 'outer/ws/a.ts': 'total\n', 'outer/ws/b.ts': 'x.total\n' })
    const home = join(dirname(root), 'home-file')
    writeFileSync(home, '')
    const before = { HOME: process.env.HOME, XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME }
    process.env.HOME = home
    process.env.XDG_CONFIG_HOME = join(home, '.config')
    try {
      const found = await both('total', root)
      expect(found.engine).toBe('in-process')
      expect(rows(root, found.local)).toEqual(['a.ts:0:0', 'b.ts:0:2'])
      expect(found.local).toEqual(found.rg)
    } finally {
      for (const [name, value] of Object.entries(before)) {
        if (value === undefined) delete process.env[name]
        else process.env[name] = value
      }
    }
  })
})

describe('searchWord in process on real trees: exactly ripgrep’s (file, line, character) lists', () => {
  it('on django 3.2 (Debian’s python3-django: 859 modules, 4.7 MiB), within the default limits', async () => {
    const django = realpathSync('/usr/lib/python3/dist-packages/django')
    for (const name of ['get_queryset', 'save', 'QuerySet', 'model', 'self']) {
      let engine: SearchEngine | undefined
      const { texts: _, ...local } = await searchWord(name, django, ['.py', '.pyi'], 100_000, undefined, { texts: new TextCache(64 * 1024 * 1024), engine: (used) => (engine = used) })
      expect(engine, name).toBe('in-process')
      expect(local, name).toEqual(await searchWordWithRipgrep(name, django, ['.py', '.pyi'], 100_000, undefined))
    }
  }, 60_000)

  const rxjs = join(dirname(createRequire(import.meta.url).resolve('rxjs/package.json')), 'src')
  const repository = realpathSync(join(dirname(fileURLToPath(import.meta.url)), '../../../../..'))
  const cases: [string, string, readonly string[]][] = [
    [rxjs, 'rxjs 7.8.2 src', ['Subscriber', 'operate', 'isFunction', 'pipe', 'map', 'value', 'the', 'subscribe', 'SchedulerLike', 'i']],
    [repository, 'this repository', ['name', 'root', 'LspError', 'path', 'text', 'the', 'query', 'crossCheck', 'i', 'x']],
  ]
  for (const [root, label, names] of cases) {
    it(`on ${label}`, async () => {
      let total = 0
      for (const name of names) {
        const { local, rg, engine } = await both(name, realpathSync(root), ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.mts', '.cts', '.jsx'])
        expect(engine, name).toBe('in-process')
        expect(local, name).toEqual(rg)
        total += local.occurrences.length
      }
      expect(total).toBeGreaterThan(1_000)
    }, 60_000)
  }
})
