/**
 * One glob of an ignore file as a regular expression over a `/`-separated relative path, as
 * ripgrep's `globset` builds it for gitignore lines (`literal_separator` and `backslash_escape`
 * on, case-sensitive, unclosed classes literal): `*` and `?` never match `/`; `**` is recursive
 * only as a whole path segment (`**​/a`, `a/**`, `a/**​/b`), else two `*`; `[…]` and `[!…]`/`[^…]`
 * classes; `{a,b}` alternatives (not nested); `\x` is `x`.
 * @throws Error for what globset rejects or this does not model (a trailing `\`, a nested or
 *   unclosed `{`, a reversed range): the caller then leaves the search to ripgrep.
 */
export function globRegExp(glob: string): RegExp {
  if (glob === '**') return /^.*$/su
  const parts: string[] = [] // regex pieces, one per globset token
  const tokens: ('/' | 'prefix' | 'suffix' | 'middle' | 'other')[] = []
  const push = (piece: string, token: (typeof tokens)[number] = 'other'): void => {
    parts.push(piece)
    tokens.push(token)
  }
  let inAlternates = false
  let i = 0
  while (i < glob.length) {
    const c = glob[i]!
    const prev = i > 0 ? glob[i - 1] : undefined
    i++
    if (c === '\\') {
      if (i >= glob.length) throw new Error(`dangling escape in ${glob}`)
      push(escapeLiteral(glob[i++]!))
    } else if (c === '?') push('[^/]')
    else if (c === '*' && glob[i] !== '*') push('[^/]*')
    else if (c === '*') {
      i++ // the second `*`
      const next = glob[i]
      if (tokens.length === 0) {
        if (next === undefined || next === '/') {
          if (next === '/') i++
          push('(?:/?|.*/)', 'prefix')
        } else push('[^/]*[^/]*')
      } else if (prev !== '/' && !(inAlternates && (prev === ',' || prev === '{'))) push('[^/]*[^/]*')
      else if (next === undefined || (inAlternates && (next === ',' || next === '}')) || next === '/') {
        const suffix = next !== '/'
        if (next === '/') i++
        const last = tokens.pop()!
        parts.pop()
        if (last === 'prefix') push('(?:/?|.*/)', 'prefix')
        else if (last === 'suffix') push('/.*', 'suffix')
        else if (suffix) push('/.*', 'suffix')
        else push('(?:/|/.*/)', 'middle')
      } else push('[^/]*[^/]*')
    } else if (c === '[') {
      const end = classEnd(glob, i)
      if (end === undefined) push('\\[')
      else {
        push(classRegExp(glob.slice(i, end)))
        i = end + 1
      }
    } else if (c === '{') {
      if (inAlternates) throw new Error(`nested alternatives in ${glob}`)
      inAlternates = true
      push('(?:')
    } else if (c === ',' && inAlternates) push('|')
    else if (c === '}' && inAlternates) {
      inAlternates = false
      push(')')
    } else push(c === '/' ? '/' : escapeLiteral(c), c === '/' ? '/' : 'other')
  }
  if (inAlternates) throw new Error(`unclosed alternatives in ${glob}`)
  return new RegExp(`^${parts.join('')}$`, 'su')
}

/** The index of the `]` closing a class whose body starts at `start`, else `undefined` (a literal `[`). */
function classEnd(glob: string, start: number): number | undefined {
  let j = start
  if (glob[j] === '!' || glob[j] === '^') j++
  if (glob[j] === ']') j++ // a `]` first is a member
  const end = glob.indexOf(']', j)
  return end === -1 ? undefined : end
}

function classRegExp(body: string): string {
  let negated = false
  let j = 0
  if (body[0] === '!' || body[0] === '^') {
    negated = true
    j = 1
  }
  const members = [...body.slice(j)]
  const ranges: [string, string][] = []
  let inRange = false
  members.forEach((member, index) => {
    if (member === '-' && index > 0 && !inRange) inRange = true
    else if (inRange) {
      const range = ranges[ranges.length - 1]!
      if (member.codePointAt(0)! < range[0].codePointAt(0)!) throw new Error(`invalid range ${range[0]}-${member}`)
      range[1] = member
      inRange = false
    } else ranges.push([member, member])
  })
  if (inRange) ranges.push(['-', '-'])
  const inClass = (c: string): string => (/[\\\]\[^-]/.test(c) ? `\\${c}` : c)
  return `[${negated ? '^' : ''}${ranges.map(([from, to]) => (from === to ? inClass(from) : `${inClass(from)}-${inClass(to)}`)).join('')}]`
}

function escapeLiteral(c: string): string {
  return /[.*+?^${}()|[\]\\/]/.test(c) ? `\\${c}` : c
}
