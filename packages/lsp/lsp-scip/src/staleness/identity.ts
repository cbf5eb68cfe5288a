import type { Stats } from 'node:fs'

/**
 * What tells one version of a file (or folder) from another without reading it: device, inode,
 * size, mtime and ctime. Size and mtime alone miss a same-size copy with its mtime put back
 * (`cp -p`, `rsync -t`, `tar x`, `touch -d`), in place or as a new inode; the kernel sets ctime on
 * every write, rename and `utimes`, and no caller can set it back.
 */
export function identityOf(stats: Stats): string {
  return `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`
}
