/** Names a list shows before it counts the rest. */
const SHOWN = 3

/**
 * Several names as one clause: `a`, `a and b`, `a, b and c`, `a, b, c and 4 more`; `''` for none.
 * `shown` is how many are named before the rest are counted (3 by default); `total` counts all of
 * them when `names` holds only the first few collected (`names.length` by default); `uncounted`
 * says there are more past the total, not counted: `a, b, c and 4+ more`, `a and more`.
 */
export function namedList(names: readonly string[], options: { readonly shown?: number; readonly total?: number; readonly uncounted?: boolean } = {}): string {
  const named = names.slice(0, Math.max(1, options.shown ?? SHOWN))
  const more = Math.max(options.total ?? names.length, names.length) - named.length
  if (more > 0) return `${named.join(', ')} and ${more}${options.uncounted === true ? '+' : ''} more`
  if (options.uncounted === true) return `${named.join(', ')} and more`
  return named.length <= 1 ? (named[0] ?? '') : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`
}

/**
 * `n` with its thousands grouped, as answers write counts: `20,000`. By hand: `toLocaleString`
 * makes Node load its ICU data, 7 MB of every process's RSS.
 */
export function grouped(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',')
}
