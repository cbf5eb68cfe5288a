import { closeSync, openSync, readSync, statSync } from 'node:fs'

/** Bytes read for a Go file's package clause: it comes first, after comments and a build line. */
const HEAD_BYTES = 16 * 1024

/** Package clauses read, by path, while the file's identity holds. */
const clauses = new Map<string, { readonly key: string; readonly name: string | undefined }>()

/**
 * The package a Go file declares (`package isatty` in go-isatty/isatty_tcgets.go), read from its
 * first 16 KiB and kept while its identity holds (device, inode, size, mtime, ctime: a same-size
 * copy with its mtime put back keeps the first two); `undefined` when it cannot be
 * read or declares none. A Go package is named by its clause, not its folder.
 */
export function goPackageOf(path: string): string | undefined {
  let key: string
  try {
    const stats = statSync(path)
    key = `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`
  } catch {
    return undefined
  }
  const kept = clauses.get(path)
  if (kept?.key === key) return kept.name
  let name: string | undefined
  try {
    const fd = openSync(path, 'r')
    try {
      const head = Buffer.alloc(HEAD_BYTES)
      const read = readSync(fd, head, 0, HEAD_BYTES, 0)
      // Comments before the clause: line comments and block comments.
      const text = head.subarray(0, read).toString('utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\n]*/g, '')
      name = /^\s*package\s+([\p{L}_][\p{L}\p{N}_]*)/u.exec(text)?.[1]
    } finally {
      closeSync(fd)
    }
  } catch {
    name = undefined
  }
  clauses.set(path, { key, name })
  return name
}
