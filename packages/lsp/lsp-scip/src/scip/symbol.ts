/**
 * SCIP symbol strings (scip.proto, `Symbol`): `<scheme> <manager> <package> <version> <descriptors>`
 * (a space inside a field is doubled), or `local <id>` for a symbol of one document. Only the
 * descriptors matter here: the last names the symbol, the others its parents.
 */

/** A descriptor's suffix, as scip.proto's `Descriptor.Suffix` names them. */
export type ScipSuffix = 'Namespace' | 'Type' | 'Term' | 'Method' | 'TypeParameter' | 'Parameter' | 'Meta' | 'Macro'

export interface ScipDescriptor {
  readonly name: string
  readonly suffix: ScipSuffix
}

/** Whether a symbol is document-local (`local 12`): its occurrences never leave its document. */
export function isLocalSymbol(symbol: string): boolean {
  return symbol.startsWith('local ')
}

/** The descriptor part of a global symbol: after the fourth unescaped space. */
function descriptorText(symbol: string): string {
  let spaces = 0
  for (let i = 0; i < symbol.length; i++) {
    if (symbol[i] !== ' ') continue
    if (symbol[i + 1] === ' ') {
      i++
      continue
    }
    if (++spaces === 4) return symbol.slice(i + 1)
  }
  return ''
}

/** A name at `at`: a backtick-quoted one (`` ` `` doubled inside) or a run of identifier characters. */
function readName(text: string, at: number): { name: string; next: number } {
  if (text[at] === '`') {
    let name = ''
    let i = at + 1
    for (; i < text.length; i++) {
      if (text[i] === '`' && text[i + 1] === '`') {
        name += '`'
        i++
      } else if (text[i] === '`') break
      else name += text[i]
    }
    return { name, next: i + 1 }
  }
  let i = at
  while (i < text.length && /[\w$+\-]/u.test(text[i] ?? '')) i++
  return { name: text.slice(at, i), next: i }
}

const suffixes: Readonly<Record<string, ScipSuffix>> = { '/': 'Namespace', '#': 'Type', '.': 'Term', ':': 'Meta', '!': 'Macro' }

/** The descriptors of a global symbol, outermost first, each with where it starts in the descriptor text; `[]` for a local or unparsable one. */
function parse(text: string): (ScipDescriptor & { readonly start: number })[] {
  const found: (ScipDescriptor & { readonly start: number })[] = []
  let at = 0
  while (at < text.length) {
    const start = at
    const open = text[at]
    if (open === '(' || open === '[') {
      const { name, next } = readName(text, at + 1)
      found.push({ name, suffix: open === '[' ? 'TypeParameter' : 'Parameter', start })
      at = next + 1
      continue
    }
    const { name, next } = readName(text, at)
    if (text[next] === '(') {
      // A method: name(disambiguator).
      const close = text.indexOf(').', next)
      if (close < 0) return found
      found.push({ name, suffix: 'Method', start })
      at = close + 2
      continue
    }
    const suffix = suffixes[text[next] ?? '']
    if (suffix === undefined) return found
    found.push({ name, suffix, start })
    at = next + 1
  }
  return found
}

/** The descriptors of a global symbol, outermost first; `[]` for a local or unparsable one. */
export function descriptorsOf(symbol: string): ScipDescriptor[] {
  return isLocalSymbol(symbol) ? [] : parse(descriptorText(symbol)).map(({ name, suffix }) => ({ name, suffix }))
}

/** The symbol one level up (its last descriptor dropped), or `undefined` at the top. */
export function parentSymbol(symbol: string): string | undefined {
  if (isLocalSymbol(symbol)) return undefined
  const text = descriptorText(symbol)
  const descriptors = parse(text)
  const last = descriptors.at(-1)
  if (last === undefined || descriptors.length <= 1) return undefined
  return symbol.slice(0, symbol.length - text.length) + text.slice(0, last.start)
}

/** A global symbol's package-qualified parts, the version apart (see {@link packagePartsOf}). */
export interface ScipPackageParts {
  /** `<scheme> <manager> <package>` (`scip-typescript npm acme-lib`), as spelled in the symbol. */
  readonly package: string
  /** The package name alone (`acme-lib`, `@acme/lib`), spaces unescaped. */
  readonly packageName: string
  /** The descriptors (`src/`index.ts`/greet().`). */
  readonly descriptors: string
  /**
   * The source file the descriptors start with, `/`-separated (`src/index.ts`, `dist/index.d.ts`),
   * when they start with one (scip-typescript's namespaces up to a name ending in a JavaScript or
   * TypeScript extension); `undefined` otherwise (scip-python's modules, say).
   */
  readonly file: string | undefined
  /** The descriptors after that file (`greet().`); all of them without one. */
  readonly inFile: string
}

const sourceFile = /\.(d\.)?[cm]?[jt]sx?$/

/** The fields of a header (`scheme manager package version`) as spelled: split at unescaped spaces. */
function headerFields(header: string): string[] {
  const fields: string[] = []
  let field = ''
  for (let i = 0; i < header.length; i++) {
    if (header[i] === ' ' && header[i + 1] === ' ') {
      field += '  '
      i++
    } else if (header[i] === ' ') {
      fields.push(field)
      field = ''
    } else field += header[i]
  }
  return [...fields, field]
}

/** The package-qualified parts of a global symbol; `undefined` for a local one or one without a package. */
export function packagePartsOf(symbol: string): ScipPackageParts | undefined {
  if (isLocalSymbol(symbol)) return undefined
  const descriptors = descriptorText(symbol)
  if (descriptors === '') return undefined
  const fields = headerFields(symbol.slice(0, symbol.length - descriptors.length - 1))
  if (fields.length !== 4 || fields[2] === '' || fields[2] === '.') return undefined
  const parsed = parse(descriptors)
  const names: string[] = []
  let file: string | undefined
  let inFile = descriptors
  for (const [i, descriptor] of parsed.entries()) {
    if (descriptor.suffix !== 'Namespace') break
    names.push(descriptor.name)
    if (sourceFile.test(descriptor.name)) {
      file = names.join('/')
      inFile = descriptors.slice(parsed[i + 1]?.start ?? descriptors.length)
      break
    }
  }
  return { package: fields.slice(0, 3).join(' '), packageName: fields[2]!.replace(/ {2}/g, ' '), descriptors, file, inFile }
}
