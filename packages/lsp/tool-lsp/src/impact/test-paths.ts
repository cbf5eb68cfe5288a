/**
 * Whether `file` (relative to the workspace root, forward slashes) is a test by the usual path
 * conventions: under a `test/`, `tests/` or `__tests__/` folder, or named `*.test.*`, `*.spec.*`,
 * `test_*.py`, `*_test.py` or `*_test.go`.
 */
export function isTestPath(file: string): boolean {
  const base = file.slice(file.lastIndexOf('/') + 1)
  return (
    /(^|\/)(test|tests|__tests__)\//.test(file) ||
    /\.(test|spec)\.[^.]+$/.test(base) ||
    /^test_.+\.py$/.test(base) ||
    /_test\.(py|go)$/.test(base)
  )
}
