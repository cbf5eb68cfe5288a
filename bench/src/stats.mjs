// Order statistics over latency samples (milliseconds), and a clock.

/** Milliseconds from an arbitrary origin, sub-microsecond resolution. */
export const now = () => Number(process.hrtime.bigint()) / 1e6

/**
 * The `q` quantile (0..1) of `samples` by linear interpolation between closest ranks
 * (the same definition as numpy's default and tinybench's percentiles).
 * @param {readonly number[]} samples
 * @param {number} q
 */
export function quantile(samples, q) {
  if (samples.length === 0) return NaN
  const sorted = [...samples].sort((a, b) => a - b)
  const position = (sorted.length - 1) * q
  const low = Math.floor(position)
  const high = Math.ceil(position)
  return sorted[low] + (sorted[high] - sorted[low]) * (position - low)
}

/** @param {readonly number[]} samples */
export const median = (samples) => quantile(samples, 0.5)

/** @param {readonly number[]} samples */
export const p95 = (samples) => quantile(samples, 0.95)

/**
 * Median, p95, min and count of `samples`.
 * @param {readonly number[]} samples
 * @returns {{ median: number, p95: number, min: number, n: number }}
 */
export function summarize(samples) {
  return { median: median(samples), p95: p95(samples), min: Math.min(...samples), n: samples.length }
}

/**
 * Run `fn` and return how long it took (ms) with its value.
 * @template T
 * @param {() => Promise<T>} fn
 * @returns {Promise<{ ms: number, value: T }>}
 */
export async function timed(fn) {
  const start = now()
  const value = await fn()
  return { ms: now() - start, value }
}

/** Round for display and JSON: 3 significant decimals for small numbers. */
export function round(value, digits = 3) {
  if (!Number.isFinite(value)) return value
  const factor = 10 ** digits
  return Math.round(value * factor) / factor
}

/**
 * Sample `baseline` and each of `others` `iterations` times, strictly alternating baseline, other,
 * baseline, other… (the other path rotating). Each path talks to its own server process, and a
 * server that has just answered answers the next query faster (its caches, its scheduling): on
 * these 2 cores a path that gets a quarter of the queries measured ~15–25 % slower than one that
 * gets three quarters, with identical clients. Strict alternation gives both servers the same load
 * and every sample the same predecessor (the other server), so noise and warmth hit both alike.
 * @param {() => Promise<unknown>} baseline
 * @param {Record<string, () => Promise<unknown>>} others
 * @param {number} iterations - samples per other path (the baseline gets one per other sample)
 * @returns {Promise<Record<string, number[]>>} ms per path, `baseline` under its own key
 */
export async function alternate(baseline, others, iterations, baselineName = 'raw') {
  const names = Object.keys(others)
  const samples = { [baselineName]: [], ...Object.fromEntries(names.map((name) => [name, []])) }
  for (let i = 0; i < iterations; i++) {
    for (const name of names) {
      let start = now()
      await baseline()
      samples[baselineName].push(now() - start)
      start = now()
      await others[name]()
      samples[name].push(now() - start)
    }
  }
  return samples
}
