import path from 'node:path'

/**
 * `absolutePath` relative to `root` with forward slashes (`src/a b/x.ts`), or `undefined` when it
 * is not strictly inside `root` (outside, via `..`, the root itself, or another drive).
 * Both must be absolute; comparison is textual (no symlinks resolved).
 */
export function relativeInside(root: string, absolutePath: string): string | undefined {
  const relative = path.relative(root, absolutePath)
  if (relative === '' || path.isAbsolute(relative)) return undefined
  if (relative === '..' || relative.startsWith(`..${path.sep}`)) return undefined
  return relative.split(path.sep).join('/')
}
