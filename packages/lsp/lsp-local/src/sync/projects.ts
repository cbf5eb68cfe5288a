import { dirname, join, relative } from 'node:path'
import { extensionOf } from '@agent-lsp/lsp'
import { isFile, isInside } from './paths.js'
import { BUILD_DIRECTORIES, DEPENDENCY_DIRECTORIES, SOURCES_WALK, walk } from './walk.js'

/** Folders never scanned for projects or their files: dependencies, VCS data, build output. */
const skipped = (name: string): boolean => DEPENDENCY_DIRECTORIES.has(name) || BUILD_DIRECTORIES.has(name)

/** A project found under a workspace: its marker's directory and one source file in it. */
export interface ProjectSample {
  readonly directory: string
  /** A file with one of the server's extensions, inside `directory` and no deeper project. */
  readonly file: string
}

/**
 * Every directory under `root` (breadth-first, bounded, skipping dependency, build and dot folders,
 * following symlinked folders once each) that holds one of `markers` (`tsconfig.json`), each with one source file
 * of its own to open, so a server that searches only loaded projects (tsserver) loads them all.
 * Projects without a source file are left out.
 */
export function findProjects(root: string, markers: readonly string[], extensions: ReadonlySet<string>): ProjectSample[] {
  const projects: ProjectSample[] = []
  walk(root, SOURCES_WALK, ({ path: directory, names }) => {
    if (!names.some((name) => markers.includes(name))) return
    // The server's first extensions are its main language (.ts before .mjs): a project's own
    // sources, not a stray script its config does not include.
    const file = [...extensions].reduce<string | undefined>((found, extension) => found ?? firstSourceFile(directory, markers, new Set([extension])), undefined)
    if (file) projects.push({ directory, file })
  })
  return projects
}

/** The nearest directory from `file`'s upwards (to the filesystem root) holding one of `markers`. */
export function nearestMarkedDirectory(file: string, markers: readonly string[]): string | undefined {
  for (let directory = dirname(file); ; directory = dirname(directory)) {
    if (markers.some((marker) => isFile(join(directory, marker)))) return directory
    if (dirname(directory) === directory) return undefined
  }
}

/**
 * The server root for `file`: `workspaceRoot`, unless no project marker lies between the file and
 * the workspace root but one lies above it — then that directory, so the server finds the project
 * that contains the workspace (tsserver stops looking for `tsconfig.json` at the root it is given).
 */
export function projectAwareRoot(file: string, workspaceRoot: string, markers: readonly string[]): string {
  if (markers.length === 0) return workspaceRoot
  const marked = nearestMarkedDirectory(file, markers)
  return marked !== undefined && !isInside(marked, workspaceRoot) ? marked : workspaceRoot
}

/**
 * The server root of a question without a file (`workspaceSymbol`, `workspaceDiagnostics`) on
 * `workspaceRoot`: the workspace, unless no project marker is in it or two folder levels down but
 * one is above it (the workspace is a project's `src/`): then that folder, as
 * {@link projectAwareRoot} gives for a file of it. tsserver looks for `tsconfig.json` no higher than
 * the root it is given: rooted at `src/` it answered "No symbols match", complete (the sixteenth trial).
 */
export function workspaceServerRoot(workspaceRoot: string, markers: readonly string[]): string {
  if (markers.length === 0) return workspaceRoot
  // The nearest marked folder from the workspace up (a name in it stands for its files).
  const above = nearestMarkedDirectory(join(workspaceRoot, '*'), markers)
  if (above === undefined || isInside(above, workspaceRoot)) return workspaceRoot
  let within = false
  walk(workspaceRoot, { ...SOURCES_WALK, maxDepth: 2 }, ({ names }) => {
    within = names.some((name) => markers.includes(name))
    return within ? 'stop' : 'continue'
  })
  return within ? workspaceRoot : above
}

/**
 * A source file of the project in `directory`: the first found in a `src` folder (where a config's
 * `include` almost always points), else the first anywhere. A file outside the config's `include`
 * (a root `vitest.config.ts`) would load a throw-away inferred project instead.
 */
function firstSourceFile(directory: string, markers: readonly string[], extensions: ReadonlySet<string>): string | undefined {
  return firstFileWhere(directory, markers, extensions, (path) => path.split(/[\\/]/).includes('src')) ?? firstFileWhere(directory, markers, extensions, () => true)
}

function firstFileWhere(directory: string, markers: readonly string[], extensions: ReadonlySet<string>, wanted: (path: string) => boolean): string | undefined {
  let found: string | undefined
  walk(directory, SOURCES_WALK, ({ path: current, names, files }) => {
    // A nested project's files belong to that project.
    if (current !== directory && names.some((name) => markers.includes(name))) return 'prune'
    const source = files.find((name) => extensions.has(extensionOf(name)) && !name.endsWith('.d.ts') && wanted(relative(directory, join(current, name))))
    if (source === undefined) return 'continue'
    found = join(current, source)
    return 'stop'
  })
  return found
}

/**
 * The first file under `root` with one of `extensions` (breadth-first, bounded, following symlinked folders,
 * each real one once; skipping dependency and build folders but not other dot folders: a workspace whose only
 * Python is under `.claude/lib` has Python): `undefined` when there is none, `'unknown'` when the
 * tree is too big to tell. A workspace-wide search need not start a server for a language the
 * workspace does not contain, and a server that loads its project only when a document opens
 * (clangd reads `compile_commands.json` then) is given this one.
 */
export function firstFileWith(root: string, extensions: ReadonlySet<string>): string | undefined | 'unknown' {
  let found: string | undefined
  const complete = walk(root, { ...SOURCES_WALK, skip: skipped }, ({ path, files }) => {
    const file = files.find((name) => extensions.has(extensionOf(name)))
    if (file === undefined) return 'continue'
    found = join(path, file)
    return 'stop'
  })
  return found ?? (complete ? undefined : 'unknown')
}

/**
 * The files under `root` with one of `extensions` or `names` (lowercase), as {@link firstFileWith}
 * walks, nearest first, when there are at most `max`; `undefined` when there are more or the tree
 * is too big to tell.
 */
export function filesWith(root: string, extensions: ReadonlySet<string>, max: number, names: ReadonlySet<string> = new Set()): string[] | undefined {
  const { files, all } = firstFilesWith(root, extensions, max, names)
  return all ? files : undefined
}

/**
 * The first `max` files of {@link filesWith}, and whether they are all there are (`false` when
 * there are more, or the tree is too big to tell).
 */
export function firstFilesWith(root: string, extensions: ReadonlySet<string>, max: number, names: ReadonlySet<string> = new Set()): { files: string[]; all: boolean } {
  const found: string[] = []
  const complete = walk(root, { ...SOURCES_WALK, skip: skipped }, ({ path, files }) => {
    for (const name of files) {
      if (!extensions.has(extensionOf(name)) && !names.has(name.toLowerCase())) continue
      found.push(join(path, name))
      if (found.length > max) return 'stop'
    }
    return 'continue'
  })
  return { files: found.slice(0, max), all: complete && found.length <= max }
}
