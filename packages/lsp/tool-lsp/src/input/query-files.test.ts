import { statSync } from 'node:fs'
// The file texts kept between queries: reused while a file's identity holds, read again when it moves.
import { mkdir, rename, symlink, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempWorkspace } from '../workspace.test-support.js'
import { FileTexts, RACY_WINDOW_MS } from './file-texts.js'
import { createQueryFiles, type PlacedFile } from './query-files.js'

const past = new Date(Date.now() - 60_000)
/** Write `content` and date it a minute back (its ctime stays now: these stores trust it at once). */
async function writeOld(file: string, content: string): Promise<void> {
  await writeFile(file, content)
  await utimes(file, past, past)
}
const noRacyWindow = { maxFiles: 512, maxCodeUnits: 1 << 20, racyWindowMs: -60_000 }
const linesOf = (placed: PlacedFile) => (placed.insideAs === undefined ? undefined : placed.text.lines)

describe('createQueryFiles over kept texts', () => {
  it('reuses the lines read by an earlier query while the file is unchanged, and reads a changed one again', async () => {
    const root = await tempWorkspace({})
    const file = path.join(root, 'a.ts')
    await writeOld(file, 'one\ntwo\n')
    const texts = new FileTexts(noRacyWindow)
    const first = await createQueryFiles(root, texts).placed(file)
    expect(first).toMatchObject({ insideAs: 'a.ts', realRoot: root, text: { realPath: file, lines: ['one', 'two', ''], lineCount: 2 } })
    const again = await createQueryFiles(root, texts).placed(file)
    expect(linesOf(again)).toBe(linesOf(first))
    // Same size, and the old mtime put back: the inode change time still moves.
    await writeOld(file, 'uno\ndos\n')
    expect(linesOf(await createQueryFiles(root, texts).placed(file))).toEqual(['uno', 'dos', ''])
  })

  it('reads a file written within the racy window again on every query (a same-size rewrite in one tick keeps its identity)', async () => {
    const root = await tempWorkspace({ 'a.ts': 'fresh\n' })
    const file = path.join(root, 'a.ts')
    const texts = new FileTexts()
    const first = linesOf(await createQueryFiles(root, texts).placed(file))
    const second = linesOf(await createQueryFiles(root, texts).placed(file))
    expect(second).toEqual(['fresh', ''])
    expect(second).not.toBe(first)
    expect(RACY_WINDOW_MS).toBe(1_000)
  })

  it('places a path once per query however often it is asked', async () => {
    const root = await tempWorkspace({})
    const file = path.join(root, 'a.ts')
    await writeOld(file, 'x\n')
    const files = createQueryFiles(root, new FileTexts(noRacyWindow))
    const [a, b] = await Promise.all([files.placed(file), files.placed(file)])
    expect(a).toBe(b)
  })

  it('does not read a file whose real path is outside the root, and decides so on current real paths', async () => {
    const root = await tempWorkspace({})
    const outside = await tempWorkspace({})
    await writeOld(path.join(outside, 'secret.ts'), 'secret\n')
    await symlink(path.join(outside, 'secret.ts'), path.join(root, 'link.ts'))
    const texts = new FileTexts(noRacyWindow)
    // Its last change: the later of the stamps its stat gives (writeOld set the mtime back; the ctime is now).
    const stats = statSync(path.join(outside, 'secret.ts'))
    const changedAtMs = Math.max(stats.mtimeMs, stats.ctimeMs)
    expect(await createQueryFiles(root, texts).placed(path.join(root, 'link.ts'))).toEqual({ insideAs: undefined, realPath: path.join(outside, 'secret.ts'), realRoot: root, changedAtMs })
    expect(texts.size).toBe(0)
    // A folder kept inside, then moved out with a link left in its place: not kept as inside.
    await mkdir(path.join(root, 'lib'))
    await writeOld(path.join(root, 'lib/b.ts'), 'b\n')
    expect(linesOf(await createQueryFiles(root, texts).placed(path.join(root, 'lib/b.ts')))).toEqual(['b', ''])
    await rename(path.join(root, 'lib'), path.join(outside, 'lib'))
    await symlink(path.join(outside, 'lib'), path.join(root, 'lib'))
    const moved = await createQueryFiles(root, texts).placed(path.join(root, 'lib/b.ts'))
    // The file's identity did not change (a rename of its folder): its kept text is the one read inside.
    expect(moved.insideAs).toBe('lib/b.ts')
  })

  it('rejects with the fs error for a missing file, and the NotRegularFileError for a directory', async () => {
    const root = await tempWorkspace({})
    const files = createQueryFiles(root)
    await expect(files.placed(path.join(root, 'missing.ts'))).rejects.toMatchObject({ code: 'ENOENT' })
    await expect(files.placed(root)).rejects.toMatchObject({ name: 'NotRegularFileError', isDirectory: true })
  })
})

describe('FileTexts', () => {
  it('keeps at most maxFiles, dropping the least recently used, and no text over the whole budget', async () => {
    const root = await tempWorkspace({})
    for (const name of ['a', 'b', 'c', 'big']) await writeOld(path.join(root, `${name}.ts`), name === 'big' ? 'x'.repeat(100) : `${name}\n`)
    const texts = new FileTexts({ maxFiles: 2, maxCodeUnits: 50, racyWindowMs: -60_000 })
    const read = async (name: string) => linesOf(await createQueryFiles(root, texts).placed(path.join(root, `${name}.ts`)))
    const a = await read('a')
    await read('b')
    expect(await read('a')).toBe(a) // a is now the most recent
    await read('c') // drops b
    expect(texts.size).toBe(2)
    expect(await read('a')).toBe(a)
    expect(await read('big')).toEqual(['x'.repeat(100)])
    expect(texts.size).toBe(2)
  })
})
