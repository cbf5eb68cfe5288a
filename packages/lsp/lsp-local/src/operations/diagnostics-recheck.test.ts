import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { MAX_NAMED_FILES, namedFilesChangedSince } from './diagnostics-recheck.js'

const include = [/^\s*#\s*include\s+"([^"]+)"/m]
let root: string | undefined
afterEach(() => (root === undefined ? undefined : rm(root, { recursive: true, force: true })))

/** A folder with `count` headers h0.h … included by main.c, and what main.c's text is. */
async function headers(count: number): Promise<{ root: string; main: string; text: string }> {
  root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'named-files-')))
  for (let i = 0; i < count; i++) await writeFile(path.join(root, `h${i}.h`), `int h${i};\n`)
  const text = Array.from({ length: count }, (_, i) => `#include "h${i}.h"\n`).join('')
  await writeFile(path.join(root, 'main.c'), text)
  return { root, main: path.join(root, 'main.c'), text }
}

// Past the bound the check stopped silently: a changed 65th header left the diagnostics "complete".
describe('namedFilesChangedSince: the files a document names, to a bound that is said', () => {
  it('counts the names past the first 64 followed, and finds a change only among those followed', async () => {
    const { root, main, text } = await headers(MAX_NAMED_FILES + 6)
    const later = Date.now() + 60_000
    expect(namedFilesChangedSince(text, main, root, include, later)).toEqual({ changed: false, unchecked: 6 })
    expect(namedFilesChangedSince(text, main, root, include, 0)).toEqual({ changed: true, unchecked: 0 })
    const within = Array.from({ length: MAX_NAMED_FILES }, (_, i) => `#include "h${i}.h"\n`).join('')
    expect(namedFilesChangedSince(within, main, root, include, later)).toEqual({ changed: false, unchecked: 0 })
  })

  it('reads a named file again once its stamp changed: the names it holds now count', async () => {
    const { root, main, text } = await headers(MAX_NAMED_FILES)
    const later = Date.now() + 60_000
    expect(namedFilesChangedSince(text, main, root, include, later)).toEqual({ changed: false, unchecked: 0 })
    await writeFile(path.join(root, 'h0.h'), '#include "extra1.h"\n#include "extra2.h"\n#include "extra1.h"\n')
    expect(namedFilesChangedSince(text, main, root, include, later)).toEqual({ changed: false, unchecked: 2 })
  })
})
