// A config inside the workspace comes with the repository: it may not choose what runs until the
// user trusts the workspace. Through the command, with the fake server of @agent-lsp/lsp-testing.
import { mkdir, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fakeServerPath } from '@agent-lsp/lsp-testing'
import { describe, expect, it } from 'vitest'
import { loadServerSetup } from './config.js'
import { main } from './main.js'
import { tempWorkspace } from './workspace.test-support.js'

const scenario = JSON.stringify({ hover: { '0': { contents: 'hello from the fake server' } } })

/** A workspace config adding the fake server for `.fake` files (command on line 3). */
const fakeServerToml = [
  '[[servers]]',
  'id = "fake"',
  `command = ${JSON.stringify(process.execPath)}`,
  `args = [${JSON.stringify(fakeServerPath)}]`,
  'extensions = { ".fake" = "plaintext" }',
  `env = { AGENT_LSP_FAKE_SCENARIO = '${scenario}' }`,
  '',
].join('\n')

/** A workspace with that config and a `.fake` file, and an empty user config directory. */
async function workspace(config = fakeServerToml): Promise<{ root: string; xdg: string; env: NodeJS.ProcessEnv }> {
  const root = await tempWorkspace({ 'agent-lsp.toml': config, 'note.fake': 'anything\n' })
  const xdg = path.join(root, '.xdg')
  await mkdir(path.join(xdg, 'agent-lsp'), { recursive: true })
  return { root, xdg, env: { ...process.env, XDG_CONFIG_HOME: xdg } }
}

async function run(argv: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const code = await main(argv, { cwd, env, stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) })
  return { code, stdout, stderr }
}

const answered = { code: 0, stdout: 'hello from the fake server\n', stderr: '' }

describe('workspace config trust', () => {
  it('refuses a workspace config naming a new command, saying how to trust it', async () => {
    const { root, xdg, env } = await workspace()
    expect(await run(['hover', 'note.fake:1:1'], root, env)).toEqual({
      code: 1,
      stdout: '',
      stderr:
        `agent-lsp: CONFIG_UNTRUSTED: ${root}/agent-lsp.toml:3: server "fake" would run \`${process.execPath} ${fakeServerPath}\`, ` +
        `but a workspace config may not choose commands until you trust the workspace: pass --trust-workspace-config, ` +
        `or add "${root}" to trustedWorkspaces in ${xdg}/agent-lsp/config.toml\n`,
    })
  })

  it('accepts it with --trust-workspace-config, and the new server answers', async () => {
    const { root, env } = await workspace()
    expect(await run(['hover', 'note.fake:1:1', '--trust-workspace-config'], root, env)).toEqual(answered)
  })

  it('accepts it when the user config lists the workspace (by realpath) in trustedWorkspaces', async () => {
    const { root, xdg, env } = await workspace()
    const link = path.join(path.dirname(root), `${path.basename(root)}-link`)
    await symlink(root, link)
    await writeFile(path.join(xdg, 'agent-lsp', 'config.toml'), `trustedWorkspaces = [${JSON.stringify(link)}]\n`)
    expect(await run(['hover', 'note.fake:1:1'], root, env)).toEqual(answered)
    // Listing another directory trusts nothing here.
    await writeFile(path.join(xdg, 'agent-lsp', 'config.toml'), `trustedWorkspaces = [${JSON.stringify(path.dirname(root))}]\n`)
    expect((await run(['hover', 'note.fake:1:1'], root, env)).stderr).toMatch(/^agent-lsp: CONFIG_UNTRUSTED: /)
  })

  it('refuses settings, env and initializationOptions too, and trustedWorkspaces in a workspace config', async () => {
    const { root, xdg, env } = await workspace(['[[servers]]', 'id = "python"', 'rootMarkers = ["setup.cfg"]', '', '[servers.settings.python]', 'pythonPath = "./evil"', ''].join('\n'))
    expect(() => loadServerSetup({ workspaceRoot: root, env })).toThrow(
      expect.objectContaining({
        code: 'CONFIG_UNTRUSTED',
        message:
          `${root}/agent-lsp.toml:5: server "python" sets settings, but a workspace config may not set settings (it can make a server run programs) ` +
          `until you trust the workspace: pass --trust-workspace-config, or add "${root}" to trustedWorkspaces in ${xdg}/agent-lsp/config.toml`,
      }),
    )
    await writeFile(path.join(root, 'agent-lsp.toml'), `trustedWorkspaces = [${JSON.stringify(root)}]\n`)
    expect(() => loadServerSetup({ workspaceRoot: root, env })).toThrow(
      expect.objectContaining({
        code: 'CONFIG_INVALID',
        message: `${root}/agent-lsp.toml:1: trustedWorkspaces: only the user config (${xdg}/agent-lsp/config.toml) can list trusted workspaces`,
      }),
    )
  })

  it('applies extensions and rootMarkers from an untrusted workspace config', async () => {
    const { root, env } = await workspace(['[[servers]]', 'id = "python"', 'rootMarkers = ["setup.cfg"]', 'extensions = { ".py" = "python", ".pyw" = "python" }', ''].join('\n'))
    const setup = loadServerSetup({ workspaceRoot: root, env })
    expect(setup.workspaceTrusted).toBe(false)
    const python = setup.servers.find((server) => server.config.id === 'python')?.config
    expect(python).toMatchObject({ rootMarkers: ['setup.cfg'], extensionToLanguage: { '.py': 'python', '.pyw': 'python' } })
  })
})
