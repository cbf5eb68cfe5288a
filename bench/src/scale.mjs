// Part 4, scale: host memory after queries over many distinct files (in a child process), the
// throughput of concurrent warm queries, and the latency of a query on a very large file.
import { execFile } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { createLspHost } from 'agent-lsp'
import { createLspTool } from '@agent-lsp/tool-lsp'
import { RawClient, fileUri } from './raw-client.mjs'
import { alternate, median, now, round, summarize } from './stats.mjs'
import { seamRequest, serverConfig, toolInput } from './targets.mjs'
import { bigFileWorkspace, manyFilesWorkspace } from './workspaces.mjs'

const run = promisify(execFile)
const here = path.dirname(fileURLToPath(import.meta.url))

/**
 * Host RSS and heap after one query on each of `files` files, each measured in a fresh process:
 * ours (scale-memory.mjs), then the raw client doing the same (scale-memory-raw.mjs), then the
 * shared host and `agent-lsp mcp` as the command runs by default (scale-memory-host.mjs).
 * @param {{ files: number, capabilities: object }} options
 */
export async function measureMemory({ files, capabilities }) {
  const root = await manyFilesWorkspace(files)
  const child = async (script, ...args) => {
    const { stdout } = await run(process.execPath, ['--expose-gc', path.join(here, script), root, String(files), ...args], {
      maxBuffer: 16 * 1024 * 1024,
      timeout: 300_000,
    })
    return JSON.parse(stdout.trim().split('\n').pop())
  }
  const ours = await child('scale-memory.mjs')
  const setup = path.join(root, 'raw-setup.json')
  const { command, args, initializationOptions } = serverConfig('typescript')
  await writeFile(setup, JSON.stringify({ config: { command, args, initializationOptions }, capabilities, maxOpenDocuments: ours.maxOpenDocuments }))
  const raw = await child('scale-memory-raw.mjs', setup)
  // As the command and MCP run by default: the servers in the shared host, the tool in `agent-lsp mcp`.
  const shared = await child('scale-memory-host.mjs')
  return { ...ours, raw: { baseline: raw.baseline, after: raw.after, peakRssMb: raw.peakRssMb, answered: raw.answered }, shared }
}

/**
 * `concurrency` queries at once on a warm server (the warm queries, cycled), through the raw
 * client, the seam and the tool; `rounds` rounds each, the raw client's beside each of ours
 * (see `alternate`); queries per second, median over the rounds.
 */
export async function measureThroughput(pair, { concurrency, rounds }) {
  const { root, host, tool, raw, queries } = pair
  const batch = Array.from({ length: concurrency }, (_, i) => queries[i % queries.length])
  const paths = {
    raw: () => Promise.all(batch.map((q) => raw.query(q.operation, fileUri(path.join(root, q.file)), { line: q.line, character: q.character }))),
    seam: () => Promise.all(batch.map((q) => host.ctx.lsp.query(seamRequest(q, root)))),
    tool: () => Promise.all(batch.map((q) => tool.execute(toolInput(q)))),
  }
  const { raw: rawBatch, ...ours } = paths
  await alternate(rawBatch, ours, 1) // warm-up round
  const samples = await alternate(rawBatch, ours, rounds)
  const names = Object.keys(paths)
  const perSecond = Object.fromEntries(names.map((name) => [name, samples[name].map((ms) => (concurrency / ms) * 1000)]))
  const result = { concurrency, rounds }
  for (const name of names) result[name] = { queriesPerSecond: round(median(perSecond[name]), 1) }
  result.ratio = { seamOverRaw: round(result.seam.queriesPerSecond / result.raw.queriesPerSecond), toolOverRaw: round(result.tool.queriesPerSecond / result.raw.queriesPerSecond) }
  return result
}

/**
 * Warm latency with `open` documents open in both clients (our provider keeps up to its cap open
 * and checks every one of them against the disk before each query): goToDefinition on the last
 * file, raw and seam alternating.
 */
export async function measureOpenDocuments({ open, iterations }) {
  const root = await manyFilesWorkspace(open)
  const config = serverConfig('typescript')
  const host = createLspHost()
  const raw = await RawClient.start(config, root)
  try {
    // f0 (hover) and f1 … f(open−1) (goToDefinition): `open` documents open in each client.
    const query = (i) => ({ operation: 'goToDefinition', file: `src/f${i}.ts`, line: 3, character: 9, languageId: 'typescript' })
    const queries = [{ operation: 'hover', file: 'src/f0.ts', line: 0, character: 16, languageId: 'typescript' }]
    for (let i = 1; i < open; i++) queries.push(query(i))
    for (const q of queries) {
      const file = path.join(root, q.file)
      await raw.open(file, 'typescript')
      await raw.query(q.operation, fileUri(file), { line: q.line, character: q.character })
      await host.ctx.lsp.query(seamRequest(q, root))
    }
    const last = query(open - 1)
    const uri = fileUri(path.join(root, last.file))
    const paths = { seam: () => host.ctx.lsp.query(seamRequest(last, root)) }
    const rawQuery = () => raw.query(last.operation, uri, { line: last.line, character: last.character })
    await alternate(rawQuery, paths, Math.min(20, iterations))
    const samples = await alternate(rawQuery, paths, iterations)
    const rawStats = summarize(samples.raw)
    const seamStats = summarize(samples.seam)
    return {
      openDocuments: open,
      query: `goToDefinition ${last.file}:${last.line + 1}:${last.character + 1}`,
      iterations,
      raw: { median: round(rawStats.median), p95: round(rawStats.p95) },
      seam: { median: round(seamStats.median), p95: round(seamStats.p95) },
      ratio: { seamOverRaw: round(seamStats.median / rawStats.median) },
      overheadUs: { seamMinusRaw: round(median(samples.seam.map((ms, i) => ms - samples.raw[i])) * 1000, 1) },
    }
  } finally {
    await Promise.all([host.dispose(), raw.dispose()])
  }
}

/**
 * One file of `bytes` bytes: the first query (spawn, open, parse), then `iterations` warm queries
 * per operation, raw / seam / tool alternating.
 */
export async function measureBigFile({ bytes, iterations }) {
  const big = await bigFileWorkspace(bytes)
  const config = serverConfig('typescript')
  const host = createLspHost()
  const tool = createLspTool(host.ctx, { workspaceRoot: big.root })
  const uri = fileUri(big.file)
  const query = (operation) => ({ operation, file: 'src/big.ts', line: big.at.line, character: big.at.character, languageId: 'typescript' })
  // Both first queries include the spawn (ours starts its server lazily, on the query).
  let start = now()
  const raw = await RawClient.start(config, big.root)
  try {
    await raw.open(big.file, 'typescript')
    await raw.query('goToDefinition', uri, big.at)
    const rawFirst = now() - start
    start = now()
    const firstAnswer = await tool.execute(toolInput(query('goToDefinition')))
    const toolFirst = now() - start
    const operations = {}
    for (const operation of ['goToDefinition', 'hover']) {
      const q = query(operation)
      const paths = {
        raw: () => raw.query(operation, uri, big.at),
        seam: () => host.ctx.lsp.query(seamRequest(q, big.root)),
        tool: () => tool.execute(toolInput(q)),
      }
      const { raw: rawQuery, ...ours } = paths
      await alternate(rawQuery, ours, 1)
      const samples = await alternate(rawQuery, ours, iterations)
      const names = Object.keys(paths)
      const stats = Object.fromEntries(names.map((name) => [name, summarize(samples[name])]))
      operations[operation] = {
        raw: { median: round(stats.raw.median), p95: round(stats.raw.p95) },
        seam: { median: round(stats.seam.median), p95: round(stats.seam.p95) },
        tool: { median: round(stats.tool.median), p95: round(stats.tool.p95) },
        ratio: { seamOverRaw: round(stats.seam.median / stats.raw.median), toolOverRaw: round(stats.tool.median / stats.raw.median) },
      }
    }
    return {
      bytes: big.bytes,
      lines: big.lines,
      query: `src/big.ts:${big.at.line + 1}:${big.at.character + 1}`,
      iterations,
      first: { rawMs: round(rawFirst, 1), toolMs: round(toolFirst, 1), toolAnswer: firstAnswer.split('\n')[0] },
      operations,
    }
  } finally {
    await Promise.all([host.dispose(), raw.dispose()])
  }
}
