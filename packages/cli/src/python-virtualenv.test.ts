// pyright uses no virtualenv that is not activated: a project's `.venv` (made with `python3 -m
// venv`) is given to it, so an import of what the venv holds resolves (no reportMissingImports,
// a definition into site-packages), also for a module installed during a warm session (pyright is
// restarted, instead of answering from the old library for ~5 s). Without trust the workspace's
// interpreter never runs: its site-packages are search paths, and a `.pth` in them runs nothing.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { providersOn } from './provider-only.test-support.js'
import { defaultServers } from './servers.js'

const project = { 'pyproject.toml': '[project]\nname = "app"\nversion = "0.1"\n', 'a.py': 'import fakemod\n\nfakemod.hello()\n' }
const fakemod = 'def hello():\n    return 1\n'

/** `python3 -m venv --without-pip .venv` in `root`; its site-packages, relative to `root`. */
function makeVenv(root: string): string {
  execFileSync('python3', ['-m', 'venv', '--without-pip', path.join(root, '.venv')])
  const version = execFileSync(path.join(root, '.venv/bin/python'), ['-c', 'import sys; print(f"python{sys.version_info[0]}.{sys.version_info[1]}")'], { encoding: 'utf8' }).trim()
  return `.venv/lib/${version}/site-packages`
}

describe('python virtualenvs', { timeout: 120_000 }, () => {
  it('a module in .venv resolves, and a .pth there runs nothing (workspace not trusted)', async () => {
    const seam = await providersOn(project)
    const site = makeVenv(seam.root)
    await writeFile(path.join(seam.root, site, 'fakemod.py'), fakemod)
    const marker = path.join(seam.root, 'pth-ran')
    await writeFile(path.join(seam.root, site, 'evil.pth'), `import os; open(${JSON.stringify(marker)}, 'w').close()\n`)
    // By hand: the venv's own interpreter finds fakemod there (and runs the .pth, which is why we do not).
    expect(execFileSync(path.join(seam.root, '.venv/bin/python'), ['-c', 'import fakemod; print(fakemod.__file__)'], { encoding: 'utf8' }).trim()).toBe(path.join(seam.root, site, 'fakemod.py'))
    expect(existsSync(marker)).toBe(true)
    await import('node:fs/promises').then((fs) => fs.rm(marker))

    const diagnostics = await seam.ask({ operation: 'diagnostics', filePath: 'a.py' })
    expect(seam.show(diagnostics)).toEqual([])
    const definition = await seam.ask({ operation: 'goToDefinition', filePath: 'a.py', position: { line: 2, character: 8 } })
    expect(seam.show(definition)).toEqual([`${site}/fakemod.py:1:5`])
    expect(existsSync(marker)).toBe(false)
  })

  it('a trusted workspace: its interpreter is pyright\'s, and a module installed in a warm session is seen on the next query', async () => {
    const servers = defaultServers().map((config) => (config.virtualenv ? { ...config, virtualenv: { ...config.virtualenv, runWorkspaceInterpreter: true } } : config))
    const seam = await providersOn(project, servers)
    const site = makeVenv(seam.root)
    const diagnostics = async () => seam.show(await seam.ask({ operation: 'diagnostics', filePath: 'a.py' }))
    expect(await diagnostics()).toEqual(['1:8 Error reportMissingImports Import "fakemod" could not be resolved'])
    await writeFile(path.join(seam.root, site, 'fakemod.py'), fakemod)
    const started = performance.now()
    expect(await diagnostics()).toEqual([])
    console.log(`module installed during the session: current on the next query, in ${Math.round(performance.now() - started)} ms`)
    const definition = await seam.ask({ operation: 'goToDefinition', filePath: 'a.py', position: { line: 2, character: 8 } })
    expect(seam.show(definition)).toEqual([`${site}/fakemod.py:1:5`])
  })

  it('a .venv made after the server started is given to it by the next query', async () => {
    // The seventh trial: `python3 -m venv .venv` and a package installed in a warm session, and
    // every later answer kept "Import could not be resolved" (a fresh server resolved it).
    const seam = await providersOn(project)
    const diagnostics = async () => seam.show(await seam.ask({ operation: 'diagnostics', filePath: 'a.py' }))
    expect(await diagnostics()).toEqual(['1:8 Error reportMissingImports Import "fakemod" could not be resolved'])
    const site = makeVenv(seam.root)
    await writeFile(path.join(seam.root, site, 'fakemod.py'), fakemod)
    expect(await diagnostics()).toEqual([])
    const definition = await seam.ask({ operation: 'goToDefinition', filePath: 'a.py', position: { line: 2, character: 8 } })
    expect(seam.show(definition)).toEqual([`${site}/fakemod.py:1:5`])
  })
})
