// Test support: the text of a location answer from its places written one a line, as answers were
// before they were grouped by file (2026-12-01). Written apart from the tool's renderer (whose own
// tests pin the format with literal values), so that the two check each other.

const row = /^(.+?):(\d+(?::\d+)?)((?: {2}.*)?)$/
const definition = /^1 (?:type )?definition of (\S+)$/

/**
 * `lines` (headers, `path:line:col  code` rows, other lines) as the tool prints them now: a file's
 * consecutive rows under its path as `line:col  code` lines (rows whose code reads the same share
 * one, positions joined by a space; rows without code keep their own), a file with one row left
 * as it is, and `1 definition of X` over a single row written `X → row`.
 */
export function grouped(given: readonly (string | undefined)[]): string {
  const lines = given.map((line) => {
    if (line === undefined) throw new Error('grouped: an undefined line')
    return line
  })
  const out: string[] = []
  let index = 0
  while (index < lines.length) {
    const match = row.exec(lines[index]!)
    if (!match || lines[index]!.startsWith('More in: ')) {
      out.push(lines[index]!)
      index++
      continue
    }
    const file = match[1]!
    const places = new Map<string, string[]>()
    for (; index < lines.length; index++) {
      const next = row.exec(lines[index]!)
      if (!next || next[1] !== file || lines[index]!.startsWith('More in: ')) break
      const key = next[3] === '' ? `\0${next[2]}` : next[3]!
      places.set(key, [...(places.get(key) ?? []), next[2]!])
    }
    const entries = [...places]
    if (entries.length === 1 && entries[0]![1].length === 1) out.push(`${file}:${entries[0]![1][0]}${entries[0]![0].startsWith('\0') ? '' : entries[0]![0]}`)
    else out.push(file, ...entries.map(([key, positions]) => `${positions.join(' ')}${key.startsWith('\0') ? '' : key}`))
  }
  for (let i = 0; i + 1 < out.length; i++) {
    const name = definition.exec(out[i]!)?.[1]
    const single = out[i + 1]!
    const isLast = i + 2 === out.length || !row.exec(out[i + 2]!)
    if (name !== undefined && row.test(single) && !single.startsWith('More in: ') && isLast && !/^\d/.test(single)) out.splice(i, 2, `${name} → ${single}`)
  }
  return out.join('\n')
}
