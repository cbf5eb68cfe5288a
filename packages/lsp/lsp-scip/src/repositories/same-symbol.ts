import { readFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import type { ScipModel } from '../scip/model.js'
import { packagePartsOf } from '../scip/symbol.js'

/** One side of a match: an index and the root its paths are relative to. */
export interface Side {
  readonly model: ScipModel
  readonly root: string
}

interface Table {
  /** `<scheme> <manager> <package> <descriptors>` (the version left out) → the symbols. */
  readonly byName: Map<string, string[]>
  /** `<scheme> <manager> <package>\0<descriptors after the file>` → the symbols with their file. */
  readonly inFile: Map<string, { readonly symbol: string; readonly file: string }[]>
}

const tables = new WeakMap<ScipModel, Table>()

function tableOf(model: ScipModel): Table {
  let table = tables.get(model)
  if (table !== undefined) return table
  table = { byName: new Map(), inFile: new Map() }
  for (const symbol of model.globalSymbols) {
    const parts = packagePartsOf(symbol)
    if (parts === undefined) continue
    push(table.byName, `${parts.package} ${parts.descriptors}`, symbol)
    if (parts.file !== undefined) push(table.inFile, `${parts.package}\u0000${parts.inFile}`, { symbol, file: parts.file })
  }
  tables.set(model, table)
  return table
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

/**
 * The symbols of `other` that are `symbol` of `asking`: the same package-qualified symbol, its
 * version aside (a library checked out at 1.1.0 beside an app that installed 1.0.0), else one
 * whose file is the compiled declaration file of the other's source (`dist/index.d.ts` beside
 * `src/index.ts`; see {@link sameModule}) with the same descriptors after it. `[]` for a local
 * symbol or one without a package.
 */
export function matchingSymbols(symbol: string, asking: Side, other: Side): string[] {
  const parts = packagePartsOf(symbol)
  if (parts === undefined) return []
  const table = tableOf(other.model)
  const same = table.byName.get(`${parts.package} ${parts.descriptors}`)
  if (same !== undefined) return same
  const { file } = parts
  if (file === undefined) return []
  const candidates = table.inFile.get(`${parts.package}\u0000${parts.inFile}`) ?? []
  return candidates.filter((candidate) => sameModule({ file, root: asking.root }, { file: candidate.file, root: other.root }, parts.packageName)).map((candidate) => candidate.symbol)
}

const declaration = /\.d\.[cm]?ts$/
const extension = /\.(d\.)?[cm]?[jt]sx?$/

/**
 * Whether two files of package `name` (paths relative to the package) are one module, one side
 * compiled: the declaration file's source is the other file, by the declaration map installed
 * beside it (`<root>/node_modules/<name>/<file>.map`, its first source), else by path, the
 * extension left out — the same path below the top folder or two (`dist/a/b.d.ts`, `dist/esm/a/b.d.ts`
 * and `lib/a/b.d.ts` are `src/a/b.ts`'s; so is `a/b.d.ts`).
 */
export function sameModule(a: { file: string; root: string }, b: { file: string; root: string }, name: string): boolean {
  const [compiled, source] = declaration.test(a.file) && !declaration.test(b.file) ? [a, b] : declaration.test(b.file) && !declaration.test(a.file) ? [b, a] : [undefined, undefined]
  if (compiled === undefined || source === undefined) return false
  const mapped = declaredSource(compiled.root, name, compiled.file)
  if (mapped !== undefined) return mapped === source.file
  const tail = (path: string, drop: number) => path.replace(extension, '').split('/').slice(drop).join('/')
  for (const dropCompiled of [0, 1, 2]) {
    for (const dropSource of [0, 1]) {
      const compiledTail = tail(compiled.file, dropCompiled)
      if (compiledTail !== '' && compiledTail === tail(source.file, dropSource)) return true
    }
  }
  return false
}

const maps = new Map<string, string | undefined>()

/** The source a declaration map installed beside `file` names (relative to the package), if any. */
function declaredSource(root: string, name: string, file: string): string | undefined {
  const mapFile = join(root, 'node_modules', ...name.split('/'), ...`${file}.map`.split('/'))
  if (maps.has(mapFile)) return maps.get(mapFile)
  let source: string | undefined
  try {
    const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sourceRoot?: unknown; sources?: unknown }
    const first = Array.isArray(map.sources) && typeof map.sources[0] === 'string' ? map.sources[0] : undefined
    const sourceRoot = typeof map.sourceRoot === 'string' ? map.sourceRoot : ''
    const resolved = first === undefined ? undefined : posix.normalize(posix.join(posix.dirname(file), sourceRoot, first))
    source = resolved === undefined || resolved.startsWith('..') || posix.isAbsolute(resolved) ? undefined : resolved
  } catch {
    source = undefined
  }
  maps.set(mapFile, source)
  return source
}
