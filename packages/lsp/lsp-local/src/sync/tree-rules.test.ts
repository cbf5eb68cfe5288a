import { lstatSync, mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { eventsTellAll, identityOf } from './tree-rules.js'

describe('eventsTellAll', () => {
  it('trusts the events of a local file system, not of a path statfs cannot name', () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'agent-lsp-statfs-')))
    onTestFinished(() => rmSync(root, { recursive: true, force: true }))
    // ext4 or tmpfs here; a remote or FUSE mount is not on this machine to test against.
    expect([eventsTellAll(root), eventsTellAll(join(root, 'gone'))]).toEqual([true, false])
  })
})

describe('identityOf', () => {
  it('tells a folder deleted and made again from the one before, its inode number reused or not', () => {
    // The seventh trial: the workspace deleted and made again (ext4 gave it the same inode number)
    // was taken for the folder it replaced, whose watch was gone: no later change was seen.
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'agent-lsp-identity-')))
    onTestFinished(() => rmSync(root, { recursive: true, force: true }))
    const folder = join(root, 'w')
    mkdirSync(folder)
    const [before, inode] = [identityOf(folder), lstatSync(folder).ino]
    rmSync(folder, { recursive: true })
    expect(identityOf(folder)).toBeUndefined()
    mkdirSync(folder)
    expect([identityOf(folder) === before, identityOf(folder) === identityOf(folder), typeof inode]).toEqual([false, true, 'number'])
  })
})
