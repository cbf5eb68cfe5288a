import { constants } from 'node:fs'
import { open, stat } from 'node:fs/promises'

/** Thrown by {@link readRegularFile} for a path that exists but is not a regular file. */
export class NotRegularFileError extends Error {
  constructor(
    readonly absolutePath: string,
    /** Whether it is a directory (else a FIFO, socket or device). */
    readonly isDirectory: boolean,
  ) {
    super(`${absolutePath} is not a regular file`)
    this.name = 'NotRegularFileError'
  }
}

/**
 * Thrown by {@link readRegularFile} for a file that holds a NUL character: binary (an image, an
 * archive, a compiled file), or text in an encoding other than UTF-8 (UTF-16 puts a NUL beside
 * every ASCII character). No language server reads either as source, and its lines are not text.
 */
export class BinaryFileError extends Error {
  constructor(readonly absolutePath: string) {
    super(`${absolutePath} holds NUL bytes`)
    this.name = 'BinaryFileError'
  }
}

// Windows has no O_NONBLOCK, and no FIFOs to block on.
const openFlags = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0)

/**
 * The UTF-8 text of a regular file. Anything else is refused before it is opened, because reading
 * a FIFO blocks until a writer comes, a device like `/dev/zero` never ends, and opening some
 * devices acts. The file is then opened non-blocking and checked again, in case it was swapped
 * after the first check.
 * @throws NotRegularFileError for a directory, FIFO, socket or device; BinaryFileError for a file
 *   holding a NUL character (binary, or not UTF-8); the `fs` error otherwise
 *   (`ENOENT`, `EACCES`, `ELOOP`, `ENAMETOOLONG`, `ENOTDIR`, `ERR_FS_FILE_TOO_LARGE`, …).
 */
export async function readRegularFile(absolutePath: string): Promise<string> {
  checkRegular(absolutePath, await stat(absolutePath))
  const handle = await open(absolutePath, openFlags)
  try {
    checkRegular(absolutePath, await handle.stat())
    const text = await handle.readFile('utf8')
    if (text.includes('\0')) throw new BinaryFileError(absolutePath)
    return text
  } finally {
    await handle.close()
  }
}

function checkRegular(absolutePath: string, stats: { isFile(): boolean; isDirectory(): boolean }): void {
  if (!stats.isFile()) throw new NotRegularFileError(absolutePath, stats.isDirectory())
}
