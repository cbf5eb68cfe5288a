import { stat } from 'node:fs/promises'
import { LspToolError } from '../errors.js'
import { resolveWorkspaceFile, type WorkspaceFile } from '../input/workspace-file.js'

/**
 * Where `moveFile` puts the file: `newPath` placed in the workspace, which must not exist yet.
 * @throws LspToolError `LSP_OUTSIDE_WORKSPACE`, `LSP_FILE_EXISTS` (a file or folder is there;
 *   nothing is written), `LSP_INVALID_INPUT` (the same path as the file).
 */
export async function moveTarget(newPath: string, from: WorkspaceFile, workspaceRoot: string): Promise<WorkspaceFile> {
  const target = await resolveWorkspaceFile(newPath, workspaceRoot)
  if (target.absolutePath === from.absolutePath) throw new LspToolError('LSP_INVALID_INPUT', `newPath ${target.displayPath} is where ${from.displayPath} already is`)
  const there = await stat(target.absolutePath).catch(() => undefined)
  if (there !== undefined) {
    const what = there.isDirectory() ? 'a folder' : 'a file'
    throw new LspToolError('LSP_FILE_EXISTS', `${target.displayPath} exists (${what}); moveFile does not overwrite, nothing was changed. Choose another newPath or remove it first`)
  }
  return target
}
