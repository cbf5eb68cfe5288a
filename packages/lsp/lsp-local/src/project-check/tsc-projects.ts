import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import type * as Jsonc from 'jsonc-parser'
import { isDirectory, isFile } from '../sync/paths.js'
import type { DiagnosticsByFile } from './tsc-output.js'

// jsonc-parser's `main` is a UMD bundle: imported from ESM it exposes no named exports. Loaded
// at the first project check, not with the host.
let jsonc: typeof Jsonc | undefined
const parser = (): typeof Jsonc => (jsonc ??= createRequire(import.meta.url)('jsonc-parser') as typeof Jsonc)

/**
 * `project` and every project it references (`references[].path`: a config file, or a folder
 * holding `tsconfig.json`), depth first, each once, those that exist. A solution-style config
 * (`"files": []` and `references`, as create-vite writes) checks no file itself: `tsc -p` on it
 * alone reports nothing. `references` is not inherited through `extends`, so only the file's own
 * are read (JSON with comments and trailing commas, as tsc reads it).
 */
export function tscProjects(project: string, seen: Set<string> = new Set()): string[] {
  if (seen.has(project)) return []
  seen.add(project)
  return [project, ...referencesOf(project).flatMap((referenced) => tscProjects(referenced, seen))]
}

/** The existing config files `project`'s `references` name; none when it cannot be read. */
function referencesOf(project: string): string[] {
  let config: unknown
  try {
    config = parser().parse(readFileSync(project, 'utf8'), [], { allowTrailingComma: true })
  } catch {
    return []
  }
  const references = (config as { references?: unknown } | undefined)?.references
  if (!Array.isArray(references)) return []
  return references.flatMap((reference: unknown) => {
    const path = (reference as { path?: unknown } | null)?.path
    if (typeof path !== 'string' || path === '') return []
    const named = resolve(dirname(project), path)
    const file = isDirectory(named) ? join(named, 'tsconfig.json') : named
    return isFile(file) ? [file] : []
  })
}

/** TS6305 "Output file '…' has not been built from source file '…'": an import from a referenced project whose declarations were not built. */
const NOT_BUILT = 6305

/**
 * `byFile` without TS6305, and the files that had it, sorted. `tsc -p` reads a referenced
 * project's built declarations, where tsserver and `tsc -b` use or build its sources: in a fresh
 * clone, every import from one is TS6305 and checked without its types. Not an error in the
 * code; what the check missed.
 */
export function withoutUnbuiltReferences(byFile: DiagnosticsByFile): { byFile: DiagnosticsByFile; importers: string[] } {
  const kept: DiagnosticsByFile = new Map()
  const importers: string[] = []
  for (const [file, diagnostics] of byFile) {
    const others = diagnostics.filter((diagnostic) => diagnostic.code !== NOT_BUILT)
    if (others.length < diagnostics.length) importers.push(file)
    if (others.length > 0) kept.set(file, others)
  }
  return { byFile: kept, importers: importers.sort() }
}
