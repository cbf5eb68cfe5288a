import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'

/** A config file's line that names the moved file: `tsconfig.base.json:3`. */
export interface PathsMapping {
  readonly displayPath: string
  readonly line: number
}

const CONFIG = /^[tj]sconfig(\..+)?\.json$/
const QUOTED = /"([^"\\]+)"/g

/**
 * The lines of the TypeScript configs from the moved file's folder up to `root` that name the
 * file (`"paths": { "@tanstack/react-query": ["packages/react/src/index.ts"] }`), relative to the
 * config or to its `baseUrl`, with or without its extension. tsserver's edit for the move leaves
 * the mapping naming a file that is gone (and rewrites the alias's imports to the new path), so
 * the next import by the alias fails (TS2307; the eighth trial). Read as text: the quoted paths
 * inside the `"paths"` object (not `include`'s folders).
 */
export async function pathsMappingsOf(from: string, root: string): Promise<PathsMapping[]> {
  const found: PathsMapping[] = []
  const names = pathsNaming(from)
  for (const folder of foldersUp(from, root)) {
    const entries = await readdir(folder).catch(() => [] as string[])
    for (const name of entries.filter((entry) => CONFIG.test(entry)).sort()) {
      const text = await readFile(path.join(folder, name), 'utf8').catch(() => '')
      const baseUrl = /"baseUrl"\s*:\s*"([^"]*)"/.exec(text)?.[1]
      const bases = [folder, ...(baseUrl === undefined ? [] : [path.resolve(folder, baseUrl)])]
      const region = pathsRegion(text)
      if (region === undefined) continue
      const lines = new Set<number>()
      for (const quoted of text.slice(region.start, region.end).matchAll(QUOTED)) {
        if (!bases.some((base) => names.has(path.resolve(base, quoted[1]!)))) continue
        lines.add(text.slice(0, region.start + quoted.index).split('\n').length)
      }
      for (const line of lines) found.push({ displayPath: path.relative(root, path.join(folder, name)).split(path.sep).join('/'), line })
    }
  }
  return found
}

/**
 * The absolute paths a config may write for module `file`: itself, without its extension, and its
 * folder when it is an `index` file (`"@lib": ["src/lib"]` resolves to src/lib/index.ts).
 */
export function pathsNaming(file: string): Set<string> {
  const stem = file.slice(0, file.length - path.extname(file).length)
  return new Set([file, stem, ...(path.basename(stem) === 'index' ? [path.dirname(file)] : [])])
}

/** The folders from `file`'s up to `root` (both included), nearest first: where its configs may be. */
export function foldersUp(file: string, root: string): string[] {
  const folders: string[] = []
  for (let folder = path.dirname(file); ; folder = path.dirname(folder)) {
    folders.push(folder)
    if (folder === root || path.dirname(folder) === folder || !folder.startsWith(root)) return folders
  }
}

/** Where the `"paths"` object of a config's text is (its braces included); `undefined` without one. */
function pathsRegion(text: string): { start: number; end: number } | undefined {
  const key = text.search(/"paths"\s*:/)
  const start = key === -1 ? -1 : text.indexOf('{', key)
  if (start === -1) return undefined
  let depth = 0
  let inString = false
  for (let at = start; at < text.length; at++) {
    const char = text[at]
    if (inString) {
      if (char === '\\') at++
      else if (char === '"') inString = false
    } else if (char === '"') inString = true
    else if (char === '{') depth++
    else if (char === '}' && --depth === 0) return { start, end: at + 1 }
  }
  return { start, end: text.length }
}
