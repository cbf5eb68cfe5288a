import { closeSync, openSync, readSync, statSync } from 'node:fs'
import { runRipgrep } from './ripgrep-process.js'
import { MAX_FILE_BYTES, ripgrepScope } from './ripgrep-scope.js'
import { byPath, type Unsearched } from './unsearched.js'

// ripgrep's line for a path it could not read: `rg: /abs/path: Permission denied (os error 13)`.
const readError = /^rg: (\/.*): .* \(os error (\d+)\)$/
/** ENOENT, ENOTDIR: gone meanwhile, nothing left out. */
const GONE = new Set(['2', '20'])

/**
 * The files under `root` that the search by `searchWordWithRipgrep` leaves out though they may name
 * `name`: ripgrep again, listing the files whose bytes hold it as a whole word with no size bound
 * and binary files searched too (`-l --binary`, the same scope otherwise); of those, the ones over
 * `MAX_FILE_BYTES` are `too-large` and the ones with a NUL byte `binary` (ripgrep stops at the NUL);
 * each path ripgrep could not read (`Permission denied`…) is `unreadable`. By path (see `byPath`).
 * @throws LspError `LSP_SERVER_NOT_FOUND` when ripgrep cannot run, `LSP_CANCELLED` when `signal` aborts.
 */
export async function unsearchedByRipgrep(rg: string, name: string, root: string, extensions: readonly string[], signal: AbortSignal | undefined): Promise<Unsearched[]> {
  const args = ['-l', '--binary', ...ripgrepScope(extensions), '--', name, root]
  let stdout = ''
  let stderr = ''
  await runRipgrep(rg, args, name, signal, (chunk) => (stdout += chunk), (chunk) => (stderr += chunk))
  const found: Unsearched[] = []
  for (const path of stdout.split('\n')) {
    if (path === '') continue
    const bytes = statSync(path, { throwIfNoEntry: false })?.size
    if (bytes === undefined) continue
    if (bytes > MAX_FILE_BYTES) found.push({ path, reason: 'too-large', bytes })
    else if (holdsNul(path)) found.push({ path, reason: 'binary', bytes })
  }
  for (const line of stderr.split('\n')) {
    const match = readError.exec(line)
    if (match !== null && !GONE.has(match[2]!)) found.push({ path: match[1]!, reason: 'unreadable', bytes: null })
  }
  return found.sort(byPath)
}

/** Whether the file (at most `MAX_FILE_BYTES`) holds a NUL byte; `false` when it cannot be read. */
function holdsNul(path: string): boolean {
  let fd: number
  try {
    fd = openSync(path, 'r')
  } catch {
    return false
  }
  try {
    const buffer = Buffer.alloc(64 * 1024)
    for (let read = readSync(fd, buffer); read > 0; read = readSync(fd, buffer)) {
      if (buffer.subarray(0, read).includes(0)) return true
    }
    return false
  } catch {
    return false
  } finally {
    closeSync(fd)
  }
}
