// Part 6, through MCP: warm findReferences and goToImplementation as an agent asks them — a
// callTool to `agent-lsp mcp` (the built command, one-shot host, cross-check on as shipped) —
// against the raw client's same request on its own warm server, alternated. The command's
// operation log (`--log`) times every seam query below the cross-check, so each answer splits into
// the server's request (the log's findReferences line), the cross-check (the rest of the seam:
// its ripgrep search and any goToDefinition it asks, also logged) and MCP + tool (the rest).
// Beside it, alternated too, the same calls as the command runs by default: `agent-lsp mcp` over
// the shared host it starts (a runtime folder of its own), the servers in the host.
import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { execFileSync } from 'node:child_process'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { RawClient, fileUri } from './raw-client.mjs'
import { alternate, median, round, summarize } from './stats.mjs'

const bin = fileURLToPath(new URL('../../packages/cli/dist/bin.js', import.meta.url))

/** The questions on rxjs's src: a name on a line of a file (1-based), as grep.mjs writes them. */
export const mcpQuestions = [
  { operation: 'findReferences', name: 'operate', at: 'src/internal/util/lift.ts:17' },
  { operation: 'findReferences', name: 'createOperatorSubscriber', at: 'src/internal/operators/OperatorSubscriber.ts:15' },
  { operation: 'findReferences', name: 'isFunction', at: 'src/internal/util/isFunction.ts:5' },
  { operation: 'findReferences', name: 'executeSchedule', at: 'src/internal/util/executeSchedule.ts:19' },
  { operation: 'findReferences', name: 'Subscriber', at: 'src/internal/Subscriber.ts:19' },
  { operation: 'goToImplementation', name: 'SchedulerLike', at: 'src/internal/types.ts:227' },
  { operation: 'goToImplementation', name: 'SubscriptionLike', at: 'src/internal/types.ts:84' },
]

/** A question's zero-based UTF-16 position (the name's first occurrence on its line). */
function positionOf(root, question) {
  const [file, line] = question.at.split(':')
  const text = readFileSync(path.join(root, file), 'utf8').split(/\r?\n/)[Number(line) - 1] ?? ''
  const character = new RegExp(`\\b${question.name}\\b`).exec(text)?.index
  if (character === undefined) throw new Error(`${question.name} is not on ${question.at}`)
  return { file, line: Number(line) - 1, character }
}

/**
 * @param {{ root: string, config: import('./raw-client.mjs').ServerConfig, questions: typeof mcpQuestions }} target
 * @param {{ iterations: number, warmup: number }} options
 */
export async function measureMcp({ root, config, questions }, { iterations, warmup }) {
  const logDir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-lsp-bench-mcp-')))
  const logFile = path.join(logDir, 'operations.log')
  const env = { ...process.env, AGENT_LSP_NO_DAEMON: '1' }
  // BENCH_MCP_CPU_PROF=DIR: the command writes a CPU profile there when it leaves (bench/src/profile-summary.mjs reads it).
  const profile = process.env.BENCH_MCP_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_MCP_CPU_PROF}`] : []
  const transport = new StdioClientTransport({ command: process.execPath, args: [...profile, bin, 'mcp', '--root', root, '--no-daemon', '--log', logFile], env, stderr: 'ignore' })
  const mcp = new Client({ name: 'agent-lsp-bench', version: '0' })
  const runtimeDir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-lsp-bench-mcp-host-')))
  const hostEnv = { ...process.env, AGENT_LSP_RUNTIME_DIR: runtimeDir }
  delete hostEnv.AGENT_LSP_NO_DAEMON
  const hosted = new Client({ name: 'agent-lsp-bench-host', version: '0' })
  const raw = await RawClient.start(config, root)
  try {
    await mcp.connect(transport)
    await hosted.connect(new StdioClientTransport({ command: process.execPath, args: [bin, 'mcp', '--root', root], env: hostEnv, stderr: 'ignore' }))
    const places = questions.map((question) => ({ question, ...positionOf(root, question) }))
    for (const file of new Set(places.map((place) => place.file))) await raw.open(path.join(root, file), 'typescript')
    await raw.ready
    const results = []
    for (const place of places) {
      const { question, file, line, character } = place
      // The tool's cursor: 1-based line, code-point column (these lines are ASCII).
      const args = { operation: question.operation, filePath: file, line: line + 1, character: character + 1 }
      const callOn = (client) => async () => {
        const answer = await client.callTool({ name: 'lsp', arguments: args }, undefined, { timeout: 120_000 })
        if (answer.isError) throw new Error(`${question.name}: ${answer.content[0]?.text}`)
        return answer
      }
      const viaMcp = callOn(mcp)
      const viaHost = callOn(hosted)
      const viaRaw = () => raw.query(question.operation, fileUri(path.join(root, file)), { line, character })
      const first = await viaMcp()
      const hostFirst = await viaHost()
      if (hostFirst.content[0]?.text !== first.content[0]?.text) throw new Error(`${question.name}: the shared host's answer differs from --no-daemon's`)
      const rawFirst = await viaRaw()
      await alternate(viaRaw, { mcp: viaMcp, host: viaHost }, warmup)
      const logWarm = readLog(logFile).length
      const samples = await alternate(viaRaw, { mcp: viaMcp, host: viaHost }, iterations)
      // The measured samples' log lines: the asked operation's (the server's request through
      // lsp-local) and the cross-check's own definitions.
      const lines = readLog(logFile).slice(logWarm)
      const asked = lines.filter((entry) => entry.operation === question.operation).map((entry) => entry.durationMs)
      const definitions = lines.filter((entry) => entry.operation === 'goToDefinition').length
      const mcpMedian = median(samples.mcp)
      const rawMedian = median(samples.raw)
      results.push({
        question: `${question.operation} ${question.name} at ${question.at}`,
        header: String(first.content[0]?.text ?? '').split('\n')[0],
        rawLocations: Array.isArray(rawFirst) ? rawFirst.length : rawFirst ? 1 : 0,
        mcp: roundStats(summarize(samples.mcp)),
        host: roundStats(summarize(samples.host)),
        raw: roundStats(summarize(samples.raw)),
        seamQueryMedian: round(median(asked), 2),
        crossCheckDefinitionsPerQuery: round(definitions / iterations, 2),
        ratio: round(mcpMedian / rawMedian),
        hostRatio: round(median(samples.host) / rawMedian),
      })
    }
    const ratioOf = (operation, key = 'ratio') => {
      const rows = results.filter((row) => row.question.startsWith(operation))
      return rows.length === 0 ? null : round(median(rows.map((row) => row[key])))
    }
    return {
      codebase: 'rxjs src',
      iterations,
      questions: results,
      referencesRatio: ratioOf('findReferences'),
      implementationsRatio: ratioOf('goToImplementation'),
      hostReferencesRatio: ratioOf('findReferences', 'hostRatio'),
      hostImplementationsRatio: ratioOf('goToImplementation', 'hostRatio'),
    }
  } finally {
    await mcp.close().catch(() => undefined)
    await hosted.close().catch(() => undefined)
    try {
      execFileSync(process.execPath, [bin, 'stop'], { env: hostEnv, stdio: 'ignore' })
    } catch {}
    rmSync(runtimeDir, { recursive: true, force: true })
    await raw.dispose()
    rmSync(logDir, { recursive: true, force: true })
  }
}

/** The summary rows: references (and implementations) through MCP against raw. */
export function mcpRows(mcp, limit) {
  const rows = [
    { what: 'warm findReferences through MCP on rxjs / raw (median of questions)', value: mcp.referencesRatio, target: `≤ ${limit}`, met: mcp.referencesRatio <= limit },
    { what: 'the same through MCP over the shared host (the default) / raw', value: mcp.hostReferencesRatio, target: `≤ ${limit}`, met: mcp.hostReferencesRatio <= limit },
  ]
  if (mcp.implementationsRatio !== null) rows.push({ what: 'warm goToImplementation through MCP on rxjs / raw', value: mcp.implementationsRatio, target: 'reported', met: true })
  if (mcp.hostImplementationsRatio !== null) rows.push({ what: 'the same over the shared host / raw', value: mcp.hostImplementationsRatio, target: 'reported', met: true })
  return rows
}

/** The part's lines of the printed report, with main.mjs's `table` and `ms` formatters. */
export function renderMcp(mcp, table, ms) {
  return [
    `6. Through MCP on ${mcp.codebase} (agent-lsp mcp, cross-check on), warm, ms (median / p95 of ${mcp.iterations}, alternated with the raw client): mcp = --no-daemon, host = over the shared host (the default); seam = the logged provider query of --no-daemon (server + lsp-local)`,
    table(
      ['question', 'answer', 'raw', 'mcp', 'mcp/raw', 'host', 'host/raw', 'seam query', 'cross-check definitions'],
      mcp.questions.map((q) => [q.question, q.header, `${ms(q.raw.median)} / ${ms(q.raw.p95)}`, `${ms(q.mcp.median)} / ${ms(q.mcp.p95)}`, q.ratio.toFixed(3), `${ms(q.host.median)} / ${ms(q.host.p95)}`, q.hostRatio.toFixed(3), ms(q.seamQueryMedian), q.crossCheckDefinitionsPerQuery]),
    ),
  ]
}

function readLog(file) {
  try {
    return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line))
  } catch {
    return []
  }
}

const roundStats = (stats) => ({ median: round(stats.median, 2), p95: round(stats.p95, 2), min: round(stats.min, 2), n: stats.n })
