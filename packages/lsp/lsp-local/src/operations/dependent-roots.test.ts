import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import type { LocalServerConfig } from '../config.js'
import { dependentRootsCompleteness } from './dependent-roots.js'

const go = { id: 'go', command: 'gopls', args: [], extensionToLanguage: { '.go': 'go' }, dependentRoots: { marker: 'go.mod', namePattern: String.raw`^module\s+(\S+)`, hint: 'a go.work joins them' } } as LocalServerConfig

// The real-server case (gopls, 72 modules) is the cli's go-modules test; past the bound no server is needed.
describe('the projects naming a Go module, with servers of their own', () => {
  it('says partial, naming the bound, when there are more go.mod files than are read', async () => {
    const root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agent-lsp-dependents-')))
    onTestFinished(() => rm(root, { recursive: true, force: true }))
    for (let i = 1000; i < 2030; i++) {
      await mkdir(path.join(root, `m${i}`))
      await writeFile(path.join(root, `m${i}`, 'go.mod'), `module example.com/m${i}\n`)
    }
    await mkdir(path.join(root, 'zeta'))
    await writeFile(path.join(root, 'zeta/go.mod'), 'module example.com/zeta\n\nrequire example.com/m1000 v0.0.0\n')
    expect(dependentRootsCompleteness(go, 'findReferences', path.join(root, 'm1000'), root)).toEqual({
      state: 'partial',
      reason: 'unchecked',
      message:
        'the go.mod files past the first 1024 under the workspace were not read (at most 1024, within 5,000 folders, 32 levels): other projects among them may name example.com/m1000, each with a go server of its own, not searched for findReferences: a go.work joins them',
    })
  })
})
