import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { searchWordWithRipgrep } from './ripgrep.js'
import { searchWord, type SearchEngine } from './search.js'
import { TextCache } from './texts.js'

const roots: string[] = []
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
})

function workspace(files: Record<string, string | Buffer>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'agent-lsp-unsearched-')))
  roots.push(root)
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return root
}

const MiB = 2 ** 20
const filler = (bytes: number): string => ' '.repeat(bytes)

describe('the files a search leaves out', () => {
  it('lists those over 4 MiB naming the word as a whole word, and binary ones naming it, the same in process as by ripgrep', async () => {
    const root = workspace({
      'a.ts': 'total\n',
      'big/end.ts': `${filler(5 * MiB)}total`, // at the very end
      'big/seam.ts': `${filler(MiB - 2)}total ${filler(4 * MiB)}`, // across the 1 MiB chunks it is read in
      'big/sub.ts': `${filler(5 * MiB)}subtotal totalx _total`, // no whole word
      'big/accent.ts': `${filler(5 * MiB)}étotal totalé`, // é is a word character to ripgrep
      'big/other.ts': filler(5 * MiB),
      'big.md': `${filler(5 * MiB)}total`, // not a searched extension
      'bin.ts': Buffer.from('x\0 total\n'),
      'bin-sub.ts': Buffer.from('x\0 subtotal\n'),
    })
    let engine: SearchEngine | undefined
    const local = await searchWord('total', root, ['.ts'], 100, undefined, { texts: new TextCache(64 * MiB), engine: (used) => (engine = used) })
    const rg = await searchWordWithRipgrep('total', root, ['.ts'], 100, undefined)
    expect(engine).toBe('in-process')
    const bytes = 5 * MiB + 5
    expect(local.unsearched).toEqual([
      { path: join(root, 'big/end.ts'), reason: 'too-large', bytes },
      { path: join(root, 'big/seam.ts'), reason: 'too-large', bytes: 5 * MiB + 4 },
      { path: join(root, 'bin.ts'), reason: 'binary', bytes: 9 },
    ])
    expect(rg.unsearched).toEqual(local.unsearched)
    expect(local.occurrences).toEqual([{ path: join(root, 'a.ts'), line: 0, character: 0 }])
    expect(rg.occurrences).toEqual(local.occurrences)
  })

  it('still lists them when the limit cut the occurrences', async () => {
    const root = workspace({ 'a.ts': 'total total total\n', 'z/big.ts': `${filler(5 * MiB)}total`, 'z/bin.ts': Buffer.from('\0total') })
    const local = await searchWord('total', root, ['.ts'], 2, undefined, { texts: new TextCache(64 * MiB) })
    const rg = await searchWordWithRipgrep('total', root, ['.ts'], 2, undefined)
    expect(local.truncated).toBe(true)
    expect(local.unsearched.map((file) => file.path.slice(root.length + 1))).toEqual(['z/big.ts', 'z/bin.ts'])
    expect(rg.unsearched).toEqual(local.unsearched)
  })

  // Root reads everything: run as another user (here: setpriv --reuid=65534 … npx vitest run).
  it.skipIf(process.getuid?.() === 0)('lists the files and folders it cannot read, whether they name the word or not', async () => {
    const root = workspace({ 'a.ts': 'total\n', 'locked/x.ts': 'total\n', 'open/secret.ts': 'other\n', 'open/b.ts': 'total\n' })
    chmodSync(join(root, 'locked'), 0o000)
    chmodSync(join(root, 'open/secret.ts'), 0o000)
    let engine: SearchEngine | undefined
    const local = await searchWord('total', root, ['.ts'], 100, undefined, { texts: new TextCache(MiB), engine: (used) => (engine = used) })
    const rg = await searchWordWithRipgrep('total', root, ['.ts'], 100, undefined)
    chmodSync(join(root, 'locked'), 0o700) // for the removal after the test
    expect(engine).toBe('in-process')
    expect(local.unsearched).toEqual([
      { path: join(root, 'locked'), reason: 'unreadable', bytes: null },
      { path: join(root, 'open/secret.ts'), reason: 'unreadable', bytes: null },
    ])
    expect(rg.unsearched).toEqual(local.unsearched)
    expect(rg.occurrences).toEqual(local.occurrences)
  })
})
