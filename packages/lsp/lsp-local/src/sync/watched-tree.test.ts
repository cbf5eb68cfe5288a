import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, realpathSync, renameSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { FileEvent, FileSystemWatcher } from 'vscode-languageserver-protocol'
import { afterEach, describe, expect, it } from 'vitest'
import { pathToUri, uriToPath } from '../normalize/uri.js'
import { relativeOf } from './tree-scan.js'
import { WatchedFiles } from './watched-files.js'

const roots: string[] = []
const views: WatchedFiles[] = []
afterEach(() => {
  for (const view of views.splice(0)) view.dispose()
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
})

/** `[path relative to the root, type]` of each change sent, sorted, one list per send. */
type Sent = Array<Array<[string, number]>>

/**
 * The same steps on two views of one tree, one kept by events and one scanning in full before
 * each sync (what every query did before): each step's changes, as sent.
 */
async function both(watchers: FileSystemWatcher[] | ((root: string) => FileSystemWatcher[]), setup: (write: Writer) => void, steps: Array<(write: Writer) => void>): Promise<{ incremental: Sent; scanned: Sent; root: string }> {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'agent-lsp-tree-')))
  roots.push(root)
  const write = writer(root)
  setup(write)
  const sent = { incremental: [] as FileEvent[][], scanned: [] as FileEvent[][] }
  const open = (incremental: boolean): WatchedFiles => {
    const into = incremental ? sent.incremental : sent.scanned
    const view = new WatchedFiles({ send: async (changes) => void into.push(changes), reloading: () => {} }, root, (path) => path.endsWith('.py') || path.endsWith('.ts'), incremental)
    view.register('watch', typeof watchers === 'function' ? watchers(root) : watchers)
    views.push(view)
    return view
  }
  const incremental = open(true)
  const scanned = open(false)
  for (const step of steps) {
    step(write)
    await Promise.all([incremental.sync(), scanned.sync()])
  }
  const relative = (changes: FileEvent[][]): Sent =>
    changes.map((list) => list.map((change): [string, number] => [relativeOf(root, uriToPath(change.uri) ?? ''), change.type]).sort(([a], [b]) => a.localeCompare(b)))
  return { incremental: relative(sent.incremental), scanned: relative(sent.scanned), root }
}

interface Writer {
  (path: string, text?: string): void
  readonly root: string
}

function writer(root: string): Writer {
  const write = (path: string, text = 'x = 1\n'): void => {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return Object.assign(write, { root })
}

const python: FileSystemWatcher[] = [{ globPattern: '**/*.py' }]
/** What typescript-language-server registers: every file under the root. */
const everything = (root: string): FileSystemWatcher[] => [{ globPattern: { baseUri: pathToUri(root), pattern: '**/*' }, kind: 7 }]

describe('WatchedFiles kept by events', () => {
  it('reports a file created, changed and deleted in a nested folder, as a full scan does', async () => {
    const { incremental, scanned } = await both(python, (write) => write('a/b/keep.py'), [
      (write) => write('a/b/c/new.py'),
      (write) => write('a/b/c/new.py', 'x = 22\n'),
      (write) => rmSync(join(write.root, 'a/b/c/new.py')),
      (write) => write('a/b/c/d/e/deep.py'),
    ])
    expect(incremental).toEqual([[['a/b/c/new.py', 1]], [['a/b/c/new.py', 2]], [['a/b/c/new.py', 3]], [['a/b/c/d/e/deep.py', 1]]])
    expect(scanned).toEqual(incremental)
  })

  it('reports a change inside a folder whose own listing did not change', async () => {
    const { incremental, scanned } = await both(python, (write) => {
      write('src/pkg/one.py')
      write('src/pkg/two.py')
    }, [(write) => write('src/pkg/two.py', 'y = 12345\n'), (write) => write('src/pkg/one.py', 'x = 2\n')])
    expect(incremental).toEqual([[['src/pkg/two.py', 2]], [['src/pkg/one.py', 2]]])
    expect(scanned).toEqual(incremental)
  })

  it('reports a file rewritten within one tick of the clock (same size, same mtime), which a scan cannot see', async () => {
    const { incremental } = await both(python, (write) => write('src/m.py', 'x = 1\n'), [
      (write) => {
        write('src/m.py', 'x = 2\n')
        utimesSync(join(write.root, 'src/m.py'), new Date(0), new Date(0))
      },
      (write) => {
        write('src/m.py', 'x = 3\n')
        utimesSync(join(write.root, 'src/m.py'), new Date(0), new Date(0)) // the stamp of the previous look
      },
    ])
    expect(incremental).toEqual([[['src/m.py', 2]], [['src/m.py', 2]]])
  })

  it('reports a file whose folder was replaced by a copy of the same size and mtime (another inode), as a scan does', async () => {
    const { incremental, scanned } = await both(python, (write) => write('src/m.py', 'x = 1\n'), [
      (write) => {
        write('copy/m.py', 'x = 2\n')
        execFileSync('touch', ['-r', join(write.root, 'src/m.py'), join(write.root, 'copy/m.py')]) // to the nanosecond
        renameSync(join(write.root, 'src'), join(write.root, 'old'))
        renameSync(join(write.root, 'copy'), join(write.root, 'src'))
      },
    ])
    expect({ incremental, scanned }).toEqual({ incremental: [[['old/m.py', 1], ['src/m.py', 2]]], scanned: [[['old/m.py', 1], ['src/m.py', 2]]] })
  })

  it('takes new globs as a baseline: files watched only now are not reported until they change', async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'agent-lsp-tree-')))
    roots.push(root)
    const write = writer(root)
    write('src/a.py')
    write('src/notes.txt', 'one\n')
    const sent: FileEvent[][] = []
    const view = new WatchedFiles({ send: async (changes) => void sent.push(changes), reloading: () => {} }, root, (path) => path.endsWith('.py'))
    views.push(view)
    view.register('python', python)
    write('src/notes.txt', 'two, longer\n') // not watched yet
    await view.sync()
    view.unregister('python')
    view.register('all', everything(root)) // as typescript-language-server replaces its registration
    await view.sync()
    write('src/notes.txt', 'three, longer still\n')
    write('src/new.txt')
    await view.sync()
    view.register('python', python)
    view.unregister('all')
    write('src/notes.txt', '4\n')
    write('src/a.py', 'x = 55\n')
    await view.sync()
    const uri = (path: string) => pathToUri(join(root, path))
    expect(sent.map((changes) => [...changes].sort((a, b) => a.uri.localeCompare(b.uri)))).toEqual([
      [{ uri: uri('src/new.txt'), type: 1 }, { uri: uri('src/notes.txt'), type: 2 }],
      [{ uri: uri('src/a.py'), type: 2 }],
    ])
  })

  it('reports a folder replaced by a file: what was in it deleted, the file created', async () => {
    const { incremental, scanned } = await both(everything, (write) => {
      write('lib/pkg/a.ts', 'export const a = 1\n')
      write('lib/pkg/sub/b.ts', 'export const b = 1\n')
    }, [
      (write) => {
        rmSync(join(write.root, 'lib/pkg'), { recursive: true })
        write('lib/pkg', 'not a folder\n')
      },
      (write) => {
        rmSync(join(write.root, 'lib/pkg'))
        write('lib/pkg/c.ts', 'export const c = 1\n') // a folder again, at the same path
      },
    ])
    expect(incremental).toEqual([
      [['lib/pkg', 1], ['lib/pkg/a.ts', 3], ['lib/pkg/sub/b.ts', 3]],
      [['lib/pkg', 3], ['lib/pkg/c.ts', 1]],
    ])
    expect(scanned).toEqual(incremental)
  })

  it('reports a folder renamed as its files deleted and created, and a file changed in a folder just created', async () => {
    const { incremental, scanned } = await both(python, (write) => write('old/m.py'), [
      (write) => renameSync(join(write.root, 'old'), join(write.root, 'moved')),
      (write) => write('moved/m.py', 'x = 333\n'),
    ])
    expect(incremental).toEqual([[['moved/m.py', 1], ['old/m.py', 3]], [['moved/m.py', 2]]])
    expect(scanned).toEqual(incremental)
  })

  // tsserver names a file of a symlinked folder by the first path it met (`linked/a.py`): told only
  // of `real/a.py`, it answered from the old text for as long as it ran.
  it('follows no symlink, but reports a change under a link inside the root through the link too; a link to an ancestor adds nothing', async () => {
    const { incremental, scanned } = await both(python, (write) => write('real/a.py'), [
      (write) => {
        symlinkSync(join(write.root, 'real'), join(write.root, 'linked'))
        symlinkSync(join(write.root, 'real/a.py'), join(write.root, 'alias.py'))
        symlinkSync(write.root, join(write.root, 'real/loop'))
      },
      (write) => write('real/b.py'),
      (write) => write('real/a.py', 'x = 2\n'),
    ])
    expect(incremental).toEqual([
      [['linked/b.py', 1], ['real/b.py', 1]],
      [['alias.py', 2], ['linked/a.py', 2], ['real/a.py', 2]],
    ])
    expect(scanned).toEqual(incremental)
  })

  it('reports packages installed, relinked and removed in node_modules by their package.json only', async () => {
    const { incremental, scanned } = await both(everything, (write) => {
      write('node_modules/old/package.json', '{}')
      write('store/v1/package.json', '{"version":"1"}')
      write('store/v2/package.json', '{"version":"2.0"}')
    }, [
      (write) => {
        write('node_modules/pad/package.json', '{}')
        write('node_modules/pad/index.d.ts', 'export declare const x: number\n')
        write('node_modules/@scope/tool/package.json', '{}')
        write('node_modules/.pnpm/lock.yaml', '')
        symlinkSync(join(write.root, 'store/v1'), join(write.root, 'node_modules/linked'))
        rmSync(join(write.root, 'node_modules/old'), { recursive: true })
      },
      (write) => {
        rmSync(join(write.root, 'node_modules/linked'))
        symlinkSync(join(write.root, 'store/v2'), join(write.root, 'node_modules/linked')) // relinked: its package.json changed
        write('node_modules/pad/package.json', '{"version":"3"}')
      },
      (write) => rmSync(join(write.root, 'node_modules/@scope'), { recursive: true }),
    ])
    expect(incremental).toEqual([
      [['node_modules/@scope/tool/package.json', 1], ['node_modules/linked/package.json', 1], ['node_modules/old/package.json', 3], ['node_modules/pad/package.json', 1]],
      [['node_modules/linked/package.json', 2], ['node_modules/pad/package.json', 2]],
      [['node_modules/@scope/tool/package.json', 3]],
    ])
    expect(scanned).toEqual(incremental)
  })

  it('sees the root deleted and made again (its inode number reused, as ext4 does), and follows the new one after', async () => {
    // The seventh trial: after `rm -rf` of the workspace and a fresh copy, no later change was seen
    // (the new root had the old one's inode number, so it was taken for the same folder, unwatched).
    const { incremental, scanned } = await both(python, (write) => write('a.py'), [
      (write) => {
        rmSync(write.root, { recursive: true })
        write('b.py')
      },
      (write) => write('c.py'),
    ])
    expect(incremental).toEqual([[['a.py', 3], ['b.py', 1]], [['c.py', 1]]])
    expect(scanned).toEqual(incremental)
  })

  it('sees the root replaced (no event names it): its old files deleted, the new ones created', async () => {
    const { incremental, scanned } = await both(python, (write) => write('a.py'), [
      (write) => {
        renameSync(write.root, `${write.root}-away`)
        roots.push(`${write.root}-away`)
        write('b.py')
      },
    ])
    expect(incremental).toEqual([[['a.py', 3], ['b.py', 1]]])
    expect(scanned).toEqual(incremental)
  })
})
