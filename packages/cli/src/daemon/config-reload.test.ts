// A config edited while servers run, on typescript-language-server and pyright: a long-lived MCP
// session serves the new config from its next call, and the host restarts only the server whose
// config changed (pids from `agent-lsp status --json`, or the status resource without the host).
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { isAlive, waitUntilGone } from '@agent-lsp/lsp-testing'
import { describe, expect, it } from 'vitest'
import { STATUS_URI } from '../mcp-server.js'
import { tempWorkspace } from '../workspace.test-support.js'
import { hostEnv, hostFiles, mcpSession, run } from './host.test-support.js'
import type { HostStatus } from './status.js'

const files = {
  ...hostFiles,
  'pricing.py': 'def apply_discount(price, pct):\n    return price * (1 - pct)\n',
  'main.py': 'from pricing import apply_discount\n\nprint(apply_discount(20, 0.1))\n',
}
const tsReferences = '3 references to retryLimit in 2 files\nsrc/a.ts:1:14  export const retryLimit = 3;\nsrc/b.ts\n1:10  import { retryLimit } from "./a";\n2:22  export const twice = retryLimit * 2;'
const pyReferences = '3 references to apply_discount in 2 files\nmain.py\n1:21  from pricing import apply_discount\n3:7  print(apply_discount(20, 0.1))\npricing.py:1:5  def apply_discount(price, pct):'
const pythonConfig = (mode: string, extra = '') => `[[servers]]\nid = "python"\n${extra}settings = { python = { analysis = { typeCheckingMode = "${mode}" } } }\n`

const text = (answer: unknown) => (answer as { content: { text: string }[] }).content.map((block) => block.text).join('\n')
const pids = (status: HostStatus) => Object.fromEntries(status.servers.map((server) => [server.serverId, server.pid]))

async function ask(client: Client, filePath: string, line: number, character: number) {
  const answer = await client.callTool({ name: 'lsp', arguments: { operation: 'findReferences', filePath, line, character } })
  return { isError: answer.isError === true, text: text(answer) }
}

/** Ask both servers, and read the pid of each. */
async function both(client: Client, status: () => Promise<HostStatus>) {
  expect(await ask(client, 'src/a.ts', 1, 14)).toEqual({ isError: false, text: tsReferences })
  expect(await ask(client, 'main.py', 3, 7)).toEqual({ isError: false, text: pyReferences })
  const { servers } = await status()
  expect(servers.map((server) => [server.serverId, server.state]).sort()).toEqual([['python', 'ready'], ['typescript', 'ready']])
  return pids({ servers } as HostStatus)
}

describe('a config edited while running', () => {
  it.each([
    ['through the host', false],
    ['without the host (--no-daemon)', true],
  ])('an MCP session serves it from its next call, restarting only the changed server (%s)', async (_, noDaemon) => {
    const root = await tempWorkspace({ ...files, 'agent-lsp.toml': pythonConfig('basic') })
    const { env } = hostEnv(noDaemon ? { AGENT_LSP_NO_DAEMON: '1' } : {})
    const client = await mcpSession(root, env, ['--trust-workspace-config'])
    const status = async (): Promise<HostStatus> => {
      if (!noDaemon) return JSON.parse((await run(['status', '--json'], root, env)).stdout) as HostStatus
      const read = await client.readResource({ uri: STATUS_URI })
      return JSON.parse((read.contents[0] as { text: string }).text) as HostStatus
    }
    const before = await both(client, status)

    // Turning an operation off restarts nothing: it never reaches the server.
    writeFileSync(path.join(root, 'agent-lsp.toml'), pythonConfig('basic', 'disabledOperations = ["findReferences"]\n'))
    const setting = `disabledOperations in ${path.join(root, 'agent-lsp.toml')}:3`
    expect(await ask(client, 'main.py', 3, 7)).toEqual({ isError: true, text: `LSP_UNSUPPORTED_OPERATION: findReferences is turned off for python by ${setting}; remove it there to ask the server` })
    expect(await ask(client, 'src/a.ts', 1, 14)).toEqual({ isError: false, text: tsReferences })
    expect(pids(await status())).toEqual(before)

    // Settings changed: pyright restarts, tsserver keeps running.
    writeFileSync(path.join(root, 'agent-lsp.toml'), pythonConfig('strict'))
    const after = await both(client, status)
    expect(after.typescript).toBe(before.typescript)
    expect(after.python).not.toBe(before.python)
    await waitUntilGone([before.python!], 10_000)
    expect(isAlive(before.python!)).toBe(false)
    expect(isAlive(after.typescript!)).toBe(true)
  })

  it('one-shot commands through the host: the next command with the edited config restarts only that server', async () => {
    const root = await tempWorkspace(files)
    const { env } = hostEnv()
    const status = async () => JSON.parse((await run(['status', '--json'], root, env)).stdout) as HostStatus
    expect(await run(['findReferences', 'src/a.ts:1:14'], root, env)).toEqual({ exit: 0, stdout: `${tsReferences}\n`, stderr: '' })
    expect(await run(['findReferences', 'main.py:3:7'], root, env)).toEqual({ exit: 0, stdout: `${pyReferences}\n`, stderr: '' })
    const before = pids(await status())
    expect(Object.keys(before).sort()).toEqual(['python', 'typescript'])

    // rootMarkers need no trust; the python config differs, so its provider is the new one's.
    writeFileSync(path.join(root, 'agent-lsp.toml'), '[[servers]]\nid = "python"\nrootMarkers = ["setup.cfg"]\n')
    expect(await run(['findReferences', 'main.py:3:7'], root, env)).toEqual({ exit: 0, stdout: `${pyReferences}\n`, stderr: '' })
    const after = await status()
    expect(pids(after).typescript).toBe(before.typescript)
    expect(pids(after).python).not.toBe(before.python)
    await waitUntilGone([before.python!], 10_000)
    expect(isAlive(before.python!)).toBe(false)
    expect(await run(['findReferences', 'src/a.ts:1:14'], root, env)).toEqual({ exit: 0, stdout: `${tsReferences}\n`, stderr: '' })
    const last = await status()
    expect(last.servers.map((server) => [server.serverId, server.state]).sort()).toEqual([['python', 'ready'], ['typescript', 'ready']])
    expect(pids(last).typescript).toBe(before.typescript)
  })
})
