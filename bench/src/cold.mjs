// Part 2, cold start: spawn → first complete answer, ours against the raw client doing the least
// correct work under the same readiness rule (typescript-language-server with useSyntaxServer
// "never": the first request blocks until the project is loaded and is complete; pyright: wait for
// its "Found N source files" log line). Runs alternate which goes first.
import path from 'node:path'
import { createLspHost } from 'agent-lsp'
import { RawClient, fileUri } from './raw-client.mjs'
import { now, round, summarize } from './stats.mjs'
import { seamRequest } from './targets.mjs'

/**
 * @param {{ id: 'typescript' | 'python', root: string, config: import('./raw-client.mjs').ServerConfig, query: import('./targets.mjs').Query }} target
 * @param {{ runs: number, warmupRuns: number }} options
 */
export async function measureCold({ id, root, config, query }, { runs, warmupRuns }) {
  const ours = async () => {
    const start = now()
    const host = createLspHost([config])
    const result = await host.ctx.lsp.query(seamRequest(query, root))
    const ms = now() - start
    await host.dispose()
    return { ms, locations: result.locations.length, complete: result.completeness.state === 'complete' }
  }
  const raw = async () => {
    const start = now()
    const client = await RawClient.start(config, root)
    const file = path.join(root, query.file)
    await client.open(file, query.languageId)
    await client.ready
    const answer = await client.query(query.operation, fileUri(file), { line: query.line, character: query.character })
    const ms = now() - start
    await client.dispose()
    return { ms, locations: Array.isArray(answer) ? answer.length : answer ? 1 : 0 }
  }
  for (let i = 0; i < warmupRuns; i++) {
    await ours()
    await raw()
  }
  const samples = { ours: [], raw: [] }
  const answers = { ours: new Set(), raw: new Set(), complete: true }
  for (let i = 0; i < runs; i++) {
    for (const name of i % 2 === 0 ? ['ours', 'raw'] : ['raw', 'ours']) {
      const result = await (name === 'ours' ? ours() : raw())
      samples[name].push(result.ms)
      answers[name].add(result.locations)
      if (name === 'ours' && !result.complete) answers.complete = false
    }
  }
  const oursStats = summarize(samples.ours)
  const rawStats = summarize(samples.raw)
  return {
    server: id,
    query: `${query.operation} ${query.file}:${query.line + 1}:${query.character + 1}`,
    runs,
    ours: { median: round(oursStats.median, 1), p95: round(oursStats.p95, 1), min: round(oursStats.min, 1), samples: samples.ours.map((ms) => round(ms, 1)) },
    raw: { median: round(rawStats.median, 1), p95: round(rawStats.p95, 1), min: round(rawStats.min, 1), samples: samples.raw.map((ms) => round(ms, 1)) },
    ratio: round(oursStats.median / rawStats.median),
    answers: { oursLocations: [...answers.ours], rawLocations: [...answers.raw], oursComplete: answers.complete },
  }
}
