import { existsSync, readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { isFile, isInside } from './paths.js'

/** A Python virtualenv a server should resolve imports in. */
export interface Virtualenv {
  /** Its folder (the one holding `pyvenv.cfg`). */
  readonly directory: string
  /** `bin/python` in it. */
  readonly interpreter: string
  /** Its `lib/python3.X/site-packages` folders. */
  readonly sitePackages: readonly string[]
  /** Whether it was found in the server root (the workspace chose what it holds), not named by `VIRTUAL_ENV`. */
  readonly fromWorkspace: boolean
}

/**
 * The virtualenv of a server root: `VIRTUAL_ENV`'s (the environment the host runs in, or the
 * server's `env`), else `.venv` or `venv` in `root` or a folder above it (see
 * {@link venvFolders}), nearest first; each only when it is one (`pyvenv.cfg` and `bin/python`
 * there). `undefined` when there is none.
 * @param workspaceRoot - the workspace the server root was found in (absolute).
 */
export function findVirtualenv(root: string, virtualEnv: string | undefined, workspaceRoot: string = root): Virtualenv | undefined {
  const inWorkspace = venvFolders(root, workspaceRoot).flatMap((folder) => VENV_NAMES.map((name) => ({ directory: join(folder, name), fromWorkspace: true })))
  const candidates = [...(virtualEnv ? [{ directory: virtualEnv, fromWorkspace: false }] : []), ...inWorkspace]
  for (const { directory, fromWorkspace } of candidates) {
    if (!isVirtualenv(directory)) continue
    const interpreter = join(directory, 'bin', 'python')
    const sitePackages = listNames(join(directory, 'lib'))
      .filter((name) => /^python\d+\.\d+$/.test(name))
      .map((name) => join(directory, 'lib', name, 'site-packages'))
    return { directory, interpreter, sitePackages, fromWorkspace }
  }
  return undefined
}

/**
 * Whether a virtualenv {@link findVirtualenv} would find for `root` is there (a `stat` or two
 * each; none makes an object for a missing file): checked before each query of a server that
 * started without one.
 */
export function hasVirtualenv(root: string, workspaceRoot: string = root): boolean {
  return venvFolders(root, workspaceRoot).some((folder) => VENV_NAMES.some((name) => isVirtualenv(join(folder, name))))
}

/** The names a project's virtualenv goes by (uv and poetry make `.venv`; `python3 -m venv venv`). */
const VENV_NAMES = ['.venv', 'venv'] as const

/** Folders above a server root looked at for its repository's root, at most. */
const MAX_LEVELS_UP = 8

/**
 * Where a server root's virtualenv may be: the root, then each folder above it up to the
 * workspace root, or further up to its repository's root (`.git`, within {@link MAX_LEVELS_UP}
 * folders). A uv workspace keeps one `.venv` at its top for every member project, each a server
 * root of its own; above a folder in neither, nothing is looked at (a home folder's stray venv is no project's).
 */
function venvFolders(root: string, workspaceRoot: string): readonly string[] {
  const key = `${root}\0${workspaceRoot}`
  let known = foldersOfRoot.get(key)
  if (known === undefined) foldersOfRoot.set(key, (known = foldersUp(root, workspaceRoot)))
  return known
}

/** {@link venvFolders} of each server root and workspace, found once (a repository's root does not move under a running host). */
const foldersOfRoot = new Map<string, readonly string[]>()

function foldersUp(root: string, workspaceRoot: string): string[] {
  const folders = [root]
  let top = isInside(root, workspaceRoot) ? workspaceRoot : root
  // The nearest repository's root, when it is above the workspace root.
  for (let folder = root, level = 0; level <= MAX_LEVELS_UP; level++, folder = dirname(folder)) {
    if (existsSync(join(folder, '.git'))) {
      if (isInside(top, folder)) top = folder
      break
    }
    if (dirname(folder) === folder) break
  }
  for (let folder = root; folder !== top && isInside(folder, top); ) folders.push((folder = dirname(folder)))
  return folders
}

/** Whether `directory` is a virtualenv: its `pyvenv.cfg` and `bin/python`. */
function isVirtualenv(directory: string): boolean {
  return isFile(join(directory, 'pyvenv.cfg')) && isFile(join(directory, 'bin', 'python'))
}

/**
 * `settings` with the virtualenv of `root` added for a Python server (LSP `workspace/configuration`
 * sections, dotted): its interpreter under `interpreterSetting` (pyright asks that interpreter for
 * its search paths), or — for a virtualenv found in the workspace, unless `runWorkspaceInterpreter`
 * — its site-packages appended under `searchPathsSetting`, so no code of the workspace's runs (an
 * interpreter runs the `.pth` files of its site-packages, and its `pyvenv.cfg` says where its
 * standard library is). A setting the config gives already is left as it is.
 */
export function settingsWithVirtualenv(
  settings: Readonly<Record<string, unknown>> | undefined,
  venv: Virtualenv,
  options: { readonly interpreterSetting: string; readonly searchPathsSetting: string; readonly runWorkspaceInterpreter: boolean },
): Record<string, unknown> {
  const result = structuredClone(settings ?? {}) as Record<string, unknown>
  if (settingAt(result, options.interpreterSetting) !== undefined) return result
  if (!venv.fromWorkspace || options.runWorkspaceInterpreter) {
    assign(result, options.interpreterSetting, venv.interpreter)
    return result
  }
  const existing = settingAt(result, options.searchPathsSetting)
  assign(result, options.searchPathsSetting, [...(Array.isArray(existing) ? existing : []), ...venv.sitePackages])
  return result
}

/** The value at a dotted setting name (`python.analysis.extraPaths`) in LSP settings; `undefined` when absent. */
export function settingAt(settings: Readonly<Record<string, unknown>> | undefined, dotted: string): unknown {
  let value: unknown = settings
  for (const key of dotted.split('.')) value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined
  return value
}

function assign(settings: Record<string, unknown>, dotted: string, leaf: unknown): void {
  const keys = dotted.split('.')
  let node = settings
  for (const key of keys.slice(0, -1)) {
    const next = node[key]
    node = node[key] = typeof next === 'object' && next !== null && !Array.isArray(next) ? (next as Record<string, unknown>) : {}
  }
  node[keys[keys.length - 1]!] = leaf
}

function listNames(directory: string): string[] {
  try {
    return readdirSync(directory)
  } catch {
    return []
  }
}
