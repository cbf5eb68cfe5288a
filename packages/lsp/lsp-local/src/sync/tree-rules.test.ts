import { mkdtempSync, realpathSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { eventsTellAll } from './tree-rules.js'

describe('eventsTellAll', () => {
  it('trusts the events of a local file system, not of a path statfs cannot name', () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'agent-lsp-statfs-')))
    onTestFinished(() => rmSync(root, { recursive: true, force: true }))
    // ext4 or tmpfs here; a remote or FUSE mount is not on this machine to test against.
    expect([eventsTellAll(root), eventsTellAll(join(root, 'gone'))]).toEqual([true, false])
  })
})
