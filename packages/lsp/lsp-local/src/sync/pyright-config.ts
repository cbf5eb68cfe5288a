import { dirname, join, resolve } from 'node:path'
import { isFile, isInside } from './paths.js'
import { readText } from './read-text.js'

/** A config pyright takes from above its root, and the folders its `include` names. */
export interface ConfigAbove {
  /** The file (`pyrightconfig.json` or a `pyproject.toml` with a `[tool.pyright]` table). */
  readonly file: string
  /** Its `include` resolved against its folder (`[]`: none given, so its folder); `undefined` when it could not be read. */
  readonly include: readonly string[] | undefined
}

/**
 * The config pyright 1.1.414 uses for server root `root` when it comes from a folder above it:
 * started there, pyright reads `pyrightconfig.json`, else `pyproject.toml`, in `root` only; a
 * `pyproject.toml` without a `[tool.pyright]` table sends it to the nearest `pyrightconfig.json`
 * above, else the nearest `pyproject.toml` above (again past one without the table). `undefined`
 * when pyright's config is `root`'s own, or it has none.
 */
export function pyrightConfigAbove(root: string): ConfigAbove | undefined {
  if (isFile(join(root, 'pyrightconfig.json'))) return undefined
  const here = join(root, 'pyproject.toml')
  if (!isFile(here) || hasPyrightTable(readFile(here))) return undefined
  for (let from = dirname(root); ; ) {
    const file = nearestAbove(from, 'pyrightconfig.json') ?? nearestAbove(from, 'pyproject.toml')
    if (file === undefined) return undefined
    const text = readFile(file)
    if (file.endsWith('.json')) return { file, include: jsonList(text, dirname(file), 'include') }
    if (hasPyrightTable(text)) return { file, include: tomlList(text, dirname(file), 'include') }
    if (dirname(dirname(file)) === dirname(file)) return undefined
    from = dirname(dirname(file))
  }
}

/** What `root`'s own pyright config includes and excludes, resolved (see {@link ownScope}). */
export interface PyrightScope {
  /** The folders and files its `include` names (`[root]` when it names none). */
  readonly include: readonly string[]
  /** The folders and files its `exclude` names. */
  readonly exclude: readonly string[]
}

/**
 * The folders and files the `include` and `exclude` of `root`'s own pyright config name
 * (`pyrightconfig.json`, else a `pyproject.toml`'s `[tool.pyright]`), resolved; `undefined` when
 * it leaves nothing of `root` out (names neither), has no config of its own, cannot be read, or
 * names a glob.
 */
export function ownScope(root: string): PyrightScope | undefined {
  const json = join(root, 'pyrightconfig.json')
  const toml = join(root, 'pyproject.toml')
  const read = (key: string): string[] | undefined => (isFile(json) ? jsonList(readFile(json), root, key) : isFile(toml) && hasPyrightTable(readFile(toml)) ? tomlList(readFile(toml), root, key) : undefined)
  const include = read('include')
  const exclude = read('exclude')
  if (include === undefined || exclude === undefined || [...include, ...exclude].some((entry) => /[*?[\]]/.test(entry))) return undefined
  if (include.length === 0 && exclude.length === 0) return undefined
  return { include: include.length === 0 ? [root] : include, exclude }
}

/** Whether a config from above leaves `root` out: it names folders, and none holds `root` (unknown counts as out). */
export function leavesOut(config: ConfigAbove, root: string): boolean {
  if (config.include === undefined) return true
  return config.include.length > 0 && !config.include.some((folder) => isInside(root, folder))
}

function nearestAbove(from: string, name: string): string | undefined {
  for (let directory = from; ; directory = dirname(directory)) {
    if (isFile(join(directory, name))) return join(directory, name)
    if (dirname(directory) === directory) return undefined
  }
}

/** A `[tool.pyright]` table (or `[tool.pyright.…]`, or a dotted `tool.pyright.` key) in a `pyproject.toml`. */
function hasPyrightTable(toml: string): boolean {
  return /^\s*\[\s*tool\s*\.\s*pyright\s*[\].]/m.test(toml) || /^\s*tool\s*\.\s*pyright\s*\./m.test(toml)
}

function jsonList(text: string, folder: string, key: 'include' | 'exclude' | string): string[] | undefined {
  try {
    const include = (JSON.parse(text) as Record<string, unknown>)[key]
    if (include === undefined) return []
    return Array.isArray(include) && include.every((entry) => typeof entry === 'string') ? include.map((entry) => resolve(folder, entry)) : undefined
  } catch {
    return undefined // comments or trailing commas (pyright allows them): not read
  }
}

/** `<key> = [...]` (`include`, `exclude`) of the `[tool.pyright]` table, strings only; `undefined` when it is not written that way. */
function tomlList(toml: string, folder: string, key: string): string[] | undefined {
  const table = /^\s*\[\s*tool\s*\.\s*pyright\s*\]\s*$([\s\S]*?)(?=^\s*\[|(?![\s\S]))/m.exec(toml)
  if (table === null) return undefined
  const include = new RegExp(`^\\s*${key}\\s*=\\s*\\[([^\\]]*)\\]`, 'm').exec(table[1] ?? '')
  if (include === null) return new RegExp(`^\\s*${key}\\s*=`, 'm').test(table[1] ?? '') ? undefined : []
  const entries = [...(include[1] ?? '').matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'/g)].map((match) => match[1] ?? match[2] ?? '')
  return entries.map((entry) => resolve(folder, entry))
}

function readFile(file: string): string {
  return readText(file) ?? ''
}
