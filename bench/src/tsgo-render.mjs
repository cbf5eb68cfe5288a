// The `tsgo` part's section of the printed report, and its rows of the summary.

const ms = (value) => (Number.isFinite(value) ? value.toFixed(value < 10 ? 3 : 1) : String(value))

/** @param {ReturnType<typeof import('./tsgo.mjs').measureTsgo> extends Promise<infer R> ? R & { version: string } : never} t @param {(headers: string[], rows: unknown[][]) => string} table */
export function renderTsgo(t, table) {
  const out = [`6. TypeScript 7 native preview (tsgo ${t.version}) beside typescript-language-server on ${t.codebase}; seam = createLspHost with the server's config, cross-check off`]
  const c = t.cold
  out.push(`   cold, spawn → first ${c.query}, ms (median of ${c.runs} per path, rotating): tsgo/typescript seam ${c.ratio.tsgoOverTypescriptSeam}, raw ${c.ratio.tsgoOverTypescriptRaw}`)
  out.push(
    table(
      ['path', 'median', 'min', 'p95', 'locations'],
      ['seam typescript', 'seam tsgo', 'raw typescript', 'raw tsgo'].map((name) => [name, ms(c[name].median), ms(c[name].min), ms(c[name].p95), c.locations[name].join('/')]),
    ),
  )
  out.push(`   warm, ms (median / p95 of ${t.iterations} per path, rotating); server RSS after: typescript ${t.rssMbAfterWarm.typescript} MB, tsgo ${t.rssMbAfterWarm.tsgo} MB`)
  out.push(
    table(
      ['query', 'seam typescript', 'seam tsgo', 'raw typescript', 'raw tsgo', 'tsgo/ts seam', 'tsgo/ts raw', 'seam/raw tsgo'],
      Object.entries(t.warm).map(([op, w]) => [
        `${op} ${w.query}`,
        ...['seam typescript', 'seam tsgo', 'raw typescript', 'raw tsgo'].map((name) => `${ms(w[name].median)} / ${ms(w[name].p95)}`),
        w.ratio.tsgoOverTypescriptSeam,
        w.ratio.tsgoOverTypescriptRaw,
        w.ratio.seamOverRawTsgo,
      ]),
    ),
  )
  out.push(`   the same answers: ${t.agree} of ${t.asked} questions`)
  for (const a of t.agreement.filter((row) => !row.same)) {
    if (a.onlyTypescript === undefined) out.push(`   - ${a.question}: hover typescript ${JSON.stringify(a.typescript)} / tsgo ${JSON.stringify(a.tsgo)}`)
    else out.push(`   - ${a.question}: typescript ${a.typescript}, tsgo ${a.tsgo}; only typescript: ${a.onlyTypescript.join(' ') || '—'}; only tsgo: ${a.onlyTsgo.join(' ') || '—'}`)
  }
  return out.join('\n')
}

/** The summary rows: cold and warm ratios (reported; the default changes only if tsgo wins both) and agreement. */
export function summarizeTsgo(t) {
  const rows = [{ what: 'tsgo/typescript cold first references, seam (median)', value: t.cold.ratio.tsgoOverTypescriptSeam, target: 'reported (< 1: tsgo faster)', met: true }]
  for (const [op, w] of Object.entries(t.warm)) rows.push({ what: `tsgo/typescript warm ${op}, seam (median)`, value: w.ratio.tsgoOverTypescriptSeam, target: 'reported (< 1: tsgo faster)', met: true })
  rows.push({ what: 'tsgo and typescript answer the bench\'s questions alike', value: `${t.agree}/${t.asked}`, target: 'reported', met: true })
  return rows
}
