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
  if (!isFile(here) || hasPyrightTable(read(here))) return undefined
  for (let from = dirname(root); ; ) {
    const file = nearestAbove(from, 'pyrightconfig.json') ?? nearestAbove(from, 'pyproject.toml')
    if (file === undefined) return undefined
    const text = read(file)
    if (file.endsWith('.json')) return { file, include: jsonInclude(text, dirname(file)) }
    if (hasPyrightTable(text)) return { file, include: tomlInclude(text, dirname(file)) }
    if (dirname(dirname(file)) === dirname(file)) return undefined
    from = dirname(dirname(file))
  }
}

/**
 * The folders the `include` of `root`'s own pyright config names (`pyrightconfig.json`, else a
 * `pyproject.toml`'s `[tool.pyright]`), resolved; `undefined` when it names none (all of `root`
 * is included), has no config of its own, cannot be read, or names a glob.
 */
export function ownInclude(root: string): readonly string[] | undefined {
  const json = join(root, 'pyrightconfig.json')
  const toml = join(root, 'pyproject.toml')
  const include = isFile(json) ? jsonInclude(read(json), root) : isFile(toml) && hasPyrightTable(read(toml)) ? tomlInclude(read(toml), root) : undefined
  return include === undefined || include.length === 0 || include.some((entry) => /[*?[\]]/.test(entry)) ? undefined : include
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

function jsonInclude(text: string, folder: string): string[] | undefined {
  try {
    const include = (JSON.parse(text) as { include?: unknown }).include
    if (include === undefined) return []
    return Array.isArray(include) && include.every((entry) => typeof entry === 'string') ? include.map((entry) => resolve(folder, entry)) : undefined
  } catch {
    return undefined // comments or trailing commas (pyright allows them): not read
  }
}

/** `include = [...]` of the `[tool.pyright]` table, strings only; `undefined` when it is not written that way. */
function tomlInclude(toml: string, folder: string): string[] | undefined {
  const table = /^\s*\[\s*tool\s*\.\s*pyright\s*\]\s*$([\s\S]*?)(?=^\s*\[|(?![\s\S]))/m.exec(toml)
  if (table === null) return undefined
  const include = /^\s*include\s*=\s*\[([^\]]*)\]/m.exec(table[1] ?? '')
  if (include === null) return /^\s*include\s*=/m.test(table[1] ?? '') ? undefined : []
  const entries = [...(include[1] ?? '').matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'/g)].map((match) => match[1] ?? match[2] ?? '')
  return entries.map((entry) => resolve(folder, entry))
}

function read(file: string): string {
  return readText(file) ?? ''
}
