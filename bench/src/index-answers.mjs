// Part 6, answers from a SCIP index: what `agent-lsp index` costs (wall time and index size per
// 1,000 indexed lines), how fast the index answers once decoded (in process, warm), and a fresh
// command's first answer from the index (`--source auto`: a one-shot command's live server is
// never ready) against the same command live (`--source live`: it starts the server), alternated;
// beside them the index's answer without the cross-check (`--no-cross-check`: the answer alone,
// no grep and no live server for textual matches outside the index) and through a shared host
// that the command starts (its own runtime folder, stopped after each run).
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { createScipLspProvider } from '@agent-lsp/lsp-scip'
import { now, round, summarize } from './stats.mjs'
import { seamRequest } from './targets.mjs'

const run = promisify(execFile)
/** How long one fresh command may take before it counts as failed (a cold live start on effect took 30–48 s at load 14–18). */
const COMMAND_TIMEOUT_MS = 150_000
const bin = fileURLToPath(new URL('../../packages/cli/dist/bin.js', import.meta.url))

/** Rows of a rendered locations answer (`path:line:col` and `line:col` under a path), its header and the From index line left out. */
function rowsOf(stdout = '') {
  const rows = []
  let file = ''
  for (const line of stdout.trimEnd().split('\n').slice(1)) {
    if (line.startsWith('From index') || line.startsWith('Partial answer')) continue
    const place = /^(\S+?):(\d+:\d+)(\s|$)/.exec(line)
    const under = /^((?:\d+:\d+ ?)+)(\s|$)/.exec(line)
    if (under && file) for (const at of under[1].trim().split(' ')) rows.push(`${file}:${at}`)
    else if (place) rows.push(`${place[1]}:${place[2]}`)
    else file = line.trim()
  }
  return rows.sort()
}

/** Whether an answer says it is from the index: its first line, or its second after a `Partial answer` line. */
const labelled = (stdout = '') => stdout.split('\n').slice(0, 2).some((line) => line.startsWith('From index'))

/**
 * @param {{ root: string, query: import('./targets.mjs').Query }} target a workspace without an index yet
 * @param {{ runs: number, iterations: number, reuseIndex?: boolean }} options fresh commands per source; warm in-process queries;
 *   `reuseIndex`: answer from the index already at the root (its build time is then not measured)
 */
export async function measureIndexAnswers({ root, query }, { runs, iterations, reuseIndex = false }) {
  const env = { ...process.env, AGENT_LSP_NO_DAEMON: '1' }
  const loadAtStart = loadavg()[0]
  const buildStart = now()
  if (!reuseIndex) await run(process.execPath, [bin, 'index', '--root', root], { cwd: root, env, maxBuffer: 1 << 24 })
  const buildMs = reuseIndex ? Number.NaN : now() - buildStart
  const indexFile = path.join(root, '.agent-lsp/index.scip')
  const manifest = JSON.parse(readFileSync(`${indexFile}.json`, 'utf8'))
  const files = Object.keys(manifest.files)
  const lines = files.reduce((sum, file) => sum + readFileSync(path.join(root, file), 'utf8').split('\n').length, 0)
  const bytes = statSync(indexFile).size

  const provider = createScipLspProvider()
  const request = seamRequest(query, root)
  const firstStart = now()
  const first = await provider.query(request)
  const firstQueryMs = now() - firstStart
  const warm = []
  for (let i = 0; i < iterations; i++) {
    const start = now()
    await provider.query(request)
    warm.push(now() - start)
  }
  provider.dispose()

  const at = `${query.file}:${query.line + 1}:${query.character + 1}`
  const runtimeDir = mkdtempSync(path.join(tmpdir(), 'agent-lsp-bench-host-'))
  const hostEnv = { ...process.env, AGENT_LSP_RUNTIME_DIR: runtimeDir }
  delete hostEnv.AGENT_LSP_NO_DAEMON
  const failures = []
  const command = async (side) => {
    const source = side === 'live' ? 'live' : 'auto'
    const flags = side === 'noCrossCheck' || side === 'hostNoCrossCheck' ? ['--no-cross-check'] : []
    const viaHost = side === 'host' || side === 'hostNoCrossCheck'
    const start = now()
    // A live start can pass the query bound on a loaded machine (LSP_TIMEOUT at 60 s), a command can
    // hang (seen once through the host): counted per side and left out of its times, not fatal.
    const { stdout, failed } = await run(process.execPath, [bin, query.operation, at, '--root', root, '--source', source, ...flags], { cwd: root, env: viaHost ? hostEnv : env, maxBuffer: 1 << 24, timeout: COMMAND_TIMEOUT_MS }).catch((error) => ({
      stdout: '',
      failed: error.killed ? `no answer within ${COMMAND_TIMEOUT_MS / 1000} s` : String(error.stderr).trim(),
    }))
    const ms = now() - start
    if (viaHost) await run(process.execPath, [bin, 'stop'], { cwd: root, env: hostEnv })
    return { ms, stdout, failed }
  }
  const sides = ['index', 'live', 'noCrossCheck', 'host', 'hostNoCrossCheck']
  const fresh = Object.fromEntries(sides.map((side) => [side, []]))
  const answers = Object.fromEntries(sides.map((side) => [side, new Set()]))
  try {
    for (let i = 0; i < runs; i++) {
      for (const side of i % 2 === 0 ? sides : [...sides].reverse()) {
        const { ms, stdout, failed } = await command(side)
        if (failed === undefined) {
          fresh[side].push(ms)
          answers[side].add(stdout)
        } else failures.push(`${side}: ${failed}`)
      }
    }
  } finally {
    rmSync(runtimeDir, { recursive: true, force: true })
  }
  const [indexAnswer] = answers.index
  const [liveAnswer] = answers.live
  const indexRows = rowsOf(indexAnswer)
  const liveRows = rowsOf(liveAnswer)
  const stats = (samples) => {
    const s = summarize(samples)
    return { median: round(s.median, 1), p95: round(s.p95, 1), min: round(s.min, 1) }
  }
  const index = stats(fresh.index)
  const live = stats(fresh.live)
  const noCrossCheck = stats(fresh.noCrossCheck)
  const host = stats(fresh.host)
  const hostNoCrossCheck = stats(fresh.hostNoCrossCheck)
  const [noCrossCheckAnswer] = answers.noCrossCheck
  const [hostAnswer] = answers.host
  return {
    loadAverage: { start: round(loadAtStart, 2), end: round(loadavg()[0], 2) },
    query: `${query.operation} ${at}`,
    files: files.length,
    lines,
    buildMs: round(buildMs, 0),
    buildMsPer1kLines: round((buildMs / lines) * 1000, 1),
    indexBytes: bytes,
    bytesPer1kLines: round((bytes / lines) * 1000, 0),
    firstQueryMs: round(firstQueryMs, 1),
    warmQuery: { ...stats(warm), iterations },
    answeredLocations: first.kind === 'locations' ? first.locations.length : 0,
    firstAnswer: { runs, index, live, liveOverIndex: round(live.median / index.median, 2), noCrossCheck, host, hostNoCrossCheck },
    labelledFromIndex: labelled(indexAnswer),
    // The answer alone and through the host: labelled too; their rows (the cross-check may add textual matches, marked).
    labelledWithoutCrossCheck: labelled(noCrossCheckAnswer),
    labelledThroughHost: labelled(hostAnswer),
    sameAnswerEveryTime: sides.every((side) => answers[side].size === 1),
    failures,
    rows: { index: indexRows.length, live: liveRows.length, noCrossCheck: rowsOf(noCrossCheckAnswer).length, host: rowsOf(hostAnswer).length, onlyLive: liveRows.filter((row) => !indexRows.includes(row)), onlyIndex: indexRows.filter((row) => !liveRows.includes(row)) },
  }
}

/** The part's lines in the printed report (`6. …`), and its rows among the targets. */
export function renderIndexAnswers(r, ms) {
  const f = r.firstAnswer
  return [
    '',
    `6. Answers from a SCIP index (${r.query}; ${r.files} files, ${r.lines} lines; load average ${r.loadAverage.start} → ${r.loadAverage.end}): agent-lsp index ${Number.isNaN(r.buildMs) ? 'not run (--reuse-index)' : `${ms(r.buildMs)} ms (${r.buildMsPer1kLines} ms per 1k lines)`}, ` +
      `${r.indexBytes} B (${r.bytesPer1kLines} B per 1k lines); in process, first query (decoding) ${ms(r.firstQueryMs)} ms, warm median ${ms(r.warmQuery.median)} ms (p95 ${ms(r.warmQuery.p95)}, ${r.warmQuery.iterations} samples)`,
    `   a fresh command's first answer (median of ${f.runs}, alternated): from the index ${ms(f.index.median)} ms, live ${ms(f.live.median)} ms (live/index ${f.liveOverIndex}); ` +
      `labelled from the index: ${r.labelledFromIndex ? 'yes' : 'NO'}; rows index ${r.rows.index}, live ${r.rows.live}; only live: ${r.rows.onlyLive.join(', ') || 'none'}; only in the index: ${r.rows.onlyIndex.join(', ') || 'none'}`,
    `   the index's answer without the cross-check ${ms(f.noCrossCheck.median)} ms (min ${ms(f.noCrossCheck.min)}; labelled: ${r.labelledWithoutCrossCheck ? 'yes' : 'NO'}; ${r.rows.noCrossCheck} rows); ` +
      `through a shared host the command starts ${ms(f.host.median)} ms (min ${ms(f.host.min)}; labelled: ${r.labelledThroughHost ? 'yes' : 'NO'}; ${r.rows.host} rows), ` +
      `without the cross-check ${ms(f.hostNoCrossCheck.median)} ms (min ${ms(f.hostNoCrossCheck.min)}); the same answer every run: ${r.sameAnswerEveryTime ? 'yes' : 'NO'}` +
      (r.failures.length > 0 ? `; failed runs, left out: ${r.failures.join('; ')}` : ''),
  ]
}
