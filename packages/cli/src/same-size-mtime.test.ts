// A file replaced by another text of the same size with its mtime put back (`rsync -t`, `tar x`,
// `cp -p`, `sed -i` then `touch -d`): what the host keeps of a file as "unchanged" is told by its
// inode and ctime too, and a server that tells changes by size and mtime alone is given the text.
// Real servers through ctx.lsp; exact seam values, shown 1-based by `seam.show`.
import { execFileSync } from 'node:child_process'
import { renameSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { seamOn, type Seam } from './seam.test-support.js'

/** Write `text` (as long as the file's) to `relative`, as a new inode (`newInode`) or in place, then put its mtime back to the nanosecond. */
function replaceKeepingMtime(seam: Seam, relative: string, text: string, newInode: boolean): void {
  const file = path.join(seam.root, relative)
  const before = statSync(file, { bigint: true })
  if (BigInt(Buffer.byteLength(text)) !== before.size) throw new Error('not the same size')
  if (newInode) {
    writeFileSync(`${file}.new`, text)
    renameSync(`${file}.new`, file)
  } else writeFileSync(file, text)
  const mtime = `@${before.mtimeNs / 1_000_000_000n}.${String(before.mtimeNs % 1_000_000_000n).padStart(9, '0')}`
  execFileSync('touch', ['-m', '-d', mtime, file])
  const after = statSync(file, { bigint: true })
  if (after.mtimeNs !== before.mtimeNs || after.size !== before.size || (after.ino !== before.ino) !== newInode) throw new Error('not replaced as asked')
}

/** What `go vet ./...` prints in `cwd`, empty when it passes. */
function goVet(cwd: string): string {
  try {
    execFileSync('go', ['vet', './...'], { cwd, encoding: 'utf8', stdio: 'pipe', env: { ...process.env, GOFLAGS: '', GOPROXY: 'off' } })
    return ''
  } catch (error) {
    return String((error as { stderr?: string }).stderr ?? '')
  }
}

describe('gopls: a dependency replaced with its size and mtime kept', () => {
  // The sixteenth trial: gopls 0.11 keeps an unopened file's text while its size and mtime stay,
  // whatever didChangeWatchedFiles says: main.go had "No diagnostics" while go vet failed, and
  // goToDefinition of csv.NewWriter landed on the renamed NewWritex.
  const lib = (name: string) => `package lib\n\nfunc ${name}() int { return 1 }\n`
  const main = 'package main\n\nimport "example.com/m/lib"\n\nvar A = lib.NewWriter()\n\nfunc main() {}\n'
  const files = { 'go.mod': 'module example.com/m\n\ngo 1.19\n', 'lib/lib.go': lib('NewWriter'), 'main.go': main }
  const clean = { shown: [], completeness: { state: 'complete' } }
  const broken = { shown: ['5:13 Error UndeclaredImportedName NewWriter not declared by package lib'], completeness: { state: 'complete' } }
  const diagnosticsOf = async (seam: Seam) => {
    const result = await seam.ask({ operation: 'diagnostics', filePath: 'main.go' })
    return { shown: seam.show(result), completeness: result.completeness }
  }

  for (const newInode of [true, false]) {
    it(newInode ? 'as a new inode (sed -i, rsync -t, tar x)' : 'in place (cp -p over it, rsync --inplace)', async () => {
      const seam = await seamOn(files)
      expect(await diagnosticsOf(seam)).toEqual(clean)
      expect(seam.show(await seam.ask({ operation: 'goToDefinition', filePath: 'main.go', position: { line: 4, character: 13 } }))).toEqual(['lib/lib.go:3:6'])
      replaceKeepingMtime(seam, 'lib/lib.go', lib('NewWritex'), newInode)
      expect(goVet(seam.root)).toContain('main.go:5:13: NewWriter not declared by package lib')
      expect(await diagnosticsOf(seam)).toEqual(broken)
      expect(await diagnosticsOf(seam)).toEqual(broken)
      // Written back with a new mtime: gopls reads it again by itself, and the file is no longer held.
      writeFileSync(path.join(seam.root, 'lib/lib.go'), lib('NewWriter'))
      expect(await diagnosticsOf(seam)).toEqual(clean)
      expect(seam.show(await seam.ask({ operation: 'goToDefinition', filePath: 'main.go', position: { line: 4, character: 13 } }))).toEqual(['lib/lib.go:3:6'])
    })
  }
})
