import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import type * as Jsonc from 'jsonc-parser'
import type { LspDiagnostic } from '@agent-lsp/lsp'
import { isDirectory, isFile, isInside, realpathOrNull } from '../sync/paths.js'
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

/**
 * The config files that `projects` with sources of their own reference (see {@link tscProjects}):
 * those whose builds their checks read. A solution-style config's references are checked from
 * their sources, each by itself.
 */
export function referencedConfigs(projects: readonly string[]): Set<string> {
  return new Set(projects.flatMap((project) => {
    const config = configOf(project)
    return config === undefined || isSolution(config) ? [] : referencesOf(project, config)
  }))
}

/** The existing config files `project`'s `references` name; none when it cannot be read. */
function referencesOf(project: string, config = configOf(project)): string[] {
  const references = config?.references
  if (!Array.isArray(references)) return []
  return references.flatMap((reference: unknown) => {
    const path = (reference as { path?: unknown } | null)?.path
    if (typeof path !== 'string' || path === '') return []
    const named = resolve(dirname(project), path)
    const file = isDirectory(named) ? join(named, 'tsconfig.json') : named
    return isFile(file) ? [file] : []
  })
}

type TsConfig = { readonly references?: unknown; readonly files?: unknown; readonly include?: unknown }

/** `project` as tsc reads it (JSON with comments and trailing commas); `undefined` when it cannot be read. */
function configOf(project: string): TsConfig | undefined {
  try {
    const config: unknown = parser().parse(readFileSync(project, 'utf8'), [], { allowTrailingComma: true })
    return typeof config === 'object' && config !== null ? config : undefined
  } catch {
    return undefined
  }
}

/** `"files": []` without `include`: a config that only references others, as create-vite writes. */
const isSolution = (config: TsConfig): boolean => Array.isArray(config.files) && config.files.length === 0 && config.include === undefined

/** TS6305 "Output file '…' has not been built from source file '…'": an import from a referenced project whose declarations were not built. */
const NOT_BUILT = 6305
/** TS2307 "Cannot find module '@sol/d' …": a package that may be a referenced project, linked into node_modules, whose `types` are not built. */
const NOT_FOUND = 2307

/**
 * `byFile` without the files importing from referenced projects not built, and those files,
 * sorted. `tsc -p` reads a referenced project's built declarations, where tsserver and `tsc -b`
 * use or build its sources: in a fresh clone every import from one is TS6305 (a relative path),
 * or TS2307 for its package name when a workspace links the package into `node_modules` and its
 * `types` are in the build's output. Neither is an error in the code, and the file's other
 * diagnostics may come from the missing types (a callback's parameter `implicitly has an 'any'
 * type`: 13 such errors in a fresh clone of @tanstack/query's packages where `tsc -b` finds none), so none of them is kept.
 * @param projects - the referenced projects' config files (see {@link tscProjects}).
 */
export function withoutUnbuiltReferences(byFile: DiagnosticsByFile, projects: readonly string[], root: string): { byFile: DiagnosticsByFile; importers: string[] } {
  const folders = projects.map((project) => dirname(project)).filter((folder) => folder !== root)
  const unbuilt = (file: string, diagnostic: LspDiagnostic): boolean =>
    diagnostic.code === NOT_BUILT || (diagnostic.code === NOT_FOUND && folders.length > 0 && linkedProject(file, diagnostic.message, root, folders))
  const kept: DiagnosticsByFile = new Map()
  const importers: string[] = []
  for (const [file, diagnostics] of byFile) {
    if (diagnostics.some((diagnostic) => unbuilt(file, diagnostic))) importers.push(file)
    else kept.set(file, diagnostics)
  }
  return { byFile: kept, importers: importers.sort() }
}

/** Whether TS2307's module, looked up in the `node_modules` folders from `file`'s up to `root`, is a link into one of `folders`. */
function linkedProject(file: string, message: string, root: string, folders: readonly string[]): boolean {
  const name = /^Cannot find module '([^'./][^']*)'/.exec(message)?.[1]
  if (name === undefined) return false
  const packageName = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0]!
  for (let folder = dirname(file); ; folder = dirname(folder)) {
    const real = realpathOrNull(join(folder, 'node_modules', packageName))
    if (real !== null) return folders.some((project) => real === project || isInside(real, project))
    if (folder === root || dirname(folder) === folder) return false
  }
}
