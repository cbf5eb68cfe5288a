import { execFileSync } from 'node:child_process'
import { mkdtempSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { SourceFiles } from './source-files.js'

/** Write `text` over `file` in place (same inode), then put its mtime back to the nanosecond. */
function rewriteKeepingMtime(file: string, text: string): void {
  const { mtimeNs, ino } = statSync(file, { bigint: true })
  writeFileSync(file, text)
  execFileSync('touch', ['-m', '-d', `@${mtimeNs / 1_000_000_000n}.${String(mtimeNs % 1_000_000_000n).padStart(9, '0')}`, file])
  const after = statSync(file, { bigint: true })
  if (after.mtimeNs !== mtimeNs || after.ino !== ino) throw new Error('not rewritten as asked')
}

describe('SourceFiles', () => {
  it('sees a file rewritten in place with its size and mtime kept (by its ctime) as changed', () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'lsp-sources-')))
    onTestFinished(() => rmSync(root, { recursive: true, force: true }))
    writeFileSync(join(root, 'a.c'), 'int a(void);\n')
    writeFileSync(join(root, 'b.c'), 'int b(void);\n')
    const sources = new SourceFiles(root, new Set(['.c']))
    expect(sources.scan().changed).toEqual([])
    rewriteKeepingMtime(join(root, 'a.c'), 'int z(void);\n')
    const scan = sources.scan()
    expect(scan.changed).toEqual([join(root, 'a.c')])
    sources.accept(scan, scan.changed)
    expect(sources.scan().changed).toEqual([])
  })
})
