// Test support (not exported): the built command with a runtime directory of the test's own, so a
// test never meets a user's real host, and every host it started (with its servers) gone after it.
import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { descendantPids, isAlive, waitUntilGone } from '@agent-lsp/lsp-testing'
import { onTestFinished } from 'vitest'
import { openHost } from './connect.js'
import { hostPaths } from './paths.js'

export const bin = fileURLToPath(new URL('../../dist/bin.js', import.meta.url))

/** What a run of the command printed, and its exit status. */
export interface Run {
  readonly exit: number
  readonly stdout: string
  readonly stderr: string
}

/** An environment whose host lives in a fresh runtime directory (removed, its host killed, after the test). */
export function hostEnv(extra: NodeJS.ProcessEnv = {}): { env: NodeJS.ProcessEnv; dir: string } {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'alh-')))
  const env: NodeJS.ProcessEnv = { ...process.env, AGENT_LSP_RUNTIME_DIR: dir, AGENT_LSP_HOST_IDLE_SECONDS: '120', ...extra }
  delete env.AGENT_LSP_NO_DAEMON // vitest.config.ts sets it for every other test
  onTestFinished(async () => {
    const hosts = hostProcesses(dir)
    const all = [...hosts, ...hosts.flatMap((pid) => descendantPids(pid))]
    for (const pid of all) if (isAlive(pid)) process.kill(pid, 'SIGKILL')
    await waitUntilGone(all, 5_000)
    rmSync(dir, { recursive: true, force: true })
  })
  return { env, dir }
}

/** A TypeScript workspace of two files: `retryLimit` declared in a.ts, used twice in b.ts. */
export const hostFiles = {
  'tsconfig.json': '{ "include": ["src"] }',
  'src/a.ts': 'export const retryLimit = 3;\n',
  'src/b.ts': 'import { retryLimit } from "./a";\nexport const twice = retryLimit * 2;\n',
}

/** An MCP client of `agent-lsp mcp --root root [...args]` (the built command in `env`), closed after the test. */
export async function mcpSession(root: string, env: NodeJS.ProcessEnv, args: readonly string[] = []): Promise<Client> {
  const client = new Client({ name: 'test', version: '1' })
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [bin, 'mcp', '--root', root, ...args], env: env as Record<string, string> }))
  onTestFinished(() => client.close())
  return client
}

/** Run the built command. */
export function run(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { cwd, env, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ exit: error ? Number(error.code ?? 1) : 0, stdout, stderr })
    })
  })
}

/** The pid the host in `dir` gives in its hello, or `undefined` when none answers. */
export async function hostPid(dir: string): Promise<number | undefined> {
  const open = await openHost(hostPaths(dir), { client: 'test' })
  open?.close()
  return open?.hello.pid
}

/** Every live host process started for runtime directory `dir` (read from `/proc`). */
export function hostProcesses(dir: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      try {
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
        const environ = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\u0000')
        return cmdline.includes('host-process.js') && environ.includes(`AGENT_LSP_RUNTIME_DIR=${dir}`) && isAlive(pid)
      } catch {
        return false // gone meanwhile
      }
    })
}

/** The pids below `pid` whose command line runs typescript-language-server. */
export function typescriptServers(pid: number): number[] {
  return descendantPids(pid).filter((child) => {
    try {
      return readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('typescript-language-server') && isAlive(child)
    } catch {
      return false
    }
  })
}
