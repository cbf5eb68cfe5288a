// Part `tsgo`: TypeScript 7's native preview against typescript-language-server, each through our
// seam (`createLspHost` with its config, cross-check off) and through the raw client: cold start
// to the first complete findReferences, warm latency, and whether the two servers' answers agree
// exactly on every question. Samples rotate over the four paths (each round starts one later), so
// that load hits them alike.
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { createLspHost } from 'agent-lsp'
import { RawClient, fileUri } from './raw-client.mjs'
import { now, round, summarize } from './stats.mjs'
import { seamRequest } from './targets.mjs'
import { compareAnswers } from './tsgo-targets.mjs'

const servers = ['typescript', 'tsgo']
const paths = ['seam typescript', 'seam tsgo', 'raw typescript', 'raw tsgo']

/** The paths of round `i`, starting one later each round. */
const rotated = (i) => paths.map((_, k) => paths[(i + k) % paths.length])

const stats = (samples) => {
  const s = summarize(samples)
  return { median: round(s.median), p95: round(s.p95), min: round(s.min), n: s.n }
}

/** Kilobytes → MB of every process in `pid`'s process group (the raw clients spawn detached). */
function groupRssMb(pid) {
  try {
    const kb = execFileSync('ps', ['-o', 'rss=', '-g', String(pid)], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number)
    return round(kb.reduce((a, b) => a + b, 0) / 1024, 1)
  } catch {
    return NaN
  }
}

/** Location count of a raw answer (`Location | Location[] | LocationLink[] | null`). */
const rawCount = (answer) => (answer == null ? 0 : Array.isArray(answer) ? answer.length : 1)

/**
 * @param {{ codebase: string, root: string, configs: Record<'typescript' | 'tsgo', import('./raw-client.mjs').ServerConfig & { id: string }>, coldQuery: import('./targets.mjs').Query, warmQueries: import('./targets.mjs').Query[], questions: (import('./targets.mjs').Query & { label: string })[] }} target
 * @param {{ coldRuns: number, iterations: number, warmup: number, log?: (text: string) => void }} options
 */
export async function measureTsgo({ codebase, root, configs, coldQuery, warmQueries, questions }, { coldRuns, iterations, warmup, log = () => {} }) {
  log(`tsgo: cold start on ${codebase}, ${coldRuns} runs of each of ${paths.length} paths, rotating`)
  const cold = await measureColdStarts(root, configs, coldQuery, coldRuns)
  log(`tsgo: warm, ${iterations} samples (+${warmup}) per path and query, rotating`)
  const hosts = Object.fromEntries(servers.map((id) => [id, createLspHost([configs[id]], { crossCheck: false })]))
  const raws = {}
  try {
    for (const id of servers) {
      raws[id] = await RawClient.start(configs[id], root)
      for (const file of new Set(warmQueries.map((q) => q.file))) await raws[id].open(path.join(root, file), 'typescript')
    }
    const run = {
      'seam typescript': (q) => hosts.typescript.ctx.lsp.query(seamRequest(q, root)),
      'seam tsgo': (q) => hosts.tsgo.ctx.lsp.query(seamRequest(q, root)),
      'raw typescript': (q) => raws.typescript.query(q.operation, fileUri(path.join(root, q.file)), { line: q.line, character: q.character }),
      'raw tsgo': (q) => raws.tsgo.query(q.operation, fileUri(path.join(root, q.file)), { line: q.line, character: q.character }),
    }
    const warm = {}
    for (const query of warmQueries) {
      const samples = Object.fromEntries(paths.map((name) => [name, []]))
      for (let i = 0; i < warmup + iterations; i++) {
        for (const name of rotated(i)) {
          const start = now()
          await run[name](query)
          if (i >= warmup) samples[name].push(now() - start)
        }
      }
      const s = Object.fromEntries(paths.map((name) => [name, stats(samples[name])]))
      warm[query.operation] = {
        query: `${query.file}:${query.line + 1}:${query.character + 1}`,
        ...s,
        ratio: {
          tsgoOverTypescriptSeam: round(s['seam tsgo'].median / s['seam typescript'].median),
          tsgoOverTypescriptRaw: round(s['raw tsgo'].median / s['raw typescript'].median),
          seamOverRawTypescript: round(s['seam typescript'].median / s['raw typescript'].median),
          seamOverRawTsgo: round(s['seam tsgo'].median / s['raw tsgo'].median),
        },
      }
    }
    log(`tsgo: the same ${questions.length} questions of both servers, answers compared exactly`)
    const agreement = []
    for (const question of questions) {
      const answers = {}
      for (const id of servers) answers[id] = await hosts[id].ctx.lsp.query(seamRequest(question, root))
      agreement.push(compareAnswers(question, root, answers))
    }
    const rssMb = Object.fromEntries(servers.map((id) => [id, groupRssMb(raws[id].child.pid)]))
    return { codebase, cold, warm, agreement, agree: agreement.filter((a) => a.same).length, asked: agreement.length, rssMbAfterWarm: rssMb, iterations, warmup }
  } finally {
    await Promise.all([...Object.values(hosts).map((host) => host.dispose()), ...Object.values(raws).map((raw) => raw.dispose())])
  }
}

/** Spawn → first findReferences answer on each path, `runs` times, the four paths rotating. */
async function measureColdStarts(root, configs, query, runs) {
  const seam = (id) => async () => {
    const start = now()
    const host = createLspHost([configs[id]], { crossCheck: false })
    const result = await host.ctx.lsp.query(seamRequest(query, root))
    const ms = now() - start
    await host.dispose()
    return { ms, locations: result.locations.length, complete: result.completeness.state === 'complete' }
  }
  const raw = (id) => async () => {
    const start = now()
    const client = await RawClient.start(configs[id], root)
    const file = path.join(root, query.file)
    await client.open(file, query.languageId)
    await client.ready
    const answer = await client.query(query.operation, fileUri(file), { line: query.line, character: query.character })
    const ms = now() - start
    await client.dispose()
    return { ms, locations: rawCount(answer), complete: true }
  }
  const run = { 'seam typescript': seam('typescript'), 'seam tsgo': seam('tsgo'), 'raw typescript': raw('typescript'), 'raw tsgo': raw('tsgo') }
  const samples = Object.fromEntries(paths.map((name) => [name, []]))
  const locations = Object.fromEntries(paths.map((name) => [name, new Set()]))
  let complete = true
  for (let i = 0; i < runs; i++) {
    for (const name of rotated(i)) {
      const result = await run[name]()
      samples[name].push(result.ms)
      locations[name].add(result.locations)
      complete &&= result.complete
    }
  }
  const s = Object.fromEntries(paths.map((name) => [name, { ...stats(samples[name]), samples: samples[name].map((ms) => round(ms, 1)) }]))
  return {
    query: `${query.operation} ${query.file}:${query.line + 1}:${query.character + 1}`,
    runs,
    ...s,
    locations: Object.fromEntries(paths.map((name) => [name, [...locations[name]]])),
    seamComplete: complete,
    ratio: { tsgoOverTypescriptSeam: round(s['seam tsgo'].median / s['seam typescript'].median), tsgoOverTypescriptRaw: round(s['raw tsgo'].median / s['raw typescript'].median) },
  }
}
