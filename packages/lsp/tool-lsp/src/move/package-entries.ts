import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { foldersUp, pathsNaming, type PathsMapping } from './paths-aliases.js'

/** The fields of a package.json that name its own files: what `require(pkg)`, `import 'pkg'`, its types and its commands load. */
const ENTRY_FIELDS = ['main', 'module', 'browser', 'types', 'typings', 'bin', 'exports', 'imports'] as const

/**
 * The lines of the package.json files from the moved file's folder up to `root` whose entry
 * fields (`main`, `module`, `browser`, `types`, `typings`, `bin`, `exports`, `imports`, at any
 * depth of their conditions) name the file, relative to the package's folder, with or without its
 * extension, or as its folder for an `index` file (`"main": "lib"`). No server edits them: after
 * the move `require('pkg')` fails (MODULE_NOT_FOUND; the twenty-second trial, semver's
 * `"main": "index.js"`). 1-based lines of the first place each value is written.
 */
export async function packageEntriesOf(from: string, root: string): Promise<(PathsMapping & { readonly field: string })[]> {
  const found: (PathsMapping & { readonly field: string })[] = []
  const names = pathsNaming(from)
  for (const folder of foldersUp(from, root)) {
    const file = path.join(folder, 'package.json')
    const text = await readFile(file, 'utf8').catch(() => undefined)
    const json = text === undefined ? undefined : parsed(text)
    if (text !== undefined && json !== undefined) {
      for (const field of ENTRY_FIELDS) {
        for (const value of strings(json[field])) {
          if (!names.has(path.resolve(folder, value).replace(/\/$/, ''))) continue
          const at = text.indexOf(JSON.stringify(value))
          found.push({ displayPath: path.relative(root, file).split(path.sep).join('/'), line: at === -1 ? 1 : text.slice(0, at).split('\n').length, field })
        }
      }
    }
  }
  return found
}

function parsed(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

/** Every string in `value`: itself, or those of its arrays and objects (an `exports` map's conditions). */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(strings)
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(strings)
  return []
}
