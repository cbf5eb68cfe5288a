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
 * the next import by the alias fails (TS2307; the eighth trial). Read as text: a mapping is a
 * quoted path on a line of its own in every config seen.
 */
export async function pathsMappingsOf(from: string, root: string): Promise<PathsMapping[]> {
  const found: PathsMapping[] = []
  const names = new Set([from, from.slice(0, from.length - path.extname(from).length)])
  for (let folder = path.dirname(from); ; folder = path.dirname(folder)) {
    const entries = await readdir(folder).catch(() => [] as string[])
    for (const name of entries.filter((entry) => CONFIG.test(entry)).sort()) {
      const text = await readFile(path.join(folder, name), 'utf8').catch(() => '')
      const baseUrl = /"baseUrl"\s*:\s*"([^"]*)"/.exec(text)?.[1]
      const bases = [folder, ...(baseUrl === undefined ? [] : [path.resolve(folder, baseUrl)])]
      text.split('\n').forEach((line, index) => {
        const named = [...line.matchAll(QUOTED)].some(([, quoted]) => bases.some((base) => names.has(path.resolve(base, quoted!))))
        if (named) found.push({ displayPath: path.relative(root, path.join(folder, name)).split(path.sep).join('/'), line: index + 1 })
      })
    }
    if (folder === root || path.dirname(folder) === folder || !folder.startsWith(root)) break
  }
  return found
}
