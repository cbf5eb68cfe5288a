import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser'
import { foldersUp, pathsNaming, type PathsMapping } from './paths-aliases.js'

/** The fields of a package.json that name its own files: what `require(pkg)`, `import 'pkg'`, its types and its commands load. */
const ENTRY_FIELDS = ['main', 'module', 'browser', 'types', 'typings', 'bin', 'exports', 'imports'] as const

/**
 * The lines of the package.json files from the moved file's folder up to `root` whose entry
 * fields (`main`, `module`, `browser`, `types`, `typings`, `bin`, `exports`, `imports`, at any
 * depth of their conditions) name the file, relative to the package's folder, with or without its
 * extension, or as its folder for an `index` file (`"main": "lib"`). No server edits them: after
 * the move `require('pkg')` fails (MODULE_NOT_FOUND; the twenty-second trial, semver's
 * `"main": "index.js"`). In the order they are written, each at its 1-based line (read with
 * `jsonc-parser`, so that two fields holding the same text are told apart).
 */
export async function packageEntriesOf(from: string, root: string): Promise<(PathsMapping & { readonly field: string })[]> {
  const found: (PathsMapping & { readonly field: string })[] = []
  const names = pathsNaming(from)
  for (const folder of foldersUp(from, root)) {
    const file = path.join(folder, 'package.json')
    const text = await readFile(file, 'utf8').catch(() => undefined)
    const tree = text === undefined ? undefined : parseTree(text)
    if (text === undefined || tree?.type !== 'object') continue
    const entries = ENTRY_FIELDS.flatMap((field) => stringsOf(findNodeAtLocation(tree, [field])).map((value) => ({ field, value })))
    for (const { field, value } of entries.sort((a, b) => a.value.offset - b.value.offset)) {
      if (typeof value.value !== 'string' || !names.has(path.resolve(folder, value.value).replace(/\/$/, ''))) continue
      found.push({ displayPath: path.relative(root, file).split(path.sep).join('/'), line: text.slice(0, value.offset).split('\n').length, field })
    }
  }
  return found
}

/** The string nodes of `node`: itself, or those of its arrays and its objects' values (an `exports` map's conditions). */
function stringsOf(node: Node | undefined): Node[] {
  if (node === undefined) return []
  if (node.type === 'string') return [node]
  if (node.type === 'array') return (node.children ?? []).flatMap(stringsOf)
  if (node.type === 'object') return (node.children ?? []).flatMap((property) => stringsOf(property.children?.[1]))
  return []
}
