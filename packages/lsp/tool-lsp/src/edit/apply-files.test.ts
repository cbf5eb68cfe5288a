import { execFileSync } from 'node:child_process'
import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { applyAtomically, nodeFileSystem, type EditFileSystem } from './apply-files.js'
import { hashText, type FileChange } from './edit-plan.js'
import { failure, tempWorkspace } from '../workspace.test-support.js'

function change(root: string, name: string, before: string | null, after: string | null): FileChange {
  return { path: path.join(root, name), displayPath: name, before, after, baseHash: before === null ? null : hashText(before) }
}

/** The real file system, except that `fail(operation, path)` makes one call reject with EIO. */
function failing(fail: (operation: string, file: string) => boolean): EditFileSystem {
  const guard =
    <A extends unknown[]>(operation: string, run: (file: string, ...rest: A) => Promise<unknown>) =>
    async (file: string, ...rest: A): Promise<never> => {
      if (fail(operation, file)) throw Object.assign(new Error(`EIO: ${operation}`), { code: 'EIO', path: file })
      return (await run(file, ...rest)) as never
    }
  return {
    ...nodeFileSystem,
    writeFile: guard('writeFile', nodeFileSystem.writeFile),
    rename: guard('rename', (from: string, to: string) => nodeFileSystem.rename(from, to)),
    unlink: guard('unlink', nodeFileSystem.unlink),
  }
}

async function snapshot(root: string): Promise<Record<string, string>> {
  const names = (await readdir(root)).sort()
  return Object.fromEntries(await Promise.all(names.map(async (name) => [name, await readFile(path.join(root, name), 'utf8')] as const)))
}

describe('applyAtomically', () => {
  it('writes every file, creates and deletes, and leaves no temporary file', async () => {
    const root = await tempWorkspace({ 'a.ts': 'a1\n', 'b.ts': 'b1\n', 'gone.ts': 'x\n' })
    await applyAtomically([change(root, 'a.ts', 'a1\n', 'a2\n'), change(root, 'b.ts', 'b1\n', 'b2\n'), change(root, 'gone.ts', 'x\n', null), change(root, 'new.ts', null, 'n\n')])
    expect(await snapshot(root)).toEqual({ 'a.ts': 'a2\n', 'b.ts': 'b2\n', 'new.ts': 'n\n' })
  })

  it('restores the files already replaced when a later replacement fails', async () => {
    const root = await tempWorkspace({ 'a.ts': 'a1\n', 'b.ts': 'b1\n', 'c.ts': 'c1\n' })
    const files = [change(root, 'a.ts', 'a1\n', 'a2\n'), change(root, 'b.ts', 'b1\n', 'b2\n'), change(root, 'c.ts', 'c1\n', 'c2\n'), change(root, 'd.ts', null, 'd\n')]
    // a.ts is replaced, then b.ts fails: a.ts goes back, c.ts and d.ts are never touched.
    const fileSystem = failing((operation, file) => operation === 'rename' && file.includes('.b.ts.agent-lsp-'))
    expect(await failure(applyAtomically(files, fileSystem))).toEqual({
      code: 'LSP_EDIT_FAILED',
      message: `writing ${path.join(root, 'b.ts')} failed (EIO); every file was restored to its content before the edit`,
    })
    expect(await snapshot(root)).toEqual({ 'a.ts': 'a1\n', 'b.ts': 'b1\n', 'c.ts': 'c1\n' })
  })

  it('changes nothing when a temporary file cannot be written', async () => {
    const root = await tempWorkspace({ 'a.ts': 'a1\n', 'b.ts': 'b1\n' })
    const fileSystem = failing((operation, file) => operation === 'writeFile' && file.includes('.b.ts.agent-lsp-'))
    expect(await failure(applyAtomically([change(root, 'a.ts', 'a1\n', 'a2\n'), change(root, 'b.ts', 'b1\n', 'b2\n')], fileSystem))).toEqual({
      code: 'LSP_EDIT_FAILED',
      message: `could not write ${path.join(root, 'b.ts')} failed (EIO); no file was changed`,
    })
    expect(await snapshot(root)).toEqual({ 'a.ts': 'a1\n', 'b.ts': 'b1\n' })
  })

  it('names a file it could not restore', async () => {
    const root = await tempWorkspace({ 'a.ts': 'a1\n', 'b.ts': 'b1\n' })
    // b.ts fails, and so does the restoring rename of a.ts.
    const fileSystem = failing((operation, file) => operation === 'rename' && (file.includes('.b.ts.agent-lsp-') || file.includes('a.ts.agent-lsp-restore-')))
    const { code, message } = await failure(applyAtomically([change(root, 'a.ts', 'a1\n', 'a2\n'), change(root, 'b.ts', 'b1\n', 'b2\n')], fileSystem))
    expect([code, message]).toEqual(['LSP_EDIT_FAILED', `writing ${path.join(root, 'b.ts')} failed (EIO); these files could not be restored: a.ts`])
  })

  it('refuses with LSP_EDIT_CONFLICT when a file changed after the plan, and writes nothing', async () => {
    const root = await tempWorkspace({ 'a.ts': 'a1\n', 'b.ts': 'b1\n' })
    const files = [change(root, 'a.ts', 'a1\n', 'a2\n'), change(root, 'b.ts', 'b1\n', 'b2\n')]
    await writeFile(path.join(root, 'b.ts'), 'someone else\n')
    expect(await failure(applyAtomically(files))).toEqual({
      code: 'LSP_EDIT_CONFLICT',
      message: 'b.ts changed on disk since the edit was computed; no file was changed. Preview the edit again',
    })
    expect(await snapshot(root)).toEqual({ 'a.ts': 'a1\n', 'b.ts': 'someone else\n' })
  })

  it('refuses with LSP_EDIT_CONFLICT, at once, when a file was replaced by a FIFO after the plan (reading it would wait for a writer)', async () => {
    const root = await tempWorkspace({ 'a.ts': 'a1\n', 'b.ts': 'b1\n' })
    const files = [change(root, 'a.ts', 'a1\n', 'a2\n'), change(root, 'b.ts', 'b1\n', 'b2\n')]
    await rm(path.join(root, 'b.ts'))
    execFileSync('mkfifo', [path.join(root, 'b.ts')])
    expect(await failure(applyAtomically(files))).toEqual({
      code: 'LSP_EDIT_CONFLICT',
      message: 'b.ts changed on disk since the edit was computed; no file was changed. Preview the edit again',
    })
    expect(await readFile(path.join(root, 'a.ts'), 'utf8')).toBe('a1\n')
  })

  it('refuses with LSP_EDIT_CONFLICT when a file that held U+FFFD holds a Latin-1 byte now: decoded, both read the same', async () => {
    const root = await tempWorkspace({ 'a.ts': 'a1\n', 'b.ts': '// caf\ufffd\n' })
    const files = [change(root, 'a.ts', 'a1\n', 'a2\n'), change(root, 'b.ts', '// caf\ufffd\n', '// cafe\n')]
    await writeFile(path.join(root, 'b.ts'), Buffer.from('// caf\xe9\n', 'latin1'))
    expect(await failure(applyAtomically(files))).toEqual({
      code: 'LSP_EDIT_CONFLICT',
      message: 'b.ts changed on disk since the edit was computed; no file was changed. Preview the edit again',
    })
    expect(await readFile(path.join(root, 'a.ts'), 'utf8')).toBe('a1\n')
    expect(await readFile(path.join(root, 'b.ts'))).toEqual(Buffer.from('// caf\xe9\n', 'latin1'))
  })
})
