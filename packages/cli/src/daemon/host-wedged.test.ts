// A host that accepts connections but never answers (SIGSTOPped here; a stuck event loop alike):
// the next command kills it and answers from a new host, and `stop` kills it too.
import { chmodSync } from 'node:fs'
import net from 'node:net'
import { fileURLToPath } from 'node:url'
import { isAlive, waitUntilGone } from '@agent-lsp/lsp-testing'
import { describe, expect, it } from 'vitest'
import { tempWorkspace } from '../workspace.test-support.js'
import { connectHost, openHost, stopHost } from './connect.js'
import { hostPaths } from './paths.js'
import { hostEnv, hostFiles, hostProcesses, run, typescriptServers } from './host.test-support.js'

const hostScript = fileURLToPath(new URL('../../dist/host-process.js', import.meta.url))
const references = ['findReferences', 'src/a.ts:1:14']

describe('a wedged host', () => {
  it('is killed by the next client, which answers from a new host; stop kills one too', async () => {
    const root = await tempWorkspace(hostFiles)
    const { env, dir } = hostEnv()
    const expected = await run(references, root, { ...env, AGENT_LSP_NO_DAEMON: '1' })
    expect(expected.exit).toBe(0)
    expect(await run(references, root, env)).toEqual(expected)
    const [wedged] = hostProcesses(dir)
    const servers = typescriptServers(wedged!)
    expect(servers).toHaveLength(1)
    process.kill(wedged!, 'SIGSTOP')

    const open = await connectHost({ env, hostScript, client: 'test', helloTimeoutMs: 500 })
    open.close()
    expect(open.hello.pid).not.toBe(wedged)
    expect(isAlive(wedged!)).toBe(false)
    // Its servers read end-of-file on stdin once it is gone, and exit.
    expect(await waitUntilGone(servers, 5_000)).toEqual([])
    expect(await run(references, root, env)).toEqual(expected)
    expect(hostProcesses(dir)).toEqual([open.hello.pid])

    process.kill(open.hello.pid, 'SIGSTOP')
    expect(await stopHost(env, { helloTimeoutMs: 500 })).toBe(open.hello.pid)
    expect(hostProcesses(dir)).toEqual([])
  })

  // A host killed a moment ago can still accept a connection its dying process then closes with
  // the hello unanswered (seen in CI right after a SIGKILL): nobody answers there, nothing is wedged.
  it('counts a connection closed before hello as nobody answering, not as a wedged host', async () => {
    const { dir } = hostEnv()
    const paths = hostPaths(dir)
    const closing = net.createServer((socket) => socket.once('data', () => socket.destroy()))
    await new Promise<void>((resolve) => closing.listen(paths.socket, () => resolve()))
    chmodSync(paths.socket, 0o600)
    try {
      expect(await openHost(paths, { client: 'test', helloTimeoutMs: 30_000 })).toBeUndefined()
    } finally {
      closing.close()
    }
  })
})
