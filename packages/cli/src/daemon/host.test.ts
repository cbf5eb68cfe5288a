// The shared host through the built command, on typescript-language-server: answers exactly as
// the one-shot command, one server for every client, and no process left behind.
import { chmodSync, chownSync, statSync, existsSync } from 'node:fs'
import path from 'node:path'
import { waitUntilGone } from '@agent-lsp/lsp-testing'
import { describe, expect, it } from 'vitest'
import { tempWorkspace } from '../workspace.test-support.js'
import { hostEnv, hostFiles, hostPid, hostProcesses, mcpSession, run, typescriptServers } from './host.test-support.js'

const files = hostFiles
const references = ['findReferences', 'src/a.ts:1:14']

describe('the shared host', () => {
  it('answers as the one-shot command does (text, --json, errors), from one warm server', async () => {
    const root = await tempWorkspace(files)
    const { env, dir } = hostEnv()
    const oneShot = { ...env, AGENT_LSP_NO_DAEMON: '1' }
    const asked = [references, [...references, '--json'], ['findReferences', 'src/a.ts:9:1'], ['hover', 'src/none.ts:1:1']]
    // One-shot answers side by side (each starts its own server), then the host's one by one.
    const expected = await Promise.all(asked.map((args) => run(args, root, oneShot)))
    for (const [index, args] of asked.entries()) expect(await run(args, root, env)).toEqual(expected[index])
    expect(expected.map((answer) => answer.exit)).toEqual([0, 0, 1, 1])
    expect(hostProcesses(dir)).toHaveLength(1)
    const pid = hostProcesses(dir)[0]!
    expect(await hostPid(dir)).toBe(pid)
    expect(typescriptServers(pid)).toHaveLength(1)
    // --no-daemon runs its own servers: the host's stay as they were.
    const [server] = typescriptServers(pid)
    expect(await run([...references, '--no-daemon'], root, env)).toEqual(expected[0])
    expect(typescriptServers(pid)).toEqual([server])
  })

  it('cross-checks through the host with its own ripgrep, as the one-shot command does (no rg on PATH)', async () => {
    // Node 20's module resolution returned the symlinked path of @vscode/ripgrep after the client
    // had lstat-ed the host's socket (fs.realpathSync with a cache reads the last stat's file type),
    // so the ripgrep binary was not found and only an `rg` on PATH could stand in.
    const root = await tempWorkspace(files)
    const emptyPath = await tempWorkspace({})
    const { env } = hostEnv({ PATH: emptyPath })
    // pnpm's vitest sets NODE_PATH to its hoisted node_modules, where require finds the binary's
    // package from any folder: a user's command has no NODE_PATH.
    delete env.NODE_PATH
    const expected = await run(references, root, { ...env, AGENT_LSP_NO_DAEMON: '1' })
    expect(expected).toMatchObject({ exit: 0, stderr: '' })
    expect(expected.stdout).not.toContain('Partial answer')
    expect(await run(references, root, env)).toEqual(expected)
    const client = await mcpSession(root, env)
    const answer = await client.callTool({ name: 'lsp', arguments: { operation: 'findReferences', filePath: 'src/a.ts', line: 1, character: 14 } })
    expect(answer).toEqual({ content: [{ type: 'text', text: expected.stdout.replace(/\n$/, '') }] })
  })

  it('shares one server between concurrent commands and an MCP session, each answered exactly', async () => {
    const root = await tempWorkspace(files)
    const { env, dir } = hostEnv()
    const expected = await run(references, root, { ...env, AGENT_LSP_NO_DAEMON: '1' })
    expect(expected.exit).toBe(0)
    const client = await mcpSession(root, env)
    const ask = () => client.callTool({ name: 'lsp', arguments: { operation: 'findReferences', filePath: 'src/a.ts', line: 1, character: 14 } })
    const answers = await Promise.all([run(references, root, env), ask(), run(references, root, env), ask()])
    expect(answers[0]).toEqual(expected)
    expect(answers[2]).toEqual(expected)
    expect(answers[1]).toEqual({ content: [{ type: 'text', text: expected.stdout.replace(/\n$/, '') }] })
    expect(answers[3]).toEqual(answers[1])
    const hosts = hostProcesses(dir)
    expect(hosts).toHaveLength(1)
    expect(typescriptServers(hosts[0]!)).toHaveLength(1)
  })

  it('starts one host for commands racing to start it, and stop ends it and its servers', async () => {
    const root = await tempWorkspace(files)
    const { env, dir } = hostEnv()
    const expected = await run(references, root, { ...env, AGENT_LSP_NO_DAEMON: '1' })
    const answers = await Promise.all([1, 2, 3].map(() => run(references, root, env)))
    expect(answers).toEqual([expected, expected, expected])
    const hosts = hostProcesses(dir)
    expect(hosts).toHaveLength(1)
    const servers = typescriptServers(hosts[0]!)
    expect(servers).toHaveLength(1)
    expect(await run(['stop'], root, env)).toEqual({ exit: 0, stdout: `stopped the agent-lsp host (pid ${hosts[0]}) and its language servers\n`, stderr: '' })
    expect(await waitUntilGone([...hosts, ...servers], 5_000)).toEqual([])
    expect(existsSync(path.join(dir, 'host.sock'))).toBe(false)
    expect(await run(['stop'], root, env)).toEqual({ exit: 0, stdout: 'no agent-lsp host is running\n', stderr: '' })
  })

  it('after a SIGKILL mid-query leaves no server, answers that query and the next from a new host', async () => {
    const root = await tempWorkspace(files)
    const { env, dir } = hostEnv()
    const expected = await run(references, root, { ...env, AGENT_LSP_NO_DAEMON: '1' })
    // A cold server: the first query waits for it to start and load the project.
    const pending = run(references, root, env)
    let servers: number[] = []
    let killed: number | undefined
    while (servers.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 20)) // a bounded poll: nothing announces a process start
      // The host is the process whose servers these are (a child it is forking shows its command line too).
      killed = hostProcesses(dir).find((pid) => typescriptServers(pid).length > 0)
      servers = killed === undefined ? [] : typescriptServers(killed)
    }
    process.kill(killed!, 'SIGKILL')
    expect(await waitUntilGone(servers, 5_000)).toEqual([])
    // The socket it left is stale: the next connection starts another host, which answers.
    expect(await pending).toEqual(expected)
    expect(await run(references, root, env)).toEqual(expected)
    const now = hostProcesses(dir)
    expect(now).toHaveLength(1)
    expect(now[0]).not.toBe(killed)
  })

  it('answers a query in flight during stop as stopped, and no client starts a new host for it', async () => {
    // A check that takes tsserver seconds: the query is still in flight when stop comes.
    const slow = [
      "type Rec<N extends number, A extends unknown[] = []> = A['length'] extends N ? A : Rec<N, [...A, 0]>;",
      ...Array.from({ length: 60 }, (_, i) => `export type T${i} = Rec<${900 + i}>; export const v${i}: T${i}['length'] = ${900 + i};`),
      '',
    ].join('\n')
    const root = await tempWorkspace({ ...files, 'src/slow.ts': slow })
    const { env, dir } = hostEnv()
    const pending = run(['diagnostics', 'src/slow.ts'], root, env)
    let servers: number[] = []
    while (servers.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 20)) // a bounded poll: nothing announces a process start
      servers = hostProcesses(dir).flatMap((pid) => typescriptServers(pid))
    }
    const hosts = hostProcesses(dir)
    expect((await run(['stop'], root, env)).exit).toBe(0)
    expect(await pending).toEqual({
      exit: 1,
      stdout: '',
      stderr: 'agent-lsp: LSP_DISPOSED: the agent-lsp host was stopped (agent-lsp stop) while it answered diagnostics; ask again to start a new one\n',
    })
    expect(await waitUntilGone([...hosts, ...servers], 5_000)).toEqual([])
    expect(hostProcesses(dir)).toEqual([])
  }, 60_000)

  it('exits when idle, leaving no process', async () => {
    const root = await tempWorkspace(files)
    const { env, dir } = hostEnv({ AGENT_LSP_HOST_IDLE_SECONDS: '1' })
    expect((await run(references, root, env)).exit).toBe(0)
    const hosts = hostProcesses(dir)
    expect(hosts).toHaveLength(1)
    const all = [...hosts, ...typescriptServers(hosts[0]!)]
    expect(all).toHaveLength(2)
    expect(await waitUntilGone(all, 10_000)).toEqual([])
    expect(existsSync(path.join(dir, 'host.sock'))).toBe(false)
  })

  it('keeps its socket 0600 in a 0700 directory of this user, and refuses one that is not', async () => {
    const root = await tempWorkspace(files)
    const { env, dir } = hostEnv()
    expect((await run(['hover', 'src/b.ts:2:14'], root, env)).exit).toBe(0)
    const socket = path.join(dir, 'host.sock')
    expect([statSync(dir).mode & 0o777, statSync(socket).mode & 0o777, statSync(socket).uid]).toEqual([0o700, 0o600, process.getuid!()])
    chmodSync(socket, 0o666)
    expect(await run(['hover', 'src/b.ts:2:14'], root, env)).toEqual({
      exit: 1,
      stdout: '',
      stderr: `agent-lsp: LSP_HOST_UNSAFE: refusing the agent-lsp host at ${socket}: its mode is 666, not 600\n`,
    })
    chmodSync(socket, 0o600)
    if (process.getuid!() === 0) {
      // Root can hand the directory to another user: a directory not ours is never used.
      chownSync(dir, 12345, 12345)
      expect(await run(['hover', 'src/b.ts:2:14'], root, env)).toEqual({
        exit: 1,
        stdout: '',
        stderr: `agent-lsp: LSP_HOST_UNSAFE: refusing the agent-lsp host at ${dir}: it belongs to uid 12345, not to this user (0)\n`,
      })
      chownSync(dir, 0, 0)
    }
  })
})
