import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { findVirtualenv, hasVirtualenv, settingsWithVirtualenv } from './virtualenv.js'

function tree(files: string[]): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'lsp-venv-')))
  onTestFinished(() => rmSync(root, { recursive: true, force: true }))
  for (const file of files) {
    mkdirSync(dirname(join(root, file)), { recursive: true })
    writeFileSync(join(root, file), '')
  }
  return root
}

const venvFiles = (dir: string) => [`${dir}/pyvenv.cfg`, `${dir}/bin/python`, `${dir}/lib/python3.11/site-packages/m.py`]
const options = { interpreterSetting: 'python.pythonPath', searchPathsSetting: 'python.analysis.extraPaths', runWorkspaceInterpreter: false }

describe('virtualenvs', () => {
  it('finds VIRTUAL_ENV first, else .venv, else venv, each only with pyvenv.cfg and bin/python', () => {
    const root = tree([...venvFiles('.venv'), ...venvFiles('venv'), 'broken/bin/python'])
    const outside = tree(venvFiles('env'))
    expect(findVirtualenv(root, join(outside, 'env'))).toEqual({
      directory: join(outside, 'env'),
      interpreter: join(outside, 'env/bin/python'),
      sitePackages: [join(outside, 'env/lib/python3.11/site-packages')],
      fromWorkspace: false,
    })
    expect(findVirtualenv(root, join(root, 'broken'))?.directory).toBe(join(root, '.venv'))
    rmSync(join(root, '.venv/pyvenv.cfg'))
    expect(findVirtualenv(root, undefined)?.directory).toBe(join(root, 'venv'))
    expect(findVirtualenv(tree(['a.py']), undefined)).toBeUndefined()
  })

  // The twenty-eighth trial: in a uv workspace the one .venv is at the repository's root; a member
  // project (restfulclient/, its own pyproject.toml, its own server root) used none, and every
  // import of the environment was reportMissingImports there while the root's files were clean.
  it("finds a member project's virtualenv in the folders above it up to the repository's root, its own first", () => {
    const repo = tree(['.git/HEAD', ...venvFiles('.venv'), 'packages/client/pyproject.toml', ...venvFiles('packages/own/.venv')])
    expect(findVirtualenv(join(repo, 'packages/client'), undefined)?.directory).toBe(join(repo, '.venv'))
    expect(hasVirtualenv(join(repo, 'packages/client'))).toBe(true)
    expect(findVirtualenv(join(repo, 'packages/own'), undefined)?.directory).toBe(join(repo, 'packages/own/.venv'))
    // With no repository over it, up to the workspace root the server root was found in; not above.
    const loose = tree([...venvFiles('.venv'), 'app/pyproject.toml'])
    expect(findVirtualenv(join(loose, 'app'), undefined, loose)?.directory).toBe(join(loose, '.venv'))
    expect(hasVirtualenv(join(loose, 'app'), loose)).toBe(true)
    expect(findVirtualenv(join(loose, 'app'), undefined, join(loose, 'app'))).toBeUndefined()
    expect(hasVirtualenv(join(loose, 'app'), join(loose, 'app'))).toBe(false)
  })

  it("gives the interpreter of the user's VIRTUAL_ENV or a trusted workspace's venv, else only its site-packages as search paths", () => {
    const root = tree(venvFiles('.venv'))
    const mine = findVirtualenv(root, undefined)!
    const site = join(root, '.venv/lib/python3.11/site-packages')
    expect(settingsWithVirtualenv({ python: { analysis: { extraPaths: ['/x'], typeCheckingMode: 'strict' } } }, mine, options)).toEqual({
      python: { analysis: { extraPaths: ['/x', site], typeCheckingMode: 'strict' } },
    })
    expect(settingsWithVirtualenv(undefined, mine, { ...options, runWorkspaceInterpreter: true })).toEqual({ python: { pythonPath: join(root, '.venv/bin/python') } })
    expect(settingsWithVirtualenv(undefined, { ...mine, fromWorkspace: false }, options)).toEqual({ python: { pythonPath: join(root, '.venv/bin/python') } })
    // A config that names its interpreter keeps it.
    expect(settingsWithVirtualenv({ python: { pythonPath: '/usr/bin/python3' } }, mine, { ...options, runWorkspaceInterpreter: true })).toEqual({ python: { pythonPath: '/usr/bin/python3' } })
  })

  it('follows a bin/python symlink, as python3 -m venv makes it', () => {
    const root = tree(['.venv/pyvenv.cfg', 'base/python3'])
    mkdirSync(join(root, '.venv/bin'))
    symlinkSync(join(root, 'base/python3'), join(root, '.venv/bin/python'))
    expect(findVirtualenv(root, undefined)?.interpreter).toBe(join(root, '.venv/bin/python'))
  })
})
