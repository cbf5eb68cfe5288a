// The operation log of real typescript-language-server queries: --no-daemon (this process writes),
// through the host (the host writes each client's --log, and its own AGENT_LSP_LOG of every client).
import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { describe, expect, it } from 'vitest'
import { tempWorkspace } from '../workspace.test-support.js'
import { bin, hostEnv, hostFiles, mcpSession } from '../daemon/host.test-support.js'
import type { OperationLogLine } from './operation-log.js'

/** Run the built command; with its pid, which its log lines name. */
function run(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ exit: number; stdout: string; stderr: string; pid: number }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [bin, ...args], { cwd, env, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ exit: error ? Number(error.code ?? 1) : 0, stdout, stderr, pid: child.pid! })
    })
  })
}

/** The lines of `file`, their time and duration checked for shape and left out. */
function linesOf(file: string): Omit<OperationLogLine, 'time' | 'durationMs'>[] {
  return readFileSync(file, 'utf8').trimEnd().split('\n').map((text) => {
    const { time, durationMs, ...rest } = JSON.parse(text) as OperationLogLine
    expect(time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect(Number.isInteger(durationMs) && durationMs >= 0).toBe(true)
    return rest
  })
}

/** Four commands: references (cross-checked), hover, a workspace search, and references of a server that has none. */
async function askFour(root: string, env: NodeJS.ProcessEnv, extra: readonly string[]) {
  const references = await run(['findReferences', 'src/a.ts:1:14', ...extra], root, env)
  const hover = await run(['hover', 'src/b.ts:2:23', ...extra], root, env)
  const search = await run(['workspaceSymbol', '--query', 'retryLimit', ...extra], root, env)
  const wrong = await run(['findReferences', 'tsconfig.json:1:4', ...extra], root, env)
  expect([references.exit, hover.exit, search.exit, wrong.exit]).toEqual([0, 0, 0, 1])
  expect(wrong.stderr).toBe('agent-lsp: LSP_UNSUPPORTED_OPERATION: language server "json" does not support findReferences (no referencesProvider)\n')
  return { references, hover, search, wrong }
}

/** Every catalogue server: a search without a file asks each that answers workspace symbols. */
const servers = ['bash', 'c', 'css', 'dockerfile', 'go', 'html', 'json', 'php', 'python', 'rust', 'svelte', 'toml', 'typescript', 'vue', 'yaml']
/**
 * Those that answer none (catalogue-operations.test.ts measures it): not asked, so not logged (json
 * was started to refuse, as tsconfig.json is one of its files).
 */
const noWorkspaceSymbols = new Set(['css', 'dockerfile', 'html', 'json', 'toml', 'yaml'])

/**
 * The lines of {@link askFour} by `client` in `root`, with the pid of each command: references
 * (the cross-check asks no definition: the answer lists every occurrence), hover, the search (a line per server asked, sorted
 * here by server: they settle in any order), the refused references.
 */
function expectedLines(root: string, client: string, pids: { references: number; hover: number; search: number; wrong: number }) {
  const line = (pid: number, operation: string, file: string | null, outcome = 'ok', server = 'typescript') => ({
    client, pid, operation, workspace: root, file, server, outcome, completeness: outcome === 'ok' ? 'complete' : null,
  })
  return [
    line(pids.references, 'findReferences', 'src/a.ts'),
    line(pids.hover, 'hover', 'src/b.ts'),
    ...servers.filter((server) => !noWorkspaceSymbols.has(server)).map((server) => line(pids.search, 'workspaceSymbol', null, 'ok', server)),
    line(pids.wrong, 'findReferences', 'tsconfig.json', 'LSP_UNSUPPORTED_OPERATION', 'json'),
  ]
}

/** `lines` with each run of workspace searches sorted by server. */
function searchesSorted<T extends { operation: string; server: string }>(lines: readonly T[]): T[] {
  const sorted: T[] = []
  for (const line of lines) {
    const previous = sorted.findLastIndex((other) => other.operation !== 'workspaceSymbol') + 1
    sorted.push(line)
    if (line.operation === 'workspaceSymbol') sorted.splice(previous, Infinity, ...sorted.slice(previous).sort((a, b) => a.server.localeCompare(b.server)))
  }
  return sorted
}

const pidsOf = (runs: Record<'references' | 'hover' | 'search' | 'wrong', { pid: number }>) =>
  ({ references: runs.references.pid, hover: runs.hover.pid, search: runs.search.pid, wrong: runs.wrong.pid })

describe('the operation log (--log FILE)', () => {
  it('without the host: one line per query, written by the command, with no source text', async () => {
    const root = await tempWorkspace(hostFiles)
    const log = path.join(root, 'ops.log')
    const runs = await askFour(root, { ...process.env, AGENT_LSP_NO_DAEMON: '1' }, ['--log', 'ops.log'])
    expect(searchesSorted(linesOf(log))).toEqual(expectedLines(root, 'command', pidsOf(runs)))
    const text = readFileSync(log, 'utf8')
    for (const source of ['retryLimit', 'twice', 'export', 'const', 'number']) expect(text).not.toContain(source)
  })

  it('through the host: the host writes each client\'s --log, and its own AGENT_LSP_LOG holds every client\'s lines', async () => {
    const root = await tempWorkspace(hostFiles)
    const hostLog = path.join(root, 'host-ops.log')
    const { env } = hostEnv({ AGENT_LSP_LOG: hostLog })
    // The first command starts the host with AGENT_LSP_LOG; its own line goes there once.
    const first = await run(['documentSymbol', 'src/a.ts'], root, env)
    expect(first.exit).toBe(0)
    const { AGENT_LSP_LOG: _, ...withoutLog } = env
    const runs = await askFour(root, withoutLog, ['--log', 'client.log'])
    const session = await mcpSession(root, withoutLog)
    await session.callTool({ name: 'lsp', arguments: { operation: 'hover', filePath: 'src/b.ts', line: 2, character: 23 } })
    await session.close()

    const fromCommands = expectedLines(root, 'command', pidsOf(runs))
    expect(searchesSorted(linesOf(path.join(root, 'client.log')))).toEqual(fromCommands)
    const hostLines = searchesSorted(linesOf(hostLog))
    const mcpLine = hostLines.at(-1)!
    expect(hostLines).toEqual([
      { client: 'command', pid: first.pid, operation: 'documentSymbol', workspace: root, file: 'src/a.ts', server: 'typescript', outcome: 'ok', completeness: 'complete' },
      ...fromCommands,
      { client: 'mcp', pid: mcpLine.pid, operation: 'hover', workspace: root, file: 'src/b.ts', server: 'typescript', outcome: 'ok', completeness: 'complete' },
    ])
    expect(mcpLine.pid).not.toBe(process.pid)
    expect(readFileSync(hostLog, 'utf8')).not.toContain('retryLimit')
  })

  it('of an mcp session without the host: written by the session, as client mcp', async () => {
    const root = await tempWorkspace(hostFiles)
    const client = new Client({ name: 'test', version: '1' })
    const transport = new StdioClientTransport({ command: process.execPath, args: [bin, 'mcp', '--root', root, '--no-daemon', '--log', path.join(root, 'mcp.log')], env: process.env as Record<string, string> })
    await client.connect(transport)
    await client.callTool({ name: 'lsp', arguments: { operation: 'hover', filePath: 'src/b.ts', line: 2, character: 23 } })
    const pid = transport.pid!
    await client.close()
    expect(linesOf(path.join(root, 'mcp.log'))).toEqual([{ client: 'mcp', pid, operation: 'hover', workspace: root, file: 'src/b.ts', server: 'typescript', outcome: 'ok', completeness: 'complete' }])
  })

  it('refuses a log it cannot write, as the command\'s error', async () => {
    const root = await tempWorkspace(hostFiles)
    const refused = await run(['hover', 'src/b.ts:2:23', '--log', 'missing/dir/ops.log'], root, { ...process.env, AGENT_LSP_NO_DAEMON: '1' })
    expect(refused).toMatchObject({ exit: 1, stdout: '' })
    expect(refused.stderr).toBe(`agent-lsp: CONFIG_INVALID: cannot write the operation log ${path.join(root, 'missing/dir/ops.log')}: ENOENT: no such file or directory, open '${path.join(root, 'missing/dir/ops.log')}'\n`)
    expect(existsSync(path.join(root, 'missing'))).toBe(false)
  })
})
