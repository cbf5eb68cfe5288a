import { realpath } from 'node:fs/promises'
import path from 'node:path'
import { relativeInside } from '@agent-lsp/wording'
import { LspToolError } from '../errors.js'
import { pathForMessage } from './message-path.js'

/** A requested file placed in the workspace. */
export interface WorkspaceFile {
  /** The path as given, resolved against the workspace root (symlinks kept): what is sent. */
  readonly absolutePath: string
  /** Relative to the root it was found under, forward slashes; `.` for the root itself. */
  readonly displayPath: string
}

/**
 * Place `given` (relative to `workspaceRoot`, or absolute) in the workspace. It is inside when its
 * real path is inside the root's real path: either may go through a symlink (a symlinked working
 * directory, a link to the root), but a symlink under the root that leads out of it (a file, or a
 * folder on the way) is outside, so nothing outside is read. The display path is relative to the
 * root as given when the path is under it, else to the real root. The root itself counts as
 * inside, so that it is reported as a directory, not as outside.
 * @param workspaceRoot - absolute.
 * @throws LspToolError `LSP_OUTSIDE_WORKSPACE`, naming real paths only where they differ.
 */
export async function resolveWorkspaceFile(given: string, workspaceRoot: string): Promise<WorkspaceFile> {
  const absolutePath = path.resolve(workspaceRoot, given)
  const [realRoot, realFile] = await Promise.all([realPathOf(workspaceRoot), realPathOf(absolutePath)])
  const viaReal = pathInside(realRoot, realFile)
  if (viaReal !== undefined) return { absolutePath, displayPath: pathInside(workspaceRoot, absolutePath) ?? viaReal }
  const file = realFile === given ? `${pathForMessage(given)} is` : `${pathForMessage(given)} resolves to ${pathForMessage(realFile)},`
  const root = pathForMessage(workspaceRoot) + (realRoot === workspaceRoot ? '' : ` (real path ${pathForMessage(realRoot)})`)
  throw new LspToolError('LSP_OUTSIDE_WORKSPACE', `${file} outside the workspace root ${root}; give a path inside it`)
}

function pathInside(root: string, absolutePath: string): string | undefined {
  return absolutePath === root ? '.' : relativeInside(root, absolutePath)
}

/**
 * The real path of `absolutePath`, or for one that cannot be resolved (missing, a symlink loop),
 * the real path of its nearest resolvable ancestor joined with the rest: a missing file under a
 * symlinked root is then found inside and reported missing, not outside.
 */
async function realPathOf(absolutePath: string): Promise<string> {
  try {
    return await realpath(absolutePath)
  } catch {
    const parent = path.dirname(absolutePath)
    if (parent === absolutePath) return absolutePath
    return path.join(await realPathOf(parent), path.basename(absolutePath))
  }
}
