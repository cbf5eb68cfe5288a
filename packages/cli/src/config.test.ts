// The catalogue under the user config and the workspace config: overrides, added servers, and where
// commands are found. Real queries through the command where a config must reach a server.
import { chmod, mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fakeServerPath } from '@agent-lsp/lsp-testing'
import { describe, expect, it } from 'vitest'
import { loadServerSetup, type ServerSetup } from './config.js'
import { agentLspBinDirs } from './detect.js'
import { main } from './main.js'
import { tempWorkspace } from './workspace.test-support.js'
import { grouped } from './grouped.test-support.js'
import { goServer } from './catalogue-go.js'

/** A workspace with `files`, a user config holding `userToml`, and the environment that finds it. */
async function setupFor(files: Record<string, string>, userToml?: string): Promise<{ root: string; env: NodeJS.ProcessEnv; userConfig: string }> {
  const root = await tempWorkspace(files)
  const userConfig = path.join(root, '.xdg', 'agent-lsp', 'config.toml')
  await mkdir(path.dirname(userConfig), { recursive: true })
  if (userToml !== undefined) await writeFile(userConfig, userToml)
  return { root, env: { ...process.env, XDG_CONFIG_HOME: path.join(root, '.xdg') }, userConfig }
}

const server = (setup: ServerSetup, id: string) => setup.servers.find((planned) => planned.config.id === id)

async function run(argv: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const code = await main(argv, { cwd, env, stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) })
  return { code, stdout, stderr }
}

const fakeServer = (id: string, extensions: string, contents: string) =>
  [
    '[[servers]]',
    `id = "${id}"`,
    `command = ${JSON.stringify(process.execPath)}`,
    `args = [${JSON.stringify(fakeServerPath)}]`,
    `extensions = ${extensions}`,
    `env = { AGENT_LSP_FAKE_SCENARIO = '${JSON.stringify({ hover: { '0': { contents } } })}' }`,
    '',
  ].join('\n')

describe('server config', () => {
  it('is the catalogue when there is no config, bundled servers run by this Node', async () => {
    const { root, env } = await setupFor({})
    const setup = loadServerSetup({ workspaceRoot: root, env })
    expect(setup.files).toEqual([])
    expect(setup.servers.map((planned) => [planned.config.id, planned.executable.found && planned.executable.source])).toEqual([
      ['typescript', 'bundled'],
      ['python', 'bundled'],
      ['bash', 'bundled'],
      ['c', 'PATH'],
      ['go', 'PATH'],
      ['rust', 'PATH'],
      ['json', 'bundled'],
      ['css', 'bundled'],
      ['html', 'bundled'],
      ['yaml', 'bundled'],
      ['dockerfile', 'bundled'],
      ['vue', 'bundled'],
      ['svelte', 'bundled'],
      ['php', 'PATH'],
      ['toml', 'bundled'],
    ])
    expect(server(setup, 'typescript')?.config.command).toBe(process.execPath)
    // Found on PATH: the name is kept, so a spawn failure still names what it looked for.
    expect(server(setup, 'c')?.config.command).toBe('clangd')
  })

  it('adds a server from the user config that answers a real query, taking its extensions from the catalogue', async () => {
    const { root, env, userConfig } = await setupFor({ 'a.py': 'x = 1\n', 'a.pyi': 'x: int\n' }, fakeServer('fake', '{ ".py" = "python" }', 'the fake answers for .py'))
    const setup = loadServerSetup({ workspaceRoot: root, env })
    expect(setup.files).toEqual([userConfig])
    expect(server(setup, 'python')?.config.extensionToLanguage).toEqual({ '.pyi': 'python' })
    expect(await run(['hover', 'a.py:1:1'], root, env)).toEqual({ code: 0, stdout: 'the fake answers for .py\n', stderr: '' })
  })

  it('gives a server files by name, taken from the catalogue server that had them, case-insensitively', async () => {
    const names = fakeServer('fake', '{ ".fk" = "fake" }', 'the fake answers by name').replace('extensions = { ".fk" = "fake" }', 'extensions = { ".fk" = "fake" }\nfileNames = { dockerfile = "dockerfile", Jenkinsfile = "groovy" }')
    const { root, env } = await setupFor({ Dockerfile: 'FROM node:20\n', 'ci/Jenkinsfile': 'pipeline {}\n', 'Containerfile': 'FROM node:20\n' }, names)
    const setup = loadServerSetup({ workspaceRoot: root, env })
    expect(server(setup, 'fake')?.config.fileNameToLanguage).toEqual({ dockerfile: 'dockerfile', Jenkinsfile: 'groovy' })
    expect(server(setup, 'dockerfile')?.config.fileNameToLanguage).toEqual({ Containerfile: 'dockerfile', 'Dockerfile.*': 'dockerfile', 'Containerfile.*': 'dockerfile' })
    expect(await run(['hover', 'Dockerfile:1:1'], root, env)).toEqual({ code: 0, stdout: 'the fake answers by name\n', stderr: '' })
    expect(await run(['hover', 'ci/Jenkinsfile:1:1'], root, env)).toEqual({ code: 0, stdout: 'the fake answers by name\n', stderr: '' })
  })

  it('re-points python at pyright-langserver from agent-lsp\'s node_modules/.bin, keeping the catalogue\'s readiness, and it answers', async () => {
    const files = {
      'shop/__init__.py': '',
      'shop/pricing.py': 'def apply_discount(price: float, pct: float) -> float:\n    return price * (1 - pct)\n',
      'main.py': 'from shop.pricing import apply_discount\n\nprint(apply_discount(20, 0.1))\n',
    }
    const { root, env } = await setupFor(files, '[[servers]]\nid = "python"\ncommand = "pyright-langserver"\nargs = ["--stdio"]\n')
    // PATH without a pyright-langserver of its own, so the one found is agent-lsp's.
    const noPyright = { ...env, PATH: '/usr/bin:/bin' }
    const python = server(loadServerSetup({ workspaceRoot: root, env: noPyright }), 'python')
    const shim = path.join(agentLspBinDirs()[0] as string, 'pyright-langserver')
    expect(python?.executable).toEqual({ found: true, path: shim, source: 'agent-lsp' })
    expect(python?.config).toMatchObject({ command: shim, args: ['--stdio'], readyLogPattern: '^(Found \\d+ source files?|No source files found)' })
    expect(await run(['findReferences', 'shop/pricing.py:1:5'], root, noPyright)).toEqual({
      code: 0,
      stdout: grouped([
        '3 references to apply_discount in 2 files',
        'main.py:1:26  from shop.pricing import apply_discount',
        'main.py:3:7  print(apply_discount(20, 0.1))',
        'shop/pricing.py:1:5  def apply_discount(price: float, pct: float) -> float:',
        '',
      ]),
      stderr: '',
    })
  })

  it('overrides field by field: the workspace over the user config over the catalogue', async () => {
    const { root, env } = await setupFor(
      { 'agent-lsp.toml': '[[servers]]\nid = "go"\nrootMarkers = ["go.mod"]\n' },
      '[[servers]]\nid = "go"\nargs = ["serve", "-rpc.trace"]\nsettings = { gopls = { staticcheck = true } }\n',
    )
    const go = server(loadServerSetup({ workspaceRoot: root, env }), 'go')
    expect(go?.config).toEqual({
      id: 'go',
      command: 'gopls',
      args: ['serve', '-rpc.trace'],
      extensionToLanguage: { '.go': 'go' },
      rootMarkers: ['go.mod'],
      settings: { gopls: { staticcheck: true } },
      diagnostics: goServer.diagnostics,
      failureProgressTitle: '^Error loading workspace$',
      backgroundProgressTitle: '^diagnosing (?!initial workspace load$)',
      initializationOptions: { diagnosticsDelay: '0s', verboseWorkDoneProgress: true },
      resultLimits: { workspaceSymbol: 100 },
      dependentRoots: { marker: 'go.mod', namePattern: '^module\\s+(\\S+)', hint: 'a go.work listing the modules (go work init ./a ./b) makes one gopls search them together' },
      installHint: 'apt-get install gopls golang-go',
      unopenedChangesBy: 'size-mtime',
      linkedSources: 'go',
      buildConstraints: 'go',
    })
    // Its process is no longer the catalogue's: doctor does not guess how to ask its version.
    expect(go?.versionArgs).toBeUndefined()
  })

  it('refuses, at their line, a new server without a command and an id given twice', async () => {
    const { root, env, userConfig } = await setupFor({}, '[[servers]]\nid = "fake"\nextensions = { ".fk" = "fake" }\n')
    expect(() => loadServerSetup({ workspaceRoot: root, env })).toThrow(
      expect.objectContaining({
        code: 'CONFIG_INVALID',
        message: `${userConfig}:1: servers[0]: server "fake" is not in the catalogue (typescript, python, bash, c, go, rust, json, css, html, yaml, dockerfile, vue, svelte, php, toml, pylsp, ccls, tsgo), so it needs command and extensions (or fileNames)`,
      }),
    )
    await writeFile(userConfig, '[[servers]]\nid = "go"\n\n[[servers]]\nid = "go"\n')
    expect(() => loadServerSetup({ workspaceRoot: root, env })).toThrow(
      expect.objectContaining({ code: 'CONFIG_INVALID', message: `${userConfig}:5: servers[1].id: server "go" is already configured at line 1` }),
    )
    expect(() => loadServerSetup({ workspaceRoot: root, env, configFile: path.join(root, 'missing.toml') })).toThrow(
      expect.objectContaining({ code: 'CONFIG_NOT_FOUND', message: `cannot read config ${root}/missing.toml: ENOENT` }),
    )
  })

  it("uses the workspace's node_modules/.bin only when the workspace is trusted", async () => {
    const { root, env } = await setupFor({ 'node_modules/.bin/fake-ls': '#!/bin/sh\necho fake-ls 1.0\n' }, '[[servers]]\nid = "fake"\ncommand = "fake-ls"\nextensions = { ".fk" = "fake" }\n')
    const bin = path.join(root, 'node_modules/.bin/fake-ls')
    await chmod(bin, 0o755)
    const untrusted = server(loadServerSetup({ workspaceRoot: root, env }), 'fake')
    expect(untrusted?.executable).toEqual({ found: false, command: 'fake-ls', untrustedCandidate: bin })
    expect(untrusted?.config.command).toBe('fake-ls')
    const trusted = server(loadServerSetup({ workspaceRoot: root, env, trustWorkspaceConfig: true }), 'fake')
    expect(trusted?.executable).toEqual({ found: true, path: bin, source: 'workspace' })
    expect(trusted?.config.command).toBe(bin)
    expect((await run(['doctor'], root, env)).stdout.split('\n')).toContain(
      `missing  fake        fake                   fake-ls not found on PATH (${bin} is not used: the workspace is not trusted)`,
    )
    expect((await run(['doctor', '--trust-workspace-config'], root, env)).stdout.split('\n')).toContain(
      `ready    fake        fake                   ${bin} (workspace node_modules/.bin)`,
    )
  })

  it('reads --config FILE in place of the user config, relative to the current directory', async () => {
    const { root, env } = await setupFor({ 'conf/mine.toml': fakeServer('fake', '{ ".fk" = "fake" }', 'from --config'), 'x.fk': 'x\n' })
    expect(await run(['hover', 'x.fk:1:1', '--config', 'conf/mine.toml'], root, env)).toEqual({ code: 0, stdout: 'from --config\n', stderr: '' })
  })
})
