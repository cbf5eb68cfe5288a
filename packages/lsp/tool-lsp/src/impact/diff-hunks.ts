/** One hunk of a `-U0` diff: 1-based starts, counts of lines removed (`old`) and added (`new`). */
export interface Hunk {
  readonly oldStart: number
  readonly oldCount: number
  readonly newStart: number
  readonly newCount: number
}

/** One file of a diff. Paths are relative to where git ran (`--relative`), forward slashes. */
export interface FileDiff {
  /** `null` for a file the diff adds. */
  readonly oldPath: string | null
  /** `null` for a file the diff deletes. */
  readonly newPath: string | null
  /** In file order; empty for a binary or mode-only change. */
  readonly hunks: readonly Hunk[]
  readonly binary: boolean
}

/**
 * Parse `git diff --no-ext-diff --no-color -U0 --no-renames --src-prefix=a/ --dst-prefix=b/`
 * output (with `core.quotePath=false`; a path git still quotes, one holding `"`, `\` or a control
 * character, is unquoted from its C-style escapes).
 */
export function parseDiff(text: string): FileDiff[] {
  const files: FileDiff[] = []
  let current: { oldPath: string | null; newPath: string | null; hunks: Hunk[]; binary: boolean } | undefined
  for (const line of text.split('\n')) {
    if (line.startsWith('diff --git ')) {
      current = { oldPath: null, newPath: null, hunks: [], binary: false }
      const names = headerPaths(line.slice('diff --git '.length))
      if (names) [current.oldPath, current.newPath] = names
      files.push(current)
      continue
    }
    if (current === undefined) continue
    if (line.startsWith('--- ')) current.oldPath = sidePath(line.slice(4), 'a/')
    else if (line.startsWith('+++ ')) current.newPath = sidePath(line.slice(4), 'b/')
    else if (line.startsWith('new file mode')) current.oldPath = null
    else if (line.startsWith('deleted file mode')) current.newPath = null
    else if (line.startsWith('Binary files ')) current.binary = true
    else if (line.startsWith('@@ ')) {
      const match = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(line)
      if (match) {
        current.hunks.push({
          oldStart: Number(match[1]),
          oldCount: match[2] === undefined ? 1 : Number(match[2]),
          newStart: Number(match[3]),
          newCount: match[4] === undefined ? 1 : Number(match[4]),
        })
      }
    }
  }
  return files
}

/** The 1-based lines of the new side a hunk adds; for a pure deletion, none. */
export function addedLines(hunk: Hunk): number[] {
  return Array.from({ length: hunk.newCount }, (_, i) => hunk.newStart + i)
}

/**
 * Where line `line` (1-based) of a diff's old side is on its new side, given that diff's hunks
 * (in order): shifted past the hunks before it; a line the diff changed maps to the start of what
 * replaced it.
 */
export function mapLine(line: number, hunks: readonly Hunk[]): number {
  let delta = 0
  for (const hunk of hunks) {
    if (hunk.oldCount === 0) {
      // Inserted after old line `oldStart`.
      if (line > hunk.oldStart) delta += hunk.newCount
      else break
      continue
    }
    if (line < hunk.oldStart) break
    if (line < hunk.oldStart + hunk.oldCount) return Math.max(1, hunk.newStart)
    delta += hunk.newCount - hunk.oldCount
  }
  return line + delta
}

/** `a/x b/x` of a `diff --git` line when both are the same plain path (the usual case). */
function headerPaths(rest: string): [string, string] | undefined {
  if (rest.startsWith('"')) return undefined
  const half = (rest.length - 1) / 2
  const [left, right] = [rest.slice(0, half), rest.slice(half + 1)]
  if (left.startsWith('a/') && right.startsWith('b/') && left.slice(2) === right.slice(2)) return [left.slice(2), right.slice(2)]
  return undefined
}

function sidePath(raw: string, prefix: string): string | null {
  const text = raw.replace(/\t$/, '')
  if (text === '/dev/null') return null
  const name = text.startsWith('"') ? unquote(text) : text
  return name.startsWith(prefix) ? name.slice(prefix.length) : name
}

/** A C-style quoted path (`"a\\tb\\303\\251"`): escapes and octal bytes decoded as UTF-8. */
function unquote(quoted: string): string {
  const bytes: number[] = []
  const body = quoted.slice(1, -1)
  const escapes: Record<string, number> = { n: 10, t: 9, r: 13, '"': 34, '\\': 92, a: 7, b: 8, f: 12, v: 11 }
  for (let i = 0; i < body.length; i++) {
    const char = body[i]!
    if (char !== '\\') {
      bytes.push(...Buffer.from(char, 'utf8'))
      continue
    }
    const next = body[i + 1] ?? ''
    if (/[0-7]/.test(next)) {
      bytes.push(parseInt(body.slice(i + 1, i + 4), 8))
      i += 3
    } else {
      bytes.push(escapes[next] ?? next.charCodeAt(0))
      i += 1
    }
  }
  return Buffer.from(bytes).toString('utf8')
}
