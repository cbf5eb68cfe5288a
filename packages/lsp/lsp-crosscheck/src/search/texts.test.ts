import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { fileUri, TextCache, Texts } from './texts.js'

describe('Texts', () => {
  it('reads a file without its leading byte order mark, as ripgrep and the seam count positions', () => {
    const dir = mkdtempSync(join(tmpdir(), 'crosscheck-texts-'))
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
    writeFileSync(join(dir, 'a.ts'), '\ufeffexport const total = 1\r\nexport const twice = total * 2\n')
    const text = new Texts().get(fileUri(join(dir, 'a.ts')))
    expect({ text: text?.text, lines: text?.lines, lineStarts: text && Array.from(text.lineStarts) }).toEqual({
      text: 'export const total = 1\r\nexport const twice = total * 2\n',
      lines: ['export const total = 1', 'export const twice = total * 2', ''],
      lineStarts: [0, 24, 55],
    })
  })
})

describe('TextCache', () => {
  it('gives the same text while the file is unchanged, the new one once it changes, and keeps at most its bound', () => {
    const dir = mkdtempSync(join(tmpdir(), 'crosscheck-texts-'))
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
    const [a, b] = [join(dir, 'a.ts'), join(dir, 'b.ts')]
    writeFileSync(a, 'const a = 1\n')
    writeFileSync(b, 'const b = 2\n')
    const cache = new TextCache(20, 0) // no racy window: each change below changes the size
    const first = cache.get(fileUri(a))
    expect(cache.get(fileUri(a))).toBe(first)
    writeFileSync(a, 'const a = 10\n') // one byte longer: a new identity whatever the clock's resolution
    expect(cache.get(fileUri(a))?.lines).toEqual(['const a = 10', ''])
    const changed = cache.get(fileUri(a))
    cache.get(fileUri(b)) // 13 + 12 units > 20: a, the least recently used, is dropped
    expect(cache.get(fileUri(a))).not.toBe(changed)
    expect(cache.get(fileUri(a))?.lines).toEqual(changed?.lines)
    rmSync(b)
    expect(cache.get(fileUri(b))).toBeUndefined()
  })

  // Linux stamps files from a coarse clock: a rewrite of the same size in the same tick keeps the
  // identity, so a text read within the racy window of its change is read again next time.
  it('reads a file changed within the racy window again', () => {
    const dir = mkdtempSync(join(tmpdir(), 'crosscheck-texts-'))
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
    const a = join(dir, 'a.ts')
    writeFileSync(a, 'const a = 1\n')
    const cache = new TextCache(1_000)
    const first = cache.get(fileUri(a))
    const second = cache.get(fileUri(a))
    expect(second).not.toBe(first)
    expect(second?.text).toBe(first?.text)
  })
})
