// Finding executables as the OS runs them without a shell: PATH order, the executable bit, PATHEXT.
import { chmod } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { agentLspBinDirs, findExecutable, searchDirs } from './detect.js'
import { tempWorkspace } from './workspace.test-support.js'

describe('findExecutable', () => {
  it('takes the first PATH directory holding an executable file of that name, skipping ones that are not executable or not files', async () => {
    const root = await tempWorkspace({ 'a/ls-x': 'not executable', 'b/ls-x/inside': 'a directory', 'c/ls-x': '#!/bin/sh\n', 'd/ls-x': '#!/bin/sh\n' })
    await chmod(path.join(root, 'c/ls-x'), 0o755)
    await chmod(path.join(root, 'd/ls-x'), 0o755)
    const env = { PATH: ['a', 'b', '', 'c', 'd'].map((dir) => (dir === '' ? '' : path.join(root, dir))).join(':') }
    expect(findExecutable('ls-x', searchDirs({ env }), { env })).toEqual({ path: path.join(root, 'c/ls-x'), source: 'PATH' })
    expect(findExecutable('ls-y', searchDirs({ env }), { env })).toBeUndefined()
  })

  it('on win32 tries each PATHEXT extension, or the name as given when it has one', async () => {
    const root = await tempWorkspace({ 'bin/gopls.exe': '', 'bin/tool.cmd': '' })
    const env = { Path: path.join(root, 'bin'), PATHEXT: '.COM;.EXE;.CMD' }
    const options = { env, platform: 'win32' as const }
    const dirs = [{ dir: path.join(root, 'bin'), source: 'PATH' as const }]
    expect(findExecutable('gopls', dirs, options)).toEqual({ path: path.join(root, 'bin/gopls.exe'), source: 'PATH' })
    expect(findExecutable('tool.cmd', dirs, options)).toEqual({ path: path.join(root, 'bin/tool.cmd'), source: 'PATH' })
    expect(findExecutable('clangd', dirs, options)).toBeUndefined()
    expect(searchDirs(options)[0]).toEqual({ dir: path.join(root, 'bin'), source: 'PATH' })
  })

  it("searches agent-lsp's own node_modules/.bin after PATH, and the workspace's only when given", () => {
    const packageBin = fileURLToPath(new URL('../node_modules/.bin', import.meta.url))
    expect(agentLspBinDirs()[0]).toBe(packageBin)
    const env = { PATH: '/usr/bin' }
    expect(searchDirs({ env }).map((dir) => dir.source)).toEqual(['PATH', ...agentLspBinDirs().map(() => 'agent-lsp')])
    expect(searchDirs({ env }, '/w/node_modules/.bin').at(-1)).toEqual({ dir: '/w/node_modules/.bin', source: 'workspace' })
    expect(findExecutable('typescript-language-server', searchDirs({ env }), { env })).toEqual({ path: path.join(packageBin, 'typescript-language-server'), source: 'agent-lsp' })
  })
})
