import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { FileEvent } from 'vscode-languageserver-protocol'
import { acquireBarrier } from '@agent-lsp/file-events'
import { afterEach, describe, expect, it } from 'vitest'
import { pathToUri } from '../normalize/uri.js'
import { until } from '../fake.test-support.js'
import { WatchedFiles } from './watched-files.js'
import { goLinkedFolders } from './go-linked-folders.js'

const roots: string[] = []
/** Once every file event of a write before the call has reached this process's watchers. */
async function delivered(): Promise<void> {
  const barrier = acquireBarrier()
  expect(await barrier?.pass()).toBe(true)
  barrier?.release()
}
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
})

function watched(): { root: string; files: WatchedFiles; sent: FileEvent[][] } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'agent-lsp-watched-')))
  roots.push(root)
  const sent: FileEvent[][] = []
  const files = new WatchedFiles({ send: async (changes) => void sent.push(changes), reloading: () => {} }, root, (path) => path.endsWith('.py'))
  files.register('watch', [{ globPattern: '**/*.py' }])
  return { root, files, sent }
}

describe('WatchedFiles', () => {
  it('reports a file created since the last scan once, to concurrent callers through one scan', async () => {
    const { root, files, sent } = watched()
    writeFileSync(join(root, 'a.py'), 'x = 1\n')
    const first = files.sync()
    writeFileSync(join(root, 'b.py'), 'y = 1\n')
    await Promise.all([first, files.sync(), files.sync()])
    expect(sent.map((changes) => [...changes].sort((a, b) => a.uri.localeCompare(b.uri)))).toEqual([[{ uri: pathToUri(join(root, 'a.py')), type: 1 }, { uri: pathToUri(join(root, 'b.py')), type: 1 }]])
  })

  it('scans again for a caller that arrives after a scan began, so a file written in between is seen', async () => {
    const { root, files, sent } = watched()
    await files.sync()
    writeFileSync(join(root, 'b.py'), 'y = 2\n')
    await files.sync()
    writeFileSync(join(root, 'b.py'), 'y = 22\n')
    await files.sync()
    expect(sent).toEqual([[{ uri: pathToUri(join(root, 'b.py')), type: 1 }], [{ uri: pathToUri(join(root, 'b.py')), type: 2 }]])
  })

  it('counts scans that saw files created or deleted (not only changed), and follows no symlink', async () => {
    const { root, files, sent } = watched()
    expect(files.generation).toBe(0)
    writeFileSync(join(root, 'a.py'), 'x = 1\n')
    await files.sync()
    writeFileSync(join(root, 'a.py'), 'x = 22\n')
    await files.sync()
    expect(files.generation).toBe(1)
    symlinkSync(root, join(root, 'loop'))
    rmSync(join(root, 'a.py'))
    await files.sync()
    expect(files.generation).toBe(2)
    expect(sent.map((changes) => changes.map((change) => change.type))).toEqual([[1], [2], [3]])
  })

  it('reports packages installed into node_modules and removed from it, by their package.json, one level deep', async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'agent-lsp-watched-')))
    roots.push(root)
    const sent: FileEvent[][] = []
    const files = new WatchedFiles({ send: async (changes) => void sent.push(changes), reloading: () => {} }, root, (path) => path.endsWith('.ts'))
    const write = (path: string, text = '{}') => {
      mkdirSync(dirname(join(root, path)), { recursive: true })
      writeFileSync(join(root, path), text)
    }
    write('node_modules/old/package.json')
    write('store/linked/package.json')
    files.register('watch', [{ globPattern: { baseUri: pathToUri(join(root, 'node_modules')), pattern: '**/*' } }, { globPattern: '**/*.py' }])
    write('node_modules/pad/package.json')
    write('node_modules/pad/index.d.ts', 'export declare const x: number\n')
    write('node_modules/pad/node_modules/inner/package.json')
    write('node_modules/@scope/tool/package.json')
    write('node_modules/.bin/tool', '')
    symlinkSync(join(root, 'store/linked'), join(root, 'node_modules/linked'))
    rmSync(join(root, 'node_modules/old'), { recursive: true })
    await files.sync()
    const uri = (path: string) => pathToUri(join(root, path))
    expect(sent.map((changes) => [...changes].sort((a, b) => a.uri.localeCompare(b.uri)))).toEqual([
      [
        { uri: uri('node_modules/@scope/tool/package.json'), type: 1 },
        { uri: uri('node_modules/linked/package.json'), type: 1 },
        { uri: uri('node_modules/old/package.json'), type: 3 },
        { uri: uri('node_modules/pad/package.json'), type: 1 },
      ],
    ])
    expect(files.packageGeneration).toBe(1)
    write('node_modules/pad/package.json', '{"version":"2"}') // updated: its types may have changed too, read again
    await files.sync()
    expect([files.packageGeneration, sent.length]).toEqual([2, 2])
    write('node_modules/@scope/tool/lib/package.json') // inside a package: never scanned
    await files.sync()
    expect([files.packageGeneration, sent.length]).toEqual([2, 2])
    write('.venv/lib/python3.11/site-packages/fakemod.py', 'x = 1\n') // pip wrote a module
    await files.sync()
    expect(files.packageGeneration).toBe(3)
  })

  it('tells its look listeners which watched files each look found changed', async () => {
    const { root, files } = watched()
    const looks: (readonly string[])[] = []
    files.onLook((changes) => looks.push(changes.map((change) => change.path)))
    const [a, b] = [join(root, 'a.py'), join(root, 'b.py')]
    writeFileSync(a, 'x = 1\n')
    writeFileSync(join(root, 'c.txt'), 'not watched\n')
    await files.sync()
    await files.sync() // nothing changed: not told
    writeFileSync(b, 'y = 1\n')
    rmSync(a)
    await files.sync()
    expect(looks.map((paths) => [...paths].sort())).toEqual([[a], [a, b]])
  })

  it('still reports a change made before the server registered more globs, with the view following events or scanning', async () => {
    for (const incremental of [true, false]) {
      const root = realpathSync(mkdtempSync(join(tmpdir(), 'agent-lsp-watched-')))
      roots.push(root)
      const sent: FileEvent[][] = []
      const files = new WatchedFiles({ send: async (changes) => void sent.push(changes), reloading: () => {} }, root, (path) => path.endsWith('.py'), incremental)
      files.register('watch', [{ globPattern: '**/*.py' }])
      const a = join(root, 'a.py')
      writeFileSync(a, 'x = 1\n')
      writeFileSync(join(root, 'notes.txt'), 'one\n')
      await files.sync()
      writeFileSync(a, 'x = 22\n')
      writeFileSync(join(root, 'notes.txt'), 'two\n') // watched only from the new registration on: its baseline
      if (incremental) await until(() => !files.quiet) // its event delivered: taken in before the registration
      files.register('more', [{ globPattern: '**/*.txt' }])
      await files.sync()
      expect(sent).toEqual([[{ uri: pathToUri(a), type: 1 }], [{ uri: pathToUri(a), type: 2 }]])
    }
  })

  it('reports what changed while the server replaced its registration (an unregistration, then a registration of the same globs), with the view following events or scanning', async () => {
    // typescript-language-server updates its watchers that way; a file's event delivered in
    // between was judged under no globs and lost (a tsconfig.json made while warm went unseen).
    for (const incremental of [true, false]) {
      const root = realpathSync(mkdtempSync(join(tmpdir(), 'agent-lsp-watched-')))
      roots.push(root)
      const sent: FileEvent[][] = []
      const files = new WatchedFiles({ send: async (changes) => void sent.push(changes), reloading: () => {} }, root, (path) => path.endsWith('.py'), incremental)
      const a = join(root, 'a.py')
      writeFileSync(a, 'x = 1\n')
      files.register('first', [{ globPattern: '**/*.py' }])
      await files.sync()
      const made = join(root, 'made.py')
      const gone = join(root, 'gone.py')
      writeFileSync(gone, 'g = 1\n')
      writeFileSync(join(root, 'before.py'), 'b = 1\n') // its event delivered before the unregistration
      if (incremental) await until(() => !files.quiet)
      files.unregister('first')
      await files.sync() // a look in between: nothing to send with no registration
      writeFileSync(made, 'y = 1\n')
      writeFileSync(a, 'x = 22\n')
      await delivered() // their events taken in with no registration
      files.register('second', [{ globPattern: '**/*.py' }])
      rmSync(gone)
      await files.sync()
      const byUri = (changes: FileEvent[]) => [...changes].sort((x, y) => x.uri.localeCompare(y.uri))
      expect(sent.map(byUri)).toEqual([
        [{ uri: pathToUri(a), type: 2 }, { uri: pathToUri(join(root, 'before.py')), type: 1 }, { uri: pathToUri(made), type: 1 }],
      ])
    }
  })

  it('reports a change in a folder outside the root that a symlink inside it leads to, under the link, with the view following events or scanning', async () => {
    // The seventh trial: `src/ext -> <outside>/ext`, its o.ts edited, and tsserver kept answering
    // from the old text (tsc reported the error) for as long as it was tried.
    for (const incremental of [true, false]) {
      const root = realpathSync(mkdtempSync(join(tmpdir(), 'agent-lsp-watched-')))
      const outside = realpathSync(mkdtempSync(join(tmpdir(), 'agent-lsp-watched-')))
      roots.push(root, outside)
      mkdirSync(join(root, 'src'))
      writeFileSync(join(outside, 'o.py'), 'x = 1\n')
      symlinkSync(outside, join(root, 'src/ext'))
      symlinkSync(root, join(root, 'src/loop')) // leads to a folder holding the root: not followed
      const sent: FileEvent[][] = []
      const files = new WatchedFiles({ send: async (changes) => void sent.push(changes), reloading: () => {} }, root, (path) => path.endsWith('.py'), incremental)
      files.register('watch', [{ globPattern: '**/*.py' }])
      await files.sync()
      writeFileSync(join(outside, 'o.py'), 'x = 22\n')
      writeFileSync(join(outside, 'new.py'), 'y = 1\n')
      await files.sync()
      expect(sent.map((changes) => changes.map((change) => [change.uri, change.type]).sort())).toEqual([[[pathToUri(join(root, 'src/ext/new.py')), 1], [pathToUri(join(root, 'src/ext/o.py')), 2]]])
      files.dispose()
    }
  })

  it('follows a folder registered outside the root but inside the workspace, not one outside it nor installed packages', async () => {
    const workspace = realpathSync(mkdtempSync(join(tmpdir(), 'agent-lsp-watched-')))
    const elsewhere = realpathSync(mkdtempSync(join(tmpdir(), 'agent-lsp-watched-')))
    roots.push(workspace, elsewhere)
    for (const folder of ['proj', 'shared']) mkdirSync(join(workspace, folder))
    const sent: FileEvent[][] = []
    const files = new WatchedFiles({ send: async (changes) => void sent.push(changes), reloading: () => {} }, join(workspace, 'proj'), (path) => path.endsWith('.py'))
    const base = (path: string) => ({ globPattern: { baseUri: pathToUri(path), pattern: '**' } })
    const sitePackages = join(workspace, '.venv/lib/python3.11/site-packages')
    mkdirSync(sitePackages, { recursive: true })
    files.register('watch', [{ globPattern: '**' }, base(join(workspace, 'shared')), base(elsewhere), base(sitePackages)])
    files.include(workspace)
    writeFileSync(join(workspace, 'shared/lib.py'), 'x = 1\n')
    writeFileSync(join(sitePackages, 'dep.py'), 'w = 1\n') // installed packages: the server's own to watch
    writeFileSync(join(elsewhere, 'installed.py'), 'y = 1\n')
    writeFileSync(join(workspace, 'proj/app.py'), 'z = 1\n')
    await files.sync()
    expect(sent.map((changes) => changes.map((change) => change.uri).sort())).toEqual([[pathToUri(join(workspace, 'proj/app.py')), pathToUri(join(workspace, 'shared/lib.py'))]])
    // A library file to pyright, which reads it again only ~5 s later: acted on as a package change.
    expect(files.packageGeneration).toBe(1)
    files.dispose()
  })

  // gopls 0.11 registers a bare glob without a go.work; later ones a RelativePattern on each module: neither names ../sys.
  for (const [registered, globPattern] of [['a glob', '**/*.{go,mod,sum,work}'], ['a pattern on the root', { baseUri: 'root', pattern: '**/*.{go,mod,sum,work}' }]] as const) {
    it(`follows the folders a go.mod replaces its requirements with, as gopls's own globs judge them (${registered}), and those a changed go.mod names from the next look`, async () => {
      const workspace = realpathSync(mkdtempSync(join(tmpdir(), 'agent-lsp-watched-')))
      roots.push(workspace)
      for (const folder of ['term', 'sys', 'other']) mkdirSync(join(workspace, folder))
      const goMod = (target: string) => `module example.com/term\n\nrequire example.com/sys v0.0.0\n\nreplace example.com/sys => ${target} // local\n`
      writeFileSync(join(workspace, 'term/go.mod'), goMod('../sys'))
      const sent: FileEvent[][] = []
      const files = new WatchedFiles({ send: async (changes) => void sent.push(changes), reloading: () => {} }, join(workspace, 'term'), (path) => path.endsWith('.go'), true, goLinkedFolders)
      files.register('watch', [{ globPattern: typeof globPattern === 'string' ? globPattern : { ...globPattern, baseUri: pathToUri(join(workspace, 'term')) }, kind: 7 }])
      writeFileSync(join(workspace, 'sys/size.go'), 'package sys\n')
      writeFileSync(join(workspace, 'other/size.go'), 'package other\n')
      await files.sync()
      expect(sent.splice(0)).toEqual([[{ uri: pathToUri(join(workspace, 'sys/size.go')), type: 1 }]])
      writeFileSync(join(workspace, 'term/go.mod'), goMod('../other'))
      await files.sync()
      expect(sent.splice(0)).toEqual([[{ uri: pathToUri(join(workspace, 'term/go.mod')), type: 2 }]])
      writeFileSync(join(workspace, 'sys/size.go'), 'package sys // no longer read\n')
      writeFileSync(join(workspace, 'other/size.go'), 'package other // changed\n')
      await files.sync()
      expect(sent.splice(0)).toEqual([[{ uri: pathToUri(join(workspace, 'other/size.go')), type: 2 }]])
      files.dispose()
    })
  }
})
