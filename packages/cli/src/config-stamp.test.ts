// The stamp a long-lived session compares before each call: it changes with every config file a
// setup may read (user, --config, workspace; created, edited, removed) and with nothing else.
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { configStamp } from './config-stamp.js'
import { tempWorkspace } from './workspace.test-support.js'

describe('the config stamp', () => {
  it('changes when a config file is created, edited (same size too) or removed, and only then', async () => {
    const root = await tempWorkspace({ 'src/a.ts': 'export const a = 1\n' })
    const env = { ...process.env, XDG_CONFIG_HOME: path.join(root, '.xdg') }
    const stamp = () => configStamp({}, root, root, env)
    const seen = [stamp()]
    await writeFile(path.join(root, 'src/a.ts'), 'export const a = 2\n')
    expect(stamp()).toBe(seen[0])
    await mkdir(path.join(root, '.xdg/agent-lsp'), { recursive: true })
    await writeFile(path.join(root, '.xdg/agent-lsp/config.toml'), 'trustedWorkspaces = ["/a"]\n')
    seen.push(stamp())
    await writeFile(path.join(root, '.xdg/agent-lsp/config.toml'), 'trustedWorkspaces = ["/b"]\n')
    seen.push(stamp())
    await writeFile(path.join(root, 'agent-lsp.json'), '{}\n')
    seen.push(stamp())
    await rm(path.join(root, 'agent-lsp.json'))
    await writeFile(path.join(root, 'agent-lsp.toml'), '\n')
    seen.push(stamp())
    expect(new Set(seen).size).toBe(5)
    expect(stamp()).toBe(seen[4])
    // --config FILE is read in place of the user config: only it counts then.
    await writeFile(path.join(root, 'mine.toml'), '\n')
    const mine = configStamp({ configFile: 'mine.toml' }, root, root, env)
    await writeFile(path.join(root, '.xdg/agent-lsp/config.toml'), 'trustedWorkspaces = ["/c"]\n')
    expect(configStamp({ configFile: 'mine.toml' }, root, root, env)).toBe(mine)
    await writeFile(path.join(root, 'mine.toml'), '#\n')
    expect(configStamp({ configFile: 'mine.toml' }, root, root, env)).not.toBe(mine)
  })
})
