// Part 1, warm overhead: the same queries on the same warm server config, through the raw client
// and through ours, samples interleaved so that machine noise hits every path alike.
import path from 'node:path'
import { runLspQuery } from '@agent-lsp/tool-lsp'
import { fileUri } from './raw-client.mjs'
import { alternate, median, round, summarize } from './stats.mjs'
import { seamRequest, toolInput } from './targets.mjs'

/**
 * The paths a query can take, from least to most of ours:
 * - `raw`: the raw vscode-jsonrpc client (the physical limit);
 * - `seam`: `ctx.lsp.query` → lsp-local (resolve, sync, readiness, request, normalize): the
 *   overhead the ≤ 1.05 target is about;
 * - `unrendered`: `runLspQuery`, the tool without rendering (input validation, file read,
 *   cursor conversion, deadline);
 * - `tool`: `tool.execute`, the text a model reads (rendering reads the answer's files);
 * - `control`: a second raw client on its own server process, the A/A control: its ratio to
 *   `raw` is what two identical clients differ by here, the noise floor of every ratio. It is
 *   sampled in a loop of its own (raw, control, raw, control…), after as many warm-up queries as
 *   raw's server has had: in the main loop raw's server would get half the queries and the
 *   control's an eighth, and a less busy or less used server is slower.
 */
export const paths = ['raw', 'seam', 'unrendered', 'tool', 'control']

/**
 * @param {ReturnType<typeof import('./targets.mjs').startPair> extends Promise<infer P> ? P : never} pair
 * @param {{ iterations: number, warmup: number }} options
 */
export async function measureWarm(pair, { iterations, warmup }) {
  const { root, host, tool, raw, control } = pair
  const run = {
    raw: (query) => raw.query(query.operation, fileUri(path.join(root, query.file)), { line: query.line, character: query.character }),
    control: (query) => control.query(query.operation, fileUri(path.join(root, query.file)), { line: query.line, character: query.character }),
    seam: (query) => host.ctx.lsp.query(seamRequest(query, root)),
    unrendered: (query) => runLspQuery(host.ctx, toolInput(query), { workspaceRoot: root }),
    tool: (query) => tool.execute(toolInput(query)),
  }
  /** Each path's first answer per query, to check that they agree. */
  const answers = new Map()
  for (const query of pair.queries) {
    for (const name of paths) answers.set(`${query.operation}/${name}`, await run[name](query))
  }
  /** samples[operation][path] = ms; see `alternate` for why the raw client goes every other query. */
  const samples = {}
  const ours = ['seam', 'unrendered', 'tool']
  for (const query of pair.queries) {
    const others = Object.fromEntries(ours.map((name) => [name, () => run[name](query)]))
    await alternate(() => run.raw(query), others, warmup)
    samples[query.operation] = await alternate(() => run.raw(query), others, iterations)
    // The control's server first gets as many queries as raw's has had, so that both are as warm
    // (tsserver's and pyright's own code gets faster with use: JIT), then raw and control alternate.
    for (let i = 0; i < ours.length * (warmup + iterations); i++) await run.control(query)
    const { raw: rawBeside, control } = await alternate(() => run.raw(query), { control: () => run.control(query) }, iterations)
    Object.assign(samples[query.operation], { control, rawBesideControl: rawBeside })
  }
  const operations = {}
  for (const query of pair.queries) {
    const s = samples[query.operation]
    const stats = Object.fromEntries(paths.map((name) => [name, roundStats(summarize(s[name]))]))
    const rawBesideControl = summarize(s.rawBesideControl)
    // raw samples come one per other sample, in order raw, seam, raw, unrendered, raw, tool, …
    const rawBefore = (name) => s.raw.filter((_, index) => index % ours.length === ours.indexOf(name))
    const minus = (a, b) => median(a.map((value, index) => value - b[index]))
    const paired = (a, b) => minus(s[a], b === 'control' ? s.rawBesideControl : b === 'raw' ? rawBefore(a) : s[b])
    operations[query.operation] = {
      query: `${query.file}:${query.line + 1}:${query.character + 1}`,
      ...stats,
      ratio: {
        seamOverRaw: round(stats.seam.median / stats.raw.median),
        toolOverRaw: round(stats.tool.median / stats.raw.median),
        controlOverRaw: round(stats.control.median / rawBesideControl.median),
      },
      /** Median of the per-iteration differences, microseconds. */
      overheadUs: {
        seamMinusRaw: round(paired('seam', 'raw') * 1000, 1),
        controlMinusRaw: round(minus(s.control, s.rawBesideControl) * 1000, 1),
        unrenderedMinusSeam: round(paired('unrendered', 'seam') * 1000, 1),
        renderingToolMinusUnrendered: round(paired('tool', 'unrendered') * 1000, 1),
      },
      answers: agreement(query.operation, answers),
    }
  }
  return { server: pair.id, iterations, warmup, operations }
}

/** Whether raw and ours answered the same thing: location counts, or hover presence. */
function agreement(operation, answers) {
  const raw = answers.get(`${operation}/raw`)
  const seam = answers.get(`${operation}/seam`)
  if (operation === 'hover') return { rawHover: raw != null, seamHover: seam?.hover != null }
  const rawLocations = raw == null ? 0 : Array.isArray(raw) ? raw.length : 1
  return { rawLocations, seamLocations: seam.locations.length, toolHeader: String(answers.get(`${operation}/tool`)).split('\n')[0] }
}

function roundStats({ median, p95, min, n }) {
  return { median: round(median), p95: round(p95), min: round(min), n }
}
