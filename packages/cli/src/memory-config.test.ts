// maxMemoryMB from the configs to each server's LocalServerConfig (the cap itself: lsp-local's memory-cap.test.ts).
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadServerSetup } from './config.js'
import { tempWorkspace } from './workspace.test-support.js'

async function typescriptConfig(userToml: string, workspaceToml?: string, trustWorkspaceConfig = false) {
  const root = await tempWorkspace(workspaceToml === undefined ? {} : { 'agent-lsp.toml': workspaceToml })
  await mkdir(path.join(root, '.xdg', 'agent-lsp'), { recursive: true })
  await writeFile(path.join(root, '.xdg', 'agent-lsp', 'config.toml'), userToml)
  const setup = loadServerSetup({ workspaceRoot: root, env: { ...process.env, XDG_CONFIG_HOME: path.join(root, '.xdg') }, trustWorkspaceConfig })
  const { maxMemoryMB, heapLimitOption } = setup.servers.find((planned) => planned.config.id === 'typescript')!.config
  return { maxMemoryMB, heapLimitOption }
}

describe('maxMemoryMB', () => {
  it('is unset by default (the provider\'s 4096 applies), and tsserver takes it as its heap limit', async () => {
    expect(await typescriptConfig('')).toEqual({ maxMemoryMB: undefined, heapLimitOption: 'maxTsServerMemory' })
    expect(await typescriptConfig('[[servers]]\nid = "typescript"\nmaxMemoryMB = 2048\n')).toEqual({ maxMemoryMB: 2048, heapLimitOption: 'maxTsServerMemory' })
  })

  it('may be lowered by an untrusted workspace config, never raised; a trusted one sets it', async () => {
    const user = '[[servers]]\nid = "typescript"\nmaxMemoryMB = 2048\n'
    const workspace = (mb: number) => `[[servers]]\nid = "typescript"\nmaxMemoryMB = ${mb}\n`
    expect((await typescriptConfig(user, workspace(512))).maxMemoryMB).toBe(512)
    expect((await typescriptConfig(user, workspace(100_000))).maxMemoryMB).toBe(2048)
    expect((await typescriptConfig('', workspace(100_000))).maxMemoryMB).toBe(4096)
    expect((await typescriptConfig(user, workspace(100_000), true)).maxMemoryMB).toBe(100_000)
  })

  it('must be a positive number, said at its line', async () => {
    await expect(typescriptConfig('[[servers]]\nid = "typescript"\nmaxMemoryMB = 0\n')).rejects.toMatchObject({ code: 'CONFIG_INVALID', message: expect.stringMatching(/config\.toml:3: .*maxMemoryMB/) })
  })
})
