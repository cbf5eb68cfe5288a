/**
 * Where a value sits in a config file's text, so a schema error can name its line: a map from a
 * formatted path (`servers[1].command`, see {@link formatPath}) to the 1-based line of its key.
 * TOML via {@link tomlKeyLines} (a line scanner: smol-toml keeps no positions), JSON via
 * {@link parseJsonWithLines} (a parser that records them).
 */

/** One step of a path into a config value: an object key or an array index (0-based). */
export type PathSegment = string | number

/** `servers[1].command`; keys that are not identifiers quoted: `extensions[".py"]`. */
export function formatPath(segments: readonly PropertyKey[]): string {
  let text = ''
  for (const segment of segments) {
    if (typeof segment === 'number') text += `[${segment}]`
    else if (typeof segment === 'string' && /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(segment)) text += text === '' ? segment : `.${segment}`
    else text += `[${JSON.stringify(String(segment))}]`
  }
  return text
}

/** The line of `segments`, or of its longest prefix with a known line; 1 when none is known. */
export function lineOf(lines: ReadonlyMap<string, number>, segments: readonly PropertyKey[]): number {
  for (let length = segments.length; length > 0; length--) {
    const line = lines.get(formatPath(segments.slice(0, length)))
    if (line !== undefined) return line
  }
  return 1
}

const keyPart = String.raw`(?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|'[^']*')`
const dottedKey = String.raw`${keyPart}(?:\s*\.\s*${keyPart})*`
const arrayHeader = new RegExp(String.raw`^\s*\[\[\s*(${dottedKey})\s*\]\]`)
const tableHeader = new RegExp(String.raw`^\s*\[\s*(${dottedKey})\s*\]`)
const assignment = new RegExp(String.raw`^\s*(${dottedKey})\s*=`)

/**
 * The line of each table header and key assignment of a TOML document (valid: smol-toml parsed
 * it first). `[[servers]]` tables count as `servers[0]`, `servers[1]`…; `[servers.env]` after
 * them belongs to the last. Values inside inline tables and multi-line arrays are not indexed
 * (their key's line stands for them); lines inside multi-line strings are skipped.
 */
export function tomlKeyLines(text: string): Map<string, number> {
  const lines = new Map<string, number>()
  const arrays = new Map<string, number>()
  /** The line of `segments` and of each prefix not seen yet (`[servers.settings.python]` defines `servers[0].settings`). */
  const record = (segments: readonly PathSegment[], line: number): void => {
    for (let length = 1; length <= segments.length; length++) {
      const key = formatPath(segments.slice(0, length))
      if (!lines.has(key)) lines.set(key, line)
    }
  }
  /** Header keys → the path they name, each array-of-tables prefix resolved to its last element. */
  const resolve = (keys: readonly string[]): PathSegment[] => {
    const path: PathSegment[] = []
    for (const key of keys) {
      path.push(key)
      const count = arrays.get(formatPath(path))
      if (count !== undefined) path.push(count - 1)
    }
    return path
  }
  let table: PathSegment[] = []
  let inMultiline: string | undefined
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1
    if (inMultiline !== undefined) {
      if (raw.split(inMultiline).length % 2 === 0) inMultiline = undefined
      return
    }
    const arrayMatch = arrayHeader.exec(raw)
    const tableMatch = arrayMatch ? null : tableHeader.exec(raw)
    if (arrayMatch?.[1] !== undefined) {
      const keys = splitKeys(arrayMatch[1])
      const path = [...resolve(keys.slice(0, -1)), ...keys.slice(-1)]
      const key = formatPath(path)
      const count = (arrays.get(key) ?? 0) + 1
      arrays.set(key, count)
      record(path, line)
      table = [...path, count - 1]
      record(table, line)
      return
    }
    if (tableMatch?.[1] !== undefined) {
      table = resolve(splitKeys(tableMatch[1]))
      record(table, line)
      return
    }
    const assigned = assignment.exec(raw)
    if (assigned?.[1] !== undefined) {
      record([...table, ...splitKeys(assigned[1])], line)
      const rest = raw.slice(assigned[0].length)
      for (const quotes of ['"""', "'''"]) {
        if (rest.trimStart().startsWith(quotes) && rest.split(quotes).length % 2 === 0) inMultiline = quotes
      }
    }
  })
  return lines
}

/** `a."b.c".d` → `['a', 'b.c', 'd']`. */
function splitKeys(dotted: string): string[] {
  const parts = dotted.match(new RegExp(keyPart, 'g')) ?? []
  return parts.map((part) => (part.startsWith('"') ? (JSON.parse(part) as string) : part.startsWith("'") ? part.slice(1, -1) : part))
}

/** A JSON syntax error at a 1-based line. */
export class JsonSyntaxError extends Error {
  override readonly name = 'JsonSyntaxError'
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message)
  }
}

const stringToken = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y
const numberToken = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y

/**
 * Parse JSON (RFC 8259, nothing more) and record the line of every object member's key and array
 * element, by formatted path.
 * @throws JsonSyntaxError naming what was expected, at its line.
 */
export function parseJsonWithLines(text: string): { value: unknown; lines: Map<string, number> } {
  const lines = new Map<string, number>()
  let at = 0
  const lineAt = (offset: number): number => {
    let line = 1
    for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++
    return line
  }
  const fail = (expected: string): never => {
    const found = at >= text.length ? 'the end of the file' : JSON.stringify(text[at])
    throw new JsonSyntaxError(`invalid JSON: expected ${expected}, found ${found}`, lineAt(at))
  }
  const space = (): void => {
    while (at < text.length && ' \t\r\n'.includes(text[at] as string)) at++
  }
  const token = (pattern: RegExp): string | undefined => {
    pattern.lastIndex = at
    const match = pattern.exec(text)
    if (!match) return undefined
    at += match[0].length
    return match[0]
  }
  const value = (path: readonly PathSegment[]): unknown => {
    space()
    const start = text[at]
    if (start === '{') {
      at++
      const object: Record<string, unknown> = {}
      space()
      if (text[at] === '}') return at++, object
      for (;;) {
        space()
        const keyLine = lineAt(at)
        const raw = token(stringToken) ?? fail('a string key')
        const key = JSON.parse(raw) as string
        lines.set(formatPath([...path, key]), keyLine)
        space()
        if (text[at] !== ':') fail('":"')
        at++
        Object.defineProperty(object, key, { value: value([...path, key]), enumerable: true, writable: true, configurable: true })
        space()
        if (text[at] === ',') at++
        else if (text[at] === '}') return at++, object
        else fail('"," or "}"')
      }
    }
    if (start === '[') {
      at++
      const array: unknown[] = []
      space()
      if (text[at] === ']') return at++, array
      for (;;) {
        space()
        lines.set(formatPath([...path, array.length]), lineAt(at))
        array.push(value([...path, array.length]))
        space()
        if (text[at] === ',') at++
        else if (text[at] === ']') return at++, array
        else fail('"," or "]"')
      }
    }
    const string = token(stringToken)
    if (string !== undefined) return JSON.parse(string) as string
    const number = token(numberToken)
    if (number !== undefined) return Number(number)
    for (const [word, literal] of [['true', true], ['false', false], ['null', null]] as const) {
      if (text.startsWith(word, at)) return (at += word.length), literal
    }
    return fail('a value')
  }
  const result = value([])
  space()
  if (at < text.length) fail('the end of the file')
  return { value: result, lines }
}
