import { mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FileEvent } from 'vscode-languageserver-protocol'
import { afterEach, describe, expect, it } from 'vitest'
import { pathToUri } from '../normalize/uri.js'
import { WatchedFiles } from './watched-files.js'

const roots: string[] = []
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
})
