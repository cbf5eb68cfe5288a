import { constants } from 'node:fs'
import { open, stat } from 'node:fs/promises'
import { invalidUtf8, type InvalidUtf8 } from './invalid-utf8.js'

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
 * Thrown by {@link readRegularFile} for a file that is not UTF-8 text. `reason`:
 * - `'utf16'`: it starts with a UTF-16 byte order mark (FF FE or FE FF; UTF-32's starts so too),
 *   text in an encoding this tool and the servers it talks to do not read as source;
 * - `'nul'`: it holds a NUL byte: binary (an image, an archive, a compiled file), or text in UTF-16
 *   or UTF-32 without a byte order mark (a NUL beside every ASCII character).
 * Its lines are not the lines an editor shows, and no language server reads it as source.
 * - `'invalid'` (only for a file read to edit, see {@link readRegularFile}): bytes UTF-8 does not
 *   allow (`invalid` says the first), text in an 8-bit encoding (Latin-1, Windows-1252): servers
 *   read it with U+FFFD in their place, so it can be answered about, but written back from that
 *   reading it would lose those bytes.
 */
export class NotTextError extends Error {
  constructor(
    readonly absolutePath: string,
    readonly reason: 'utf16' | 'nul' | 'invalid',
    readonly invalid?: InvalidUtf8,
  ) {
    super(`${absolutePath} is not UTF-8 text (${reason === 'utf16' ? 'a UTF-16 byte order mark' : reason === 'nul' ? 'NUL bytes' : `byte ${invalid?.byte} at ${invalid?.at}`})`)
    this.name = 'NotTextError'
  }

  /** Why, for a message to a model: `it holds NUL bytes (binary, or not UTF-8)`, and the like. */
  get why(): string {
    if (this.reason === 'utf16') return 'it is UTF-16, not UTF-8 (it starts with a UTF-16 byte order mark)'
    if (this.reason === 'nul') return 'it holds NUL bytes (binary, or not UTF-8)'
    return `byte ${this.invalid?.byte} at ${this.invalid?.at} is not UTF-8 (an 8-bit encoding such as Latin-1?)`
  }
}

// Windows has no O_NONBLOCK, and no FIFOs to block on.
const openFlags = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0)

/**
 * The UTF-8 text of a regular file, without a leading byte order mark (U+FEFF): an editor hides
 * it, and the seam's positions do not count it (docs/lsp.md, "Coordinates"), so line 1's columns
 * are the ones an editor shows. Anything else is refused before it is opened, because reading
 * a FIFO blocks until a writer comes, a device like `/dev/zero` never ends, and opening some
 * devices acts. The file is then opened non-blocking and checked again, in case it was swapped
 * after the first check.
 * With `toEdit` (every read of a file an edit writes, or checks before writing), a leading U+FEFF
 * is kept, as the edit writes the file back with it, and a file that is not valid UTF-8 is refused
 * (`invalid`): its text is what the edit would write, and decoding it lost bytes.
 * @throws NotRegularFileError for a directory, FIFO, socket or device; NotTextError for a file
 *   that is not UTF-8 text (binary, or UTF-16; with `toEdit`, any invalid UTF-8); the `fs` error otherwise
 *   (`ENOENT`, `EACCES`, `ELOOP`, `ENAMETOOLONG`, `ENOTDIR`, `ERR_FS_FILE_TOO_LARGE`, …).
 */
export async function readRegularFile(absolutePath: string, { toEdit = false } = {}): Promise<string> {
  checkRegular(absolutePath, await stat(absolutePath))
  const handle = await open(absolutePath, openFlags)
  try {
    checkRegular(absolutePath, await handle.stat())
    const bytes = await handle.readFile()
    if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) throw new NotTextError(absolutePath, 'utf16')
    if (bytes.includes(0)) throw new NotTextError(absolutePath, 'nul')
    const invalid = toEdit ? invalidUtf8(bytes) : undefined
    if (invalid !== undefined) throw new NotTextError(absolutePath, 'invalid', invalid)
    const text = bytes.toString('utf8')
    return !toEdit && text.startsWith('\ufeff') ? text.slice(1) : text
  } finally {
    await handle.close()
  }
}

function checkRegular(absolutePath: string, stats: { isFile(): boolean; isDirectory(): boolean }): void {
  if (!stats.isFile()) throw new NotRegularFileError(absolutePath, stats.isDirectory())
}
