import { readFileSync, statSync } from 'node:fs'
import { LspError } from '@agent-lsp/lsp'

/**
 * A file's text as an editor sends it: UTF-8, without a leading byte order mark (U+FEFF), which
 * editors hide and servers reading a file themselves drop (tsserver does), so line 0's positions
 * do not count it (docs/lsp.md, "Coordinates"); sent with it, tsserver and pyright count it.
 * A file that starts with a UTF-16 byte order mark (FF FE or FE FF) or holds a NUL byte is not
 * text a server reads as source (binary, or UTF-16/32), and is never sent: its NULs made
 * typescript-language-server answer "no symbols" as if it were an empty file. The message is the
 * tool's (`tool-lsp` `fileReadError`) for the same file.
 * @throws LspError `LSP_NOT_TEXT` for such a file; the `fs` error when it cannot be read.
 */
export function diskText(path: string): string {
  const bytes = readFileSync(path)
  const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)
  if (utf16 || bytes.includes(0)) {
    const why = utf16 ? 'it is UTF-16, not UTF-8 (it starts with a UTF-16 byte order mark)' : 'it holds NUL bytes (binary, or not UTF-8)'
    throw new LspError('LSP_NOT_TEXT', `${path} is not a text file: ${why}`)
  }
  const text = bytes.toString('utf8')
  return text.startsWith('\ufeff') ? text.slice(1) : text
}

/** {@link diskText}, or `''` when the file is gone (ENOENT). */
export function diskTextOrEmpty(path: string): string {
  try {
    return diskText(path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    return ''
  }
}

/**
 * What `work` resolves, or `undefined` when it failed with `LSP_NOT_TEXT` (see {@link diskText}):
 * for the files a query did not ask about, which are left out rather than failing it.
 */
export async function skipNotText<T>(work: Promise<T>): Promise<T | undefined> {
  try {
    return await work
  } catch (error) {
    if (LspError.isInstance(error) && error.code === 'LSP_NOT_TEXT') return undefined
    throw error
  }
}

/**
 * A file's stamp: `size:mtime:ctime:inode` (ms, fractions kept), symlinks followed; `undefined`
 * when it is not a regular file (gone, or a folder now). The inode and ctime tell a file replaced
 * by a copy of the same size and mtime (`cp -a`, `touch -r`, a folder swapped for another), which
 * size and mtime alone did not. Numbers, not `bigint: true`: a double keeps a quarter of a
 * microsecond of today's times, finer than any two writes, at half the cost per file.
 */
export function stampOf(path: string): string | undefined {
  try {
    const stats = statSync(path)
    return stats.isFile() ? `${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}:${stats.ino}` : undefined
  } catch {
    return undefined
  }
}

/** The `size:mtime` part of a {@link stampOf} stamp: what a server telling changes by them alone compares. */
export function stampedSizeAndMtime(stamp: string): string {
  return stamp.split(':', 2).join(':')
}

/** The size in bytes a {@link stampOf} stamp records. */
export function stampedSize(stamp: string): number {
  return Number(stamp.slice(0, stamp.indexOf(':')))
}

/**
 * Bytes past which a document the query did not ask about is closed rather than sent: pyright
 * analyses no source file over 50 MiB it reads from disk (`maxSourceFileSize`), yet took a 70 MB
 * document and ran out of heap; VS Code syncs no model over 50 MB to extensions.
 */
export const MAX_OTHER_DOCUMENT_BYTES = 50 * 1024 * 1024
