/**
 * The lowercase, leading-dot extension of a path's last segment (`/a/B.TSX` → `.tsx`,
 * `x.d.ts` → `.ts`), or `''` when it has none (`Makefile`, `.bashrc`). `/` and `\` both separate.
 */
export function extensionOf(filePath: string): string {
  const name = filePath.slice(Math.max(filePath.lastIndexOf('/'), filePath.lastIndexOf('\\')) + 1)
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot).toLowerCase() : ''
}

/**
 * Whether `extension` can be registered: what {@link extensionOf} can return, i.e. a leading dot
 * then lowercase letters, digits, `_`, `+` or `-` (`.ts`, `.c++`).
 */
export function isValidExtension(extension: string): boolean {
  return /^\.[a-z0-9_+-]+$/.test(extension)
}
