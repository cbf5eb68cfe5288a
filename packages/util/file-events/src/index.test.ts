import { mkdtempSync, realpathSync, rmSync, watch, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { acquireBarrier } from './index.js'

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

describe('acquireBarrier', () => {
  it('passes only once the events of every write done before it have been delivered', async () => {
    const folder = realpathSync(mkdtempSync(join(tmpdir(), 'agent-lsp-barrier-')))
    folders.push(folder)
    const seen: string[] = []
    const watcher = watch(folder, (_, name) => seen.push(String(name)))
    const barrier = acquireBarrier()!
    try {
      for (let round = 0; round < 20; round++) {
        writeFileSync(join(folder, `f${round}.ts`), 'x')
        expect(await barrier.pass()).toBe(true)
        expect(seen).toContain(`f${round}.ts`)
      }
    } finally {
      watcher.close()
      barrier.release()
    }
  })

  it('answers false, not a hang, once released', async () => {
    const barrier = acquireBarrier()!
    barrier.release()
    barrier.release() // a second release is a no-op
    const other = acquireBarrier()!
    expect(await other.pass()).toBe(true)
    other.release()
  })
})
