import { randomBytes } from 'node:crypto'
import * as fs from 'node:fs/promises'
import path from 'node:path'
import { LspToolError } from '../errors.js'
import { readRegularFile } from '../input/regular-file.js'
import { hashText, type FileChange } from './edit-plan.js'

/**
 * The file operations applying uses; injectable so that a failure at any step can be tested.
 * Each rejects with a Node `ErrnoException`.
 */
export interface EditFileSystem {
  readFile(file: string): Promise<string>
  /** Create or truncate `file` with `text` (UTF-8) and permission `mode`. */
  writeFile(file: string, text: string, mode: number): Promise<void>
  /** Atomically replace `to` with `from` (POSIX `rename(2)`). */
  rename(from: string, to: string): Promise<void>
  unlink(file: string): Promise<void>
  /** Create the directory and its parents. */
  mkdir(dir: string): Promise<void>
  /** Remove an empty directory (one `mkdir` created for a failed apply); without it such folders stay. */
  rmdir?(dir: string): Promise<void>
  /** The permission bits of `file`, or `undefined` when it does not exist. */
  mode(file: string): Promise<number | undefined>
}

/** The real file system; files are read as the plan read them (a FIFO or device never opened, see `readRegularFile`). */
export const nodeFileSystem: EditFileSystem = {
  readFile: (file) => readRegularFile(file, { toEdit: true }),
  writeFile: (file, text, mode) => fs.writeFile(file, text, { encoding: 'utf8', mode }),
  rename: (from, to) => fs.rename(from, to),
  unlink: (file) => fs.unlink(file),
  mkdir: async (dir) => void (await fs.mkdir(dir, { recursive: true })),
  rmdir: (dir) => fs.rmdir(dir),
  mode: (file) => fs.stat(file).then((stats) => stats.mode & 0o7777, () => undefined),
}

/**
 * Write a plan's files all or nothing:
 * 1. every new content goes to a temporary file beside its target (same directory, so the final
 *    rename is atomic), with the target's permissions; a failure removes them and changes nothing;
 * 2. every file the plan read is read again and must still hash to what the plan saw;
 * 3. each temporary file is renamed over its target, and each deleted file unlinked, in path
 *    order; if one fails, those already done are put back (original contents rewritten the same
 *    atomic way, created files removed, and the folders created for them) before the error is thrown.
 * @throws LspToolError `LSP_EDIT_CONFLICT` (a file changed since the plan; nothing written),
 *   `LSP_EDIT_FAILED` (a write failed; the message says every file was restored, or names those
 *   that could not be).
 */
export async function applyAtomically(files: readonly FileChange[], fileSystem: EditFileSystem = nodeFileSystem): Promise<void> {
  const temps = new Map<string, string>()
  /** Folders created for new files (a moved file's new folder), deepest last. */
  const folders: string[] = []
  const removeTemps = async (): Promise<void> => {
    await Promise.all([...temps.values()].map((temp) => fileSystem.unlink(temp).catch(() => {})))
    for (const folder of [...folders].reverse()) await fileSystem.rmdir?.(folder).catch(() => {})
  }
  try {
    for (const file of files) {
      if (file.after === null) continue
      const missing: string[] = []
      for (let dir = path.dirname(file.path); (await fileSystem.mode(dir)) === undefined && dir !== path.dirname(dir); dir = path.dirname(dir)) missing.unshift(dir)
      await fileSystem.mkdir(path.dirname(file.path))
      folders.push(...missing)
      const temp = path.join(path.dirname(file.path), `.${path.basename(file.path)}.agent-lsp-${randomBytes(4).toString('hex')}.tmp`)
      const mode = (await fileSystem.mode(file.path)) ?? 0o644
      temps.set(file.path, temp)
      await fileSystem.writeFile(temp, file.after, mode)
    }
  } catch (error) {
    await removeTemps()
    throw new LspToolError('LSP_EDIT_FAILED', `could not write ${describeFailure(error)}; no file was changed`, { cause: error })
  }
  for (const file of files) {
    const now = await fileSystem.readFile(file.path).then(hashText, () => null)
    if (now !== file.baseHash) {
      await removeTemps()
      throw new LspToolError('LSP_EDIT_CONFLICT', `${file.displayPath} changed on disk since the edit was computed; no file was changed. Preview the edit again`)
    }
  }
  const done: FileChange[] = []
  try {
    for (const file of files) {
      const temp = temps.get(file.path)
      if (temp !== undefined) await fileSystem.rename(temp, file.path)
      else await fileSystem.unlink(file.path)
      temps.delete(file.path)
      done.push(file)
    }
  } catch (error) {
    const unrestored = await restore(done.reverse(), fileSystem)
    await removeTemps()
    const outcome =
      unrestored.length === 0
        ? 'every file was restored to its content before the edit'
        : `these files could not be restored: ${unrestored.join(', ')}`
    throw new LspToolError('LSP_EDIT_FAILED', `writing ${describeFailure(error)}; ${outcome}`, { cause: error })
  }
}

/** Put back files already written; returns the display paths that could not be. */
async function restore(done: readonly FileChange[], fileSystem: EditFileSystem): Promise<string[]> {
  const failed: string[] = []
  for (const file of done) {
    try {
      if (file.before === null) {
        await fileSystem.unlink(file.path)
      } else {
        const temp = `${file.path}.agent-lsp-restore-${randomBytes(4).toString('hex')}.tmp`
        await fileSystem.writeFile(temp, file.before, (await fileSystem.mode(file.path)) ?? 0o644)
        await fileSystem.rename(temp, file.path)
      }
    } catch {
      failed.push(file.displayPath)
    }
  }
  return failed
}

/** `path (EACCES: permission denied)` from a Node error. */
function describeFailure(error: unknown): string {
  const errno = error as NodeJS.ErrnoException
  const where = typeof errno?.path === 'string' ? errno.path.replace(/\.([^/]*)\.agent-lsp-[0-9a-f]+\.tmp$/, '$1') : 'a file'
  const what = typeof errno?.code === 'string' ? errno.code : error instanceof Error ? error.message : String(error)
  return `${where} failed (${what})`
}
