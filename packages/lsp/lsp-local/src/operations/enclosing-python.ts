import { readdirSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { isFile, isInside } from '../sync/paths.js'
import { firstFilesWith } from '../sync/projects.js'
import { readText } from '../sync/read-text.js'

/**
 * A Python package inside a workspace above it: the nearest `pyrightconfig.json` above
 * `workspaceRoot` whose `extraPaths` name a folder in the root (`uri/src`), where the modules the
 * root offers are found (`lazr.uri`: a folder of namespace folders is walked down to the first with
 * Python files). The other entries of its `extraPaths` and `include` are the packages beside it;
 * one names the root's module where a `.py` file under it imports it (`from lazr.uri import URI`).
 * At most `max` files are read in all. `undefined` when there is no such config or no module.
 */
export function pythonSiblings(workspaceRoot: string, max: number): { marker: string; name: string; siblings: string[]; all: boolean; read: string } | undefined {
  const marker = configAbove(workspaceRoot)
  if (marker === undefined) return undefined
  const folder = dirname(marker)
  const listed = (key: string): string[] => listOf(readText(marker), key).map((entry) => resolve(folder, entry))
  const extraPaths = listed('extraPaths')
  const own = extraPaths.filter((entry) => isInside(entry, workspaceRoot))
  const modules = own.flatMap(modulesUnder)
  if (modules.length === 0) return undefined
  const others = [...new Set([...extraPaths, ...listed('include')])].filter((entry) => !isInside(entry, workspaceRoot) && !isInside(workspaceRoot, entry))
  const imports = new RegExp(`^\\s*(from|import)\\s+(${modules.map((name) => name.replace(/\./g, '\\.')).join('|')})\\b`, 'm')
  let all = true
  let left = max
  const siblings = others.filter((entry) => {
    const found = firstFilesWith(entry, new Set(['.py']), left)
    left -= found.files.length
    all &&= found.all
    return found.files.some((file) => imports.test(readText(file) ?? ''))
  })
  return { marker, name: modules.join(', '), siblings, all, read: '.py' }
}

/** The nearest `pyrightconfig.json` above `root` whose `extraPaths` name a folder in it, or `undefined`. */
function configAbove(root: string): string | undefined {
  for (let folder = dirname(root); ; folder = dirname(folder)) {
    const file = join(folder, 'pyrightconfig.json')
    if (isFile(file) && listOf(readText(file), 'extraPaths').some((entry) => isInside(resolve(folder, entry), root))) return file
    if (dirname(folder) === folder) return undefined
  }
}

/** The modules importable from `importRoot`: each package folder in it, its dotted path once single namespace folders are walked down (`lazr/uri` → `lazr.uri`). */
function modulesUnder(importRoot: string): string[] {
  return folders(importRoot).map((name) => {
    let dotted = name
    let path = join(importRoot, name)
    for (let inner = folders(path); inner.length === 1 && !hasPython(path); inner = folders(path)) {
      dotted = `${dotted}.${inner[0]!}`
      path = join(path, inner[0]!)
    }
    return dotted
  })
}

/** The folders in `path` that may be packages: Python names, not `tests`, `__pycache__` or dotted ones. */
function folders(path: string): string[] {
  try {
    return readdirSync(path, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && /^[A-Za-z_][A-Za-z0-9_]*$/.test(entry.name) && entry.name !== '__pycache__' && entry.name !== 'tests')
      .map((entry) => entry.name)
      .sort()
  } catch {
    return []
  }
}

function hasPython(path: string): boolean {
  try {
    return readdirSync(path).some((name) => name.endsWith('.py'))
  } catch {
    return false
  }
}

/** A list of strings under `key` in a JSON config (pyright allows comments and trailing commas: such a file is not read). */
function listOf(text: string | undefined, key: string): string[] {
  try {
    const value = (JSON.parse(text ?? '') as Record<string, unknown>)[key]
    return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : []
  } catch {
    return []
  }
}
