import path from 'node:path'

// A `.` or `..` segment, or an empty one (`//`): a path the prefix test cannot judge.
const unclean = /(?:^|[\\/])\.{0,2}(?:[\\/]|$)/

/**
 * `absolutePath` relative to `root` with forward slashes (`src/a b/x.ts`), or `undefined` when it
 * is not strictly inside `root` (outside, via `..`, the root itself, or another drive).
 * Both must be absolute; comparison is textual (no symlinks resolved).
 */
export function relativeInside(root: string, absolutePath: string): string | undefined {
  // Most paths asked about are plainly under the root: a prefix test, no normalization (~20× faster).
  const prefix = root + path.sep
  if (absolutePath.startsWith(prefix) && !unclean.test(root.slice(1))) {
    const rest = absolutePath.slice(prefix.length)
    if (rest !== '' && !unclean.test(rest)) return path.sep === '/' ? rest : rest.split(path.sep).join('/')
  }
  const relative = path.relative(root, absolutePath)
  if (relative === '' || path.isAbsolute(relative)) return undefined
  if (relative === '..' || relative.startsWith(`..${path.sep}`)) return undefined
  return relative.split(path.sep).join('/')
}

/**
 * A file as an answer names it: relative to `root` with forward slashes when strictly inside it
 * (`src/a.ts`), else the absolute path as given (never `../x`).
 */
export function shownPath(root: string, absolutePath: string): string {
  return relativeInside(root, absolutePath) ?? absolutePath
}
