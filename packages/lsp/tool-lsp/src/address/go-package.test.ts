import { execFileSync } from 'node:child_process'
import { mkdtempSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { goPackageOf } from './go-package.js'

describe('goPackageOf', () => {
  it('reads the clause again when the file was rewritten in place with its size and mtime kept', () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'tool-go-package-')))
    onTestFinished(() => rmSync(root, { recursive: true, force: true }))
    const file = join(root, 'x.go')
    writeFileSync(file, '// Package isatty.\npackage isatty\n')
    expect(goPackageOf(file)).toBe('isatty')
    const { mtimeNs } = statSync(file, { bigint: true })
    writeFileSync(file, '// Package isatty.\npackage isattx\n') // the same size, the same inode
    execFileSync('touch', ['-m', '-d', `@${mtimeNs / 1_000_000_000n}.${String(mtimeNs % 1_000_000_000n).padStart(9, '0')}`, file])
    expect(statSync(file, { bigint: true }).mtimeNs).toBe(mtimeNs)
    expect(goPackageOf(file)).toBe('isattx')
  })
})
