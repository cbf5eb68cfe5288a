// `[[indexes]]`: other repositories' indexes, paths relative to the config file. A workspace config
// (untrusted) may name only a repository beside the workspace or inside it, and a .scip file in it.
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { loadServerSetup } from './config.js'
import { ConfigError } from './config-file.js'

async function workspaceWith(toml: string): Promise<{ scratch: string; root: string; env: NodeJS.ProcessEnv }> {
  const scratch = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agent-lsp-indexes-')))
  onTestFinished(() => rm(scratch, { recursive: true, force: true }))
  const root = path.join(scratch, 'app')
  await mkdir(root)
  await writeFile(path.join(root, 'agent-lsp.toml'), toml)
  return { scratch, root, env: { PATH: '', HOME: scratch, XDG_CONFIG_HOME: path.join(scratch, '.xdg') } }
}

const refusalOf = (load: () => unknown): string => {
  try {
    load()
    return 'loaded'
  } catch (error) {
    return error instanceof ConfigError ? `${error.code}: ${error.message}` : String(error)
  }
}

describe('[[indexes]]', () => {
  it('resolves root and path against the config file; path defaults to <root>/.agent-lsp/index.scip', async () => {
    const { scratch, root, env } = await workspaceWith('[[indexes]]\nname = "lib"\nroot = "../lib"\n\n[[indexes]]\nname = "vendored"\nroot = "vendor/ui"\npath = "vendor/ui/ci/ui.scip"\n')
    expect(loadServerSetup({ workspaceRoot: root, env }).indexes).toEqual([
      { name: 'lib', root: path.join(scratch, 'lib'), indexPath: path.join(scratch, 'lib/.agent-lsp/index.scip') },
      { name: 'vendored', root: path.join(root, 'vendor/ui'), indexPath: path.join(root, 'vendor/ui/ci/ui.scip') },
    ])
  })

  it('untrusted: refuses a root above the workspace, outside its parent, a dot folder or one a symlink leads out; an index outside its root; a name twice', async () => {
    const trust = (root: string, scratch: string) => `until you trust the workspace: pass --trust-workspace-config, or add "${root}" to trustedWorkspaces in ${scratch}/.xdg/agent-lsp/config.toml`
    const bounds = 'but an untrusted workspace config may name only a repository beside the workspace or inside it, and a .scip file inside that'
    for (const [entry, line, why] of [
      ['root = ".."', 3, (scratch: string) => `has root ${scratch}`],
      ['root = "/"', 3, () => 'has root /'],
      ['root = "../.ssh"', 3, (scratch: string) => `has root ${scratch}/.ssh`],
      ['root = "../lib"\npath = "../app/evil.scip"', 4, (scratch: string) => `reads ${scratch}/app/evil.scip`],
      ['root = "../lib"\npath = "../lib/notes.txt"', 4, (scratch: string) => `reads ${scratch}/lib/notes.txt`],
      ['root = "../link"', 3, () => `has root ${os.tmpdir()}`],
    ] as const) {
      const { scratch, root, env } = await workspaceWith(`[[indexes]]\nname = "lib"\n${entry}\n`)
      await symlink(os.tmpdir(), path.join(scratch, 'link'))
      expect(refusalOf(() => loadServerSetup({ workspaceRoot: root, env }))).toBe(`CONFIG_UNTRUSTED: ${root}/agent-lsp.toml:${line}: index "lib" ${why(scratch)}, ${bounds} ${trust(root, scratch)}`)
      // Trusted, the same entry is taken as written.
      expect(loadServerSetup({ workspaceRoot: root, env, trustWorkspaceConfig: true }).indexes).toHaveLength(1)
    }
    const { root, env } = await workspaceWith('[[indexes]]\nname = "lib"\nroot = "../lib"\n\n[[indexes]]\nname = "lib"\nroot = "../lib2"\n')
    expect(refusalOf(() => loadServerSetup({ workspaceRoot: root, env }))).toBe(`CONFIG_INVALID: ${root}/agent-lsp.toml:6: indexes[1].name: index "lib" is already listed at line 1`)
    const { root: other, env: otherEnv } = await workspaceWith('[[indexes]]\nname = "lib"\nroot = "../lib"\nurl = "x"\n')
    expect(refusalOf(() => loadServerSetup({ workspaceRoot: other, env: otherEnv }))).toBe(`CONFIG_INVALID: ${other}/agent-lsp.toml:4: indexes[0].url: unknown key (expected one of name, root, path)`)
  })
})
