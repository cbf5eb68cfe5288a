// A host that is alive but busy answers its hello late, and is waited for: a client neither kills
// it nor starts a second host beside it (which would leave two hosts, and servers twice). Killing a
// host at the hello bound is for one that is stopped (SIGSTOP, see host-wedged.test.ts). Here the
// host's event loop is held for 2 s by a module loaded with --import, on SIGUSR2, as synchronous
// work on a big file would hold it; the client waits 300 ms before it looks at the host's state.
import { spawn } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { isAlive } from '@agent-lsp/lsp-testing'
import { describe, expect, it } from 'vitest'
import { version } from '../version.js'
import { hostBuild, openHost } from './connect.js'
import { hostPaths } from './paths.js'
import { hostEnv, hostProcesses } from './host.test-support.js'

const hostScript = fileURLToPath(new URL('../../dist/host-process.js', import.meta.url))
const BUSY_MS = 2_000

/** Start the built host in `dir` with a module that holds its event loop {@link BUSY_MS} on SIGUSR2. */
async function busyableHost(env: NodeJS.ProcessEnv, dir: string): Promise<{ pid: number; busy: () => Promise<void> }> {
  const mark = path.join(dir, 'busy.mark')
  const holder = path.join(dir, 'hold-loop.mjs')
  writeFileSync(holder, `import { writeFileSync } from 'node:fs'\nprocess.on('SIGUSR2', () => { writeFileSync(${JSON.stringify(mark)}, 'busy'); for (const end = Date.now() + ${BUSY_MS}; Date.now() < end; ); })\n`)
  const child = spawn(process.execPath, ['--import', pathToFileURL(holder).href, hostScript], { cwd: dir, env, stdio: ['ignore', 'pipe', 'ignore'], detached: true })
  child.unref()
  await new Promise<void>((resolve) => child.stdout.setEncoding('utf8').on('data', (text: string) => text.includes('\n') && resolve()))
  child.stdout.destroy()
  const busy = async (): Promise<void> => {
    process.kill(child.pid!, 'SIGUSR2')
    // Held once the mark is written: the signal is handled on the host's event loop.
    while (!existsSync(mark)) await new Promise((resolve) => setTimeout(resolve, 10))
  }
  return { pid: child.pid!, busy }
}

describe('a busy host', () => {
  it('is waited for: its hello answers, it lives on, and it is the only host', async () => {
    const { env, dir } = hostEnv()
    const host = await busyableHost(env, dir)
    await host.busy()
    const started = performance.now()
    const open = await openHost(hostPaths(dir), { client: 'test', helloTimeoutMs: 300 })
    open?.close()
    expect(open?.hello).toEqual({ version, build: hostBuild(hostScript), pid: host.pid })
    // It answered once its loop was free again, not at the 300 ms bound.
    expect(performance.now() - started).toBeGreaterThan(BUSY_MS / 2)
    expect(isAlive(host.pid)).toBe(true)
    expect(hostProcesses(dir)).toEqual([host.pid])
  })
})
