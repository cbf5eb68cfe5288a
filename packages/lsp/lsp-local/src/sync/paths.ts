import { realpathSync, statSync, type Stats } from 'node:fs'
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path'
import { LspError } from '@agent-lsp/lsp'

/**
 * The realpath of a workspace root (the seam's `resolvedWorkspaceRoot`).
 * @throws LspError `LSP_FILE_NOT_FOUND` when it does not exist or is not a directory.
 */
export function resolveWorkspaceRoot(workspaceRoot: string): string {
  const root = realpathOrNull(resolve(workspaceRoot))
  if (root === null || !statSync(root).isDirectory()) {
    throw new LspError('LSP_FILE_NOT_FOUND', `workspace root ${workspaceRoot} does not exist or is not a directory`)
  }
  return root
}

/**
 * The realpath of `filePath` (absolute, or relative to `workspaceRoot`), which must be a file
 * inside `resolvedRoot` once symlinks are followed.
 * @throws LspError `LSP_FILE_NOT_FOUND` (missing, or a directory), `LSP_OUTSIDE_WORKSPACE`.
 */
export function resolveWorkspaceFile(filePath: string, workspaceRoot: string, resolvedRoot: string): string {
  const requested = resolve(workspaceRoot, filePath)
  const real = realpathOrNull(requested)
  if (real === null) throw new LspError('LSP_FILE_NOT_FOUND', `file not found: ${filePath} (looked for ${requested})`)
  if (!isInside(real, resolvedRoot)) {
    throw new LspError('LSP_OUTSIDE_WORKSPACE', `${filePath} resolves to ${real}, outside the workspace ${resolvedRoot}`)
  }
  if (!statSync(real).isFile()) throw new LspError('LSP_FILE_NOT_FOUND', `${filePath} is not a file`)
  return real
}

/** Whether `path` is `root` or below it (both absolute and already resolved). */
export function isInside(path: string, root: string): boolean {
  const rel = relative(root, path)
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel))
}

/**
 * The nearest directory from `file`'s up to `root` holding one of `markers`, else `root`.
 * Used to give each project of a monorepo its own server.
 */
export function nearestRoot(file: string, root: string, markers: readonly string[]): string {
  if (markers.length === 0) return root
  for (let dir = dirname(file); isInside(dir, root); dir = dirname(dir)) {
    if (markers.some((marker) => exists(join(dir, marker)))) return dir
    if (dir === root) break
  }
  return root
}

/**
 * The nearest ancestor folder of `file`, inside `root`, holding one of `markers`; `undefined` when
 * none does (see `LocalServerConfig.workspaceRootMarkers`). Nearest, as gopls finds its go.work.
 */
export function workspaceMarkedRoot(file: string, root: string, markers: readonly string[]): string | undefined {
  if (markers.length === 0) return undefined
  const found = nearestRoot(file, root, markers)
  return found !== root || markers.some((marker) => exists(join(root, marker))) ? found : undefined
}

/**
 * `stat` of `path` following symlinks, or `undefined` when it cannot be read. A missing path
 * (the usual case, on every query's root-marker search) returns without an exception.
 */
function statOrUndefined(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false })
  } catch {
    return undefined // not a directory, no permission, a loop
  }
}

/** Whether `path` exists (any kind). */
export function exists(path: string): boolean {
  return statOrUndefined(path) !== undefined
}

/** Whether `path` is a regular file, following symlinks. */
export function isFile(path: string): boolean {
  return statOrUndefined(path)?.isFile() ?? false
}

/** Whether `path` is a directory, following symlinks. */
export function isDirectory(path: string): boolean {
  return statOrUndefined(path)?.isDirectory() ?? false
}

/** The realpath of `path`, or `null` when it does not resolve (missing, dangling, unreadable). */
export function realpathOrNull(path: string): string | null {
  try {
    return realpathSync.native(path)
  } catch {
    return null
  }
}
