import { classHeaderAt } from './library-bases.js'

/** Classes above a method's class followed in its file before the text is said not to tell (as `libraryBases` follows a library's). */
const MAX_DEPTH = 8

/**
 * Whether the Python `def` at line `at` of `lines` cannot override a library's method, told from
 * the text alone: a module's function (its `def` at column 0), or a method of a class whose bases,
 * followed through classes of the same file, are none but `ignored` ones (`object`). `false` where
 * the text does not tell, and the class hierarchy is asked: a base of another module or not a plain
 * name (`mod.Base`, `*mixins`, a call), a base's name bound elsewhere in the file too (an import, an
 * assignment, a second class), a star import, a `def` in another block (an `if` in a class body).
 */
export function noLibraryBase(lines: readonly string[], at: number, ignored: readonly string[]): boolean {
  const def = /^(\s*)(?:async\s+)?def\s/.exec(lines[at] ?? '')
  if (def === null) return false
  const indent = def[1]!.length
  if (indent === 0) return true
  const header = blockHeader(lines, at, indent)
  if (header === undefined || lines.some((text) => /^\s*from\s+\S+\s+import\s+\*/.test(text))) return false
  const seen = new Set<number>()
  let level = [header]
  for (let depth = 0; depth <= MAX_DEPTH && level.length > 0; depth++) {
    const next: number[] = []
    for (const line of level) {
      const klass = classHeaderAt(lines, line)
      // `classHeaderAt` leaves starred bases out; a header holding one is not told.
      if (klass === undefined || lines.slice(line, klass.bodyStart).some((text) => text.replace(/#.*$/, '').includes('*'))) return false
      seen.add(line)
      for (const base of klass.bases.filter((each) => !ignored.includes(each))) {
        const found = onlyClassNamed(lines, base)
        if (found === undefined) return false
        if (!seen.has(found)) next.push(found)
      }
    }
    level = next
  }
  return level.length === 0
}

/** The line of the block holding line `at` (indented `indent`): the nearest line above indented less, outside triple-quoted strings and comments. */
function blockHeader(lines: readonly string[], at: number, indent: number): number | undefined {
  const inString: boolean[] = []
  let quote: string | undefined
  for (let line = 0; line < at; line++) {
    inString.push(quote !== undefined)
    for (const triple of (lines[line] ?? '').match(/"""|'''/g) ?? []) quote = quote === undefined ? triple : quote === triple ? undefined : quote
  }
  for (let line = at - 1; line >= 0; line--) {
    const text = lines[line] ?? ''
    if (inString[line] || /^\s*(#.*)?$/.test(text)) continue
    if (/^\s*/.exec(text)![0].length < indent) return line
  }
  return undefined
}

/** The line of the one class named `name` at column 0 of `lines`, where nothing else in the file binds the name (an import, an assignment, a `def`, another class); else `undefined`. */
function onlyClassNamed(lines: readonly string[], name: string): number | undefined {
  if (!/^\w+$/.test(name)) return undefined
  const header = new RegExp(`^class\\s+${name}\\b`)
  const binds = [
    new RegExp(`^\\s*(?:class|(?:async\\s+)?def)\\s+${name}\\b`),
    new RegExp(`\\bimport\\b.*\\b${name}\\b`),
    new RegExp(`\\b(?:as|for|global|nonlocal)\\s+(?:[\\w\\s,]*,\\s*)?${name}\\b`),
    new RegExp(`^\\s*(?:[\\w.\\s,]*,\\s*)?${name}\\s*(?:,[\\w.\\s,]*)?(?::[^=]*)?=(?!=)`),
    new RegExp(`\\b${name}\\s*:=`),
  ]
  let found: number | undefined
  for (const [line, text] of lines.entries()) {
    if (header.test(text) && found === undefined) found = line
    else if (binds.some((pattern) => pattern.test(text))) return undefined
  }
  return found
}
