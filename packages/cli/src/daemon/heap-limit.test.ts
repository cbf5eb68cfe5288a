// tsserver's own heap limit is the typescript server's memory cap (maxMemoryMB), on the real server.
import { mkdir, writeFile } from 'node:fs/promises'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { descendantPids } from '@agent-lsp/lsp-testing'
import { describe, expect, it, vi } from 'vitest'
import { tempWorkspace } from '../workspace.test-support.js'
import { hostEnv, hostFiles, hostProcesses, run } from './host.test-support.js'

/** The `--max-old-space-size` of every tsserver below `pid`, sorted. */
function tsserverHeaps(pid: number): string[] {
  return descendantPids(pid)
    .flatMap((child) => {
      try {
        const args = readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\u0000')
        return args.some((arg) => arg.endsWith('tsserver.js')) ? args.filter((arg) => arg.startsWith('--max-old-space-size=')) : []
      } catch {
        return [] // gone meanwhile
      }
    })
    .sort()
}

describe('tsserver heap limit', () => {
  it('is 4096 MB by default, and the maxMemoryMB a config gives the typescript server', async () => {
    const root = await tempWorkspace(hostFiles)
    const { env, dir } = hostEnv({ XDG_CONFIG_HOME: path.join(root, '.xdg') })
    expect((await run(['hover', 'src/b.ts:2:23'], root, env)).exit).toBe(0)
    const [host] = hostProcesses(dir)
    expect(tsserverHeaps(host!)).toEqual(['--max-old-space-size=4096'])
    await mkdir(path.join(root, '.xdg', 'agent-lsp'), { recursive: true })
    await writeFile(path.join(root, '.xdg', 'agent-lsp', 'config.toml'), '[[servers]]\nid = "typescript"\nmaxMemoryMB = 1024\n')
    // Another config for the same root and server supersedes the first: the host stops the first's
    // tsserver once no client uses it (see host-pool.ts), and the new one runs with the config's cap.
    expect((await run(['hover', 'src/b.ts:2:23'], root, env)).exit).toBe(0)
    await vi.waitFor(() => expect(tsserverHeaps(host!)).toEqual(['--max-old-space-size=1024']), { timeout: 10_000, interval: 200 })
  })
})
