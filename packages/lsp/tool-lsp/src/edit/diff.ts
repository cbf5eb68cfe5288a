/** Unified diffs of whole files (the `diff -u` / git format), for edit previews. */

/** Lines of context around each change, as `diff -u`. */
const CONTEXT_LINES = 3

type Op = { readonly kind: 'same' | 'delete' | 'insert'; readonly line: string }

/**
 * The shortest edit script from `a` to `b` (Myers 1986, O((N+M)·D) time, O(D²) memory), as
 * kept, deleted and inserted lines in order. Fast when few lines differ, as in a rename.
 */
export function diffLines(a: readonly string[], b: readonly string[]): Op[] {
  const n = a.length
  const m = b.length
  const max = n + m
  const offset = max + 1
  const v = new Int32Array(2 * max + 3)
  const trace: Int32Array[] = []
  let found = false
  for (let d = 0; d <= max && !found; d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2))
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1
      let y = x - k
      while (x < n && y < m && a[x] === b[y]) {
        x++
        y++
      }
      v[offset + k] = x
      if (x >= n && y >= m) {
        found = true
        break
      }
    }
  }
  // Walk the trace back from (n, m); trace[d] holds v before step d, over k in [-d-1, d+1].
  const ops: Op[] = []
  let x = n
  let y = m
  for (let d = trace.length - 1; d >= 0; d--) {
    const before = trace[d]!
    const at = (k: number): number => before[k + d + 1]!
    const k = x - y
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1))
    const previousK = down ? k + 1 : k - 1
    const previousX = d === 0 ? 0 : at(previousK)
    const previousY = previousX - previousK
    while (x > previousX && y > previousY) ops.push({ kind: 'same', line: a[--x]! }), y--
    if (d > 0) {
      if (down) ops.push({ kind: 'insert', line: b[--y]! })
      else ops.push({ kind: 'delete', line: a[--x]! })
    }
  }
  while (x > 0 && y > 0) ops.push({ kind: 'same', line: a[--x]! }), y--
  return ops.reverse()
}

/** A file's text as diff lines; a last line without a newline is marked as `diff` marks it. */
function toLines(text: string): string[] {
  if (text === '') return []
  const lines = text.split('\n')
  if (lines[lines.length - 1] === '') lines.pop()
  else lines[lines.length - 1] += '\n\\ No newline at end of file'
  return lines
}

/**
 * A unified diff of one file: `--- a/PATH`, `+++ b/PATH` (or `/dev/null` for a file created or
 * deleted), then `@@ -start,count +start,count @@` hunks with three lines of context. `before`
 * or `after` is `null` for a file that does not exist on that side. Empty when nothing differs.
 * @param oldPath - display path before (relative, forward slashes); `newPath` after a move.
 */
export function unifiedDiff(oldPath: string, newPath: string, before: string | null, after: string | null): string {
  // A file moved unchanged: the rename alone, as git writes it.
  if (before === after) return oldPath !== newPath && before !== null ? `rename from ${oldPath}\nrename to ${newPath}` : ''
  const ops = diffLines(toLines(before ?? ''), toLines(after ?? ''))
  const header = [
    ...(oldPath !== newPath && before !== null && after !== null ? [`rename from ${oldPath}`, `rename to ${newPath}`] : []),
    `--- ${before === null ? '/dev/null' : `a/${oldPath}`}`,
    `+++ ${after === null ? '/dev/null' : `b/${newPath}`}`,
  ]
  const hunks: string[] = []
  let index = 0
  while (index < ops.length) {
    const change = ops.findIndex((op, at) => at >= index && op.kind !== 'same')
    if (change < 0) break
    let start = Math.max(index, change - CONTEXT_LINES)
    let end = change
    // Extend while the next change is within two contexts of the last one.
    for (let at = change; at < ops.length; at++) {
      if (ops[at]!.kind !== 'same') end = at
      else if (at - end > 2 * CONTEXT_LINES) break
    }
    const stop = Math.min(ops.length, end + CONTEXT_LINES + 1)
    const { oldLine, newLine } = linesBefore(ops, start)
    const body = ops.slice(start, stop)
    const oldCount = body.filter((op) => op.kind !== 'insert').length
    const newCount = body.filter((op) => op.kind !== 'delete').length
    hunks.push(`@@ -${range(oldLine, oldCount)} +${range(newLine, newCount)} @@`)
    for (const op of body) hunks.push(`${op.kind === 'same' ? ' ' : op.kind === 'delete' ? '-' : '+'}${op.line}`)
    index = stop
    start = stop
  }
  return [...header, ...hunks].join('\n')
}

function linesBefore(ops: readonly Op[], end: number): { oldLine: number; newLine: number } {
  let oldLine = 0
  let newLine = 0
  for (let at = 0; at < end; at++) {
    if (ops[at]!.kind !== 'insert') oldLine++
    if (ops[at]!.kind !== 'delete') newLine++
  }
  return { oldLine, newLine }
}

/** `start,count` of a hunk side, 1-based, as `diff -u`: an empty side names the line before it, a count of 1 is left out. */
function range(linesBefore: number, count: number): string {
  return count === 0 ? `${linesBefore},0` : count === 1 ? `${linesBefore + 1}` : `${linesBefore + 1},${count}`
}
