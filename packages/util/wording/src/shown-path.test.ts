import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { relativeInside, shownPath } from './shown-path.js'

// What path.relative decides, for comparison with the prefix test's shortcut.
function slow(root: string, absolutePath: string): string | undefined {
  const relative = path.relative(root, absolutePath)
  if (relative === '' || path.isAbsolute(relative) || relative === '..' || relative.startsWith(`..${path.sep}`)) return undefined
  return relative.split(path.sep).join('/')
}

describe('relativeInside', () => {
  const cases: [string, string, string | undefined][] = [
    ['/w', '/w/src/a.ts', 'src/a.ts'],
    ['/w', '/w/src/a b/#x[1].ts', 'src/a b/#x[1].ts'],
    ['/w', '/w/.hidden/x..y.ts', '.hidden/x..y.ts'],
    ['/w', '/w', undefined],
    ['/w', '/w/', undefined],
    ['/w', '/wx/a.ts', undefined],
    ['/w', '/w/../x/a.ts', undefined],
    ['/w', '/w/src/../a.ts', 'a.ts'],
    ['/w', '/w/./a.ts', 'a.ts'],
    ['/w', '/w//a.ts', 'a.ts'],
    ['/w/', '/w/a.ts', 'a.ts'],
    ['/w/./v', '/w/v/a.ts', 'a.ts'],
    ['/', '/a/b.ts', 'a/b.ts'],
    ['/w', '/other/a.ts', undefined],
  ]
  it.each(cases)('under %s: %s is %s, as path.relative says', (root, absolutePath, expected) => {
    expect(relativeInside(root, absolutePath)).toBe(expected)
    expect(slow(root, absolutePath)).toBe(expected)
  })
})

describe('shownPath', () => {
  it('is relative inside the root and the absolute path outside it, never ../', () => {
    expect(shownPath('/w', '/w/src/a.ts')).toBe('src/a.ts')
    expect(shownPath('/w', '/other/a.ts')).toBe('/other/a.ts')
    expect(shownPath('/w/inner', '/w/a.ts')).toBe('/w/a.ts')
    expect(shownPath('/w', '/w')).toBe('/w')
  })
})
