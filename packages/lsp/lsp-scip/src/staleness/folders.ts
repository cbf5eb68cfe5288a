import { readdirSync } from 'node:fs'
import { compareCodeUnits } from '@agent-lsp/lsp'

/** Each folder holding one of `files` (relative, `/`-separated), and each above it up to the root (`''`), sorted. */
export function foldersOf(files: Iterable<string>): string[] {
  const folders = new Set<string>([''])
  for (const file of files) {
    for (let slash = file.lastIndexOf('/'); slash > 0; slash = file.lastIndexOf('/', slash - 1)) {
      const folder = file.slice(0, slash)
      if (folders.has(folder)) break
      folders.add(folder)
    }
  }
  return [...folders].sort(compareCodeUnits)
}

/** The names of the entries of the folder at `absolute`, sorted; none when it cannot be read. */
export function entriesOf(absolute: string): string[] {
  try {
    return readdirSync(absolute).sort(compareCodeUnits)
  } catch {
    return []
  }
}
