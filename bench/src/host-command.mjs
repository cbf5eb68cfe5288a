// Part 2b, the shared host: a command from a new process to its answer, warm through the host,
// against the raw client's warm query of the same server (and a one-shot `--no-daemon` command,
// which starts the server each time); plus the host's own memory and a bare Node start, the floor
// of any command.
import { execFile } from 'node:child_process'
import { mkdtempSync, realpathSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { RawClient, fileUri } from './raw-client.mjs'
import { now, round, summarize } from './stats.mjs'

const run = promisify(execFile)
const bin = fileURLToPath(new URL('../../packages/cli/dist/bin.js', import.meta.url))

/**
 * @param {{ root: string, config: import('./raw-client.mjs').ServerConfig, query: import('./targets.mjs').Query }} target
 * @param {{ iterations: number, oneShotRuns: number }} options
 */
export async function measureHostCommand({ root, config, query }, { iterations, oneShotRuns }) {
  const runtimeDir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-lsp-bench-host-')))
  const env = { ...process.env, AGENT_LSP_RUNTIME_DIR: runtimeDir }
  delete env.AGENT_LSP_NO_DAEMON
  const at = `${query.file}:${query.line + 1}:${query.character + 1}`
  const command = async (...extra) => {
    const start = now()
    const { stdout } = await run(process.execPath, [bin, query.operation, at, '--root', root, ...extra], { cwd: root, env, maxBuffer: 1 << 24 })
    return { ms: now() - start, stdout }
  }
  try {
    const first = await command()
    const warm = []
    const answers = new Set([first.stdout])
    for (let i = 0; i < iterations; i++) {
      const { ms, stdout } = await command()
      warm.push(ms)
      answers.add(stdout)
    }
    const oneShot = []
    for (let i = 0; i < oneShotRuns; i++) {
      const { ms, stdout } = await command('--no-daemon')
      oneShot.push(ms)
      answers.add(stdout)
    }
    const status = JSON.parse((await run(process.execPath, [bin, 'status', '--json'], { env })).stdout)
    const nodeStart = []
    for (let i = 0; i < iterations; i++) {
      const start = now()
      await run(process.execPath, ['-e', '0'])
      nodeStart.push(now() - start)
    }
    const raw = await RawClient.start(config, root)
    const file = path.join(root, query.file)
    const rawMs = []
    try {
      await raw.open(file, query.languageId)
      await raw.ready
      await raw.query(query.operation, fileUri(file), { line: query.line, character: query.character })
      for (let i = 0; i < iterations; i++) {
        const start = now()
        await raw.query(query.operation, fileUri(file), { line: query.line, character: query.character })
        rawMs.push(now() - start)
      }
    } finally {
      await raw.dispose()
    }
    const stats = (samples) => {
      const s = summarize(samples)
      return { median: round(s.median, 1), p95: round(s.p95, 1), min: round(s.min, 1) }
    }
    const warmStats = stats(warm)
    const rawStats = stats(rawMs)
    return {
      query: `${query.operation} ${at}`,
      iterations,
      firstCommandMs: round(first.ms, 1),
      warmCommand: warmStats,
      oneShotCommand: { ...stats(oneShot), runs: oneShotRuns },
      rawWarmQuery: rawStats,
      nodeStart: stats(nodeStart),
      ratio: round(warmStats.median / rawStats.median),
      sameAnswerEveryTime: answers.size === 1,
      hostRssMb: round(status.host.rssBytes / 1024 / 1024, 1),
      serversRssMb: round(status.servers.reduce((sum, server) => sum + (server.rssBytes ?? 0), 0) / 1024 / 1024, 1),
    }
  } finally {
    await run(process.execPath, [bin, 'stop'], { env }).catch(() => {})
    rmSync(runtimeDir, { recursive: true, force: true })
  }
}
