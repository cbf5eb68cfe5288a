/** A name a Go file declares where a workspace symbol search lists it, and its 1-based line. */
export interface GoDeclaration {
  readonly name: string
  readonly line: number
}

const identifier = '[\\p{L}_][\\p{L}\\p{N}_]*'
const names = `${identifier}(?:\\s*,\\s*${identifier})*`
const func = new RegExp(`^func\\s*(?:\\([^)]*\\)\\s*)?(${identifier})`, 'u')
const single = new RegExp(`^(?:type|var|const)\\s+(${names})`, 'u')
const block = /^(?:type|var|const)\s*\($/
const member = new RegExp(`^\\t(${names})(?![.\\p{L}\\p{N}_])`, 'u')
const opensBody = /\b(?:struct|interface)\s*\{\s*(?:\/\/.*)?$/

/**
 * The names `text` (a gofmt-formatted Go file) declares at package level, and the fields and
 * methods of its top-level struct and interface types, each with its line: what gopls' workspace
 * symbols list of a file it loads (`func Name`, `func (r T) Name`, `type Name`, `var a, b`, the
 * first-level names of a `var (`/`const (`/`type (` block, a struct's fields and an interface's
 * methods one tab in). Read line by line, as gofmt writes them; `_` and locals are left out.
 */
export function goDeclarations(text: string): GoDeclaration[] {
  const found: GoDeclaration[] = []
  const add = (list: string, line: number): void => {
    for (const name of list.split(',')) if (name.trim() !== '_') found.push({ name: name.trim(), line })
  }
  // Where the lines being read are: top level, a `(` block, or one tab into a struct or interface (the block's closing).
  let inside: ')' | '}' | undefined
  const lines = text.split('\n')
  for (const [index, raw] of lines.entries()) {
    const text = raw.replace(/\r$/, '')
    const line = index + 1
    if (inside !== undefined) {
      if (text.startsWith(inside)) inside = undefined
      else if (!text.startsWith('\t//')) {
        const named = member.exec(text)
        if (named) add(named[1]!, line)
      }
      continue
    }
    const declared = func.exec(text) ?? single.exec(text)
    if (declared) add(declared[1]!, line)
    if (block.test(text)) inside = ')'
    else if (/^type\s/.test(text) && opensBody.test(text)) inside = '}'
  }
  return found
}
