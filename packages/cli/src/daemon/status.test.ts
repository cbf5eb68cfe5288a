// `agent-lsp status` on a host holding typescript-language-server, and the MCP status resource.
import { describe, expect, it } from 'vitest'
import { tempWorkspace } from '../workspace.test-support.js'
import { hostEnv, hostFiles, hostProcesses, mcpSession, run, typescriptServers } from './host.test-support.js'
import { readyIn, type HostStatus, type StatusSource } from './status.js'

const files = hostFiles

describe('agent-lsp status', () => {
  it('says no host runs, and starts none', async () => {
    const root = await tempWorkspace(files)
    const { env, dir } = hostEnv()
    expect(await run(['status'], root, env)).toEqual({ exit: 0, stdout: 'no agent-lsp host is running\n', stderr: '' })
    expect(await run(['status', '--json'], root, env)).toEqual({ exit: 0, stdout: `${JSON.stringify({ host: null, servers: [] }, null, 2)}\n`, stderr: '' })
    expect(hostProcesses(dir)).toEqual([])
  })

  it('shows every server with its workspace, state, pid, memory, uptime, documents, restarts and last error', async () => {
    const root = await tempWorkspace(files)
    const { env, dir } = hostEnv()
    expect((await run(['findReferences', 'src/a.ts:1:14'], root, env)).exit).toBe(0)
    const [hostPid] = hostProcesses(dir)
    const [serverPid] = typescriptServers(hostPid!)
    const answer = await run(['status', '--json'], root, env)
    expect(answer).toMatchObject({ exit: 0, stderr: '' })
    const status = JSON.parse(answer.stdout) as HostStatus
    expect(status.host).toMatchObject({ pid: hostPid, clients: { status: 1 } })
    expect(status.host.rssBytes).toBeGreaterThan(10e6)
    expect(status.servers).toHaveLength(1)
    const [server] = status.servers
    expect(server).toMatchObject({
      workspace: root,
      serverId: 'typescript',
      root,
      state: 'ready',
      pid: serverPid,
      openDocuments: 1,
      restarts: 0,
      lastError: null,
    })
    expect(server!.languages).toEqual(['javascript', 'javascriptreact', 'typescript', 'typescriptreact'])
    // The group's memory: typescript-language-server and its tsservers, tens of MB at least.
    expect(server!.rssBytes).toBeGreaterThan(30e6)
    expect(server!.uptimeMs).toBeGreaterThan(0)
    const text = await run(['status'], root, env)
    const lines = text.stdout.split('\n')
    expect(lines[0]).toMatch(new RegExp(`^agent-lsp host \\S+: pid ${hostPid}, up \\d+ s, \\d+ MB, clients: 1 status$`))
    expect(lines[1]).toMatch(new RegExp(`^${root}  typescript \\(javascript, javascriptreact, typescript, typescriptreact\\)  ready  pid ${serverPid}  \\d+ MB  up \\d+ s  1 open document  0 restarts$`))
    expect(lines.slice(2)).toEqual([''])
  })

  it('is the MCP status resource of a session through the host', async () => {
    const root = await tempWorkspace(files)
    const { env, dir } = hostEnv()
    const client = await mcpSession(root, env)
    await client.callTool({ name: 'lsp', arguments: { operation: 'hover', filePath: 'src/b.ts', line: 2, character: 14 } })
    expect((await client.listResources()).resources.map((resource) => resource.uri)).toEqual(['agent-lsp://status'])
    const read = await client.readResource({ uri: 'agent-lsp://status' })
    const status = JSON.parse((read.contents[0] as { text: string }).text) as HostStatus
    const [hostPid] = hostProcesses(dir)
    expect(status.host).toMatchObject({ pid: hostPid, clients: { mcp: 1 } })
    expect(status.servers.map((server) => [server.serverId, server.state, server.pid])).toEqual([['typescript', 'ready', typescriptServers(hostPid!)[0]]])
  })
})

describe('agent-lsp/ready (readyIn)', () => {
  const source = (state: 'ready' | 'indexing', warming = false): StatusSource => ({
    workspaceRoot: '/w',
    extensionToLanguage: { '.ts': 'typescript' },
    warming,
    status: () => [{ serverId: 'typescript', root: '/w', state, pid: 7, startedAt: 0, openDocuments: 1, restarts: 0, lastError: null }],
  })
  it('is true only for a ready server of that id and workspace with no warm-up running', () => {
    expect(readyIn([source('ready')], 'typescript', '/w')).toBe(true)
    expect(readyIn([source('ready', true)], 'typescript', '/w')).toBe(false)
    expect(readyIn([source('indexing')], 'typescript', '/w')).toBe(false)
    expect(readyIn([source('ready')], 'typescript', '/other')).toBe(false)
    expect(readyIn([source('ready')], 'python', '/w')).toBe(false)
    expect(readyIn([], 'typescript', '/w')).toBe(false)
  })
})
